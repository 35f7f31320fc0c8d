package io.github.distlock.etcd;

import java.util.concurrent.ConcurrentHashMap;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.spi.LocalLockQueue;

/**
 * The local queues of one registry: one per lock path and kind, where the threads of this JVM
 * wait their turn before one of them puts a contender key in etcd. Reference-counted, so that a
 * queue a thread holds or awaits is kept and an idle one is dropped.
 */
final class LocalQueues {

	private final ConcurrentHashMap<String, Entry> queues = new ConcurrentHashMap<>();

	/**
	 * Takes a use of the queue of a lock path and kind, made if there is none.
	 */
	Use retain(String path, LockType type) {
		String name = Contenders.queue(path, type);
		Entry entry = this.queues.compute(name, (key, existing) -> {
			Entry used = (existing != null) ? existing : new Entry(LocalLockQueue.of(type));
			used.uses++;
			return used;
		});
		return new Use(name, entry.queue, type);
	}

	/**
	 * Gives a use back; the queue is dropped with its last use.
	 */
	void release(Use use) {
		this.queues.computeIfPresent(use.name(), (key, entry) -> (--entry.uses == 0) ? null : entry);
	}

	/** How many queues are kept now. */
	int size() {
		return this.queues.size();
	}

	/**
	 * One use of a local queue, by a thread for a lock type.
	 */
	record Use(String name, LocalLockQueue queue, LockType type) {
	}

	/** A queue and its uses, changed only inside the map's atomic updates. */
	private static final class Entry {

		private final LocalLockQueue queue;

		private int uses;

		Entry(LocalLockQueue queue) {
			this.queue = queue;
		}

	}

}
