/*
 * SPDX-License-Identifier: Apache-2.0
 * Copyright 2026 the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.distlock.core.memory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.spi.FencingTokens;
import org.jspecify.annotations.Nullable;

/**
 * The "server" of the in-memory lock backend: the contenders of every lock of the clients
 * ({@link InMemoryLockBackend} instances) that share it, and one fencing counter for all of
 * them. Create one per test (or application) and a client per simulated process:
 * <pre class="code">
 * InMemoryLockService service = new InMemoryLockService();
 * try (InMemoryLockBackend first = new InMemoryLockBackend(service);
 *         InMemoryLockBackend second = new InMemoryLockBackend(service)) {
 *     ...
 * }
 * </pre>
 * Like ZooKeeper's lock recipes, each key has three independent locks: one for
 * {@link LockType#MUTEX}, one for {@link LockType#SEMAPHORE_MUTEX}, one shared by
 * {@link LockType#READ} and {@link LockType#WRITE}, and one for {@link LockType#SEMAPHORE}. Each is a queue of contenders in arrival
 * order (first come, first served): an exclusive contender holds the lock when it is first in
 * the queue, a reader when no writer is ahead of it. A contender is granted the next fencing
 * token when it gets the lock, so every later holder of any key has a greater token.
 * <p>
 * The state sits behind one {@link ReentrantLock}; each waiting contender waits on a condition
 * of its own, and is woken only when it is granted the lock or removed. Not designed for
 * extension: it is not final only for the deprecated
 * {@code io.github.distlock.test.memory.InMemoryLockService}.
 *
 * @since 0.1.0
 */
public class InMemoryLockService {

	private final ReentrantLock lock = new ReentrantLock();

	/** The contenders of each lock in arrival order (holders first); no empty queue is kept. */
	private final Map<QueueKey, List<LockEntry>> queues = new HashMap<>();

	private final Set<Long> liveSessions = new HashSet<>();

	/** What to tell when a contender queues for a lock: the watches of its holders' caches. */
	private final Map<QueueKey, List<QueueWatch>> watches = new HashMap<>();

	private long lastSession;

	private long lastEntry;

	private long grants;

	private long lastToken;

	/**
	 * Opens a session for a client.
	 * @return the session id
	 */
	long openSession() {
		this.lock.lock();
		try {
			long session = ++this.lastSession;
			this.liveSessions.add(session);
			return session;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Queues a contender at the end of its lock's queue; it holds the lock at once if nothing
	 * is ahead of it that excludes it.
	 * @param key the lock key
	 * @param type the lock type
	 * @param permits how many holders a {@code SEMAPHORE} has at most (1 for every other type)
	 * @param session the client's session
	 * @param owner the request's owner, or {@code null}
	 * @return the entry, waiting or granted
	 * @throws IllegalStateException if the session is not open
	 */
	LockEntry enqueue(String key, LockType type, int permits, long session, @Nullable String owner) {
		List<QueueWatch> told;
		LockEntry entry;
		this.lock.lock();
		try {
			if (!this.liveSessions.contains(session)) {
				throw new IllegalStateException("Session " + session + " is not open");
			}
			QueueKey queueKey = new QueueKey(key, LockKind.of(type));
			entry = new LockEntry(++this.lastEntry, queueKey, type, permits, session, owner, this.lock.newCondition());
			List<LockEntry> queue = this.queues.computeIfAbsent(queueKey, (k) -> new ArrayList<>());
			queue.add(entry);
			grantEligible(queue);
			told = this.watches.remove(queueKey);
		}
		finally {
			this.lock.unlock();
		}
		if (told != null) {
			told.forEach((watch) -> watch.onOther().run());
		}
		return entry;
	}

	/**
	 * Watches the queue of an entry for another contender, once: told at once if one is queued
	 * already, else in the thread of the next one to queue, after the service's lock.
	 * @param entry a queued entry
	 * @param onOther what to run
	 * @return what ends the watch
	 */
	Runnable watchQueue(LockEntry entry, Runnable onOther) {
		QueueWatch watch = new QueueWatch(onOther);
		boolean othersQueued;
		this.lock.lock();
		try {
			List<LockEntry> queue = this.queues.get(entry.queue());
			othersQueued = queue == null || queue.size() > 1 || !queue.contains(entry);
			if (!othersQueued) {
				this.watches.computeIfAbsent(entry.queue(), (k) -> new ArrayList<>()).add(watch);
			}
		}
		finally {
			this.lock.unlock();
		}
		if (othersQueued) {
			onOther.run();
		}
		return () -> {
			this.lock.lock();
			try {
				List<QueueWatch> list = this.watches.get(entry.queue());
				if (list != null && list.remove(watch) && list.isEmpty()) {
					this.watches.remove(entry.queue());
				}
			}
			finally {
				this.lock.unlock();
			}
		};
	}

	/**
	 * Waits until the entry holds its lock, or the deadline passes (the entry is then removed),
	 * or the service removes it.
	 * @param entry a queued entry
	 * @param deadline the {@link System#nanoTime()} to give up at
	 * @return {@link LockEntry.State#GRANTED}, {@link LockEntry.State#GONE} if the deadline
	 * passed, {@link LockEntry.State#LOST} or {@link LockEntry.State#ENDED} if the service removed it
	 * @throws InterruptedException if the thread was interrupted: the entry is removed, even if it
	 * was granted meanwhile
	 */
	LockEntry.State awaitGrant(LockEntry entry, long deadline) throws InterruptedException {
		this.lock.lock();
		try {
			while (entry.state() == LockEntry.State.WAITING) {
				long remaining = deadline - System.nanoTime();
				if (remaining <= 0) {
					remove(entry, LockEntry.State.GONE);
					return LockEntry.State.GONE;
				}
				try {
					entry.changed().awaitNanos(remaining);
				}
				catch (InterruptedException ex) {
					if (entry.state() == LockEntry.State.WAITING || entry.state() == LockEntry.State.GRANTED) {
						remove(entry, LockEntry.State.GONE);
					}
					throw ex;
				}
			}
			return entry.state();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * The end of an entry's wait, with no thread waiting.
	 * @param entry a queued entry
	 * @return completed, under the service's lock, with the entry's state once it is granted or
	 * removed
	 */
	CompletableFuture<LockEntry.State> whenSettled(LockEntry entry) {
		this.lock.lock();
		try {
			return entry.settled();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Grants a {@link LockType#READ} lock to the holder of a {@link LockType#WRITE} lock: a new
	 * entry right behind the write entry, with its fencing token, so that it still excludes the
	 * writers queued meanwhile when the write lock is released first.
	 * @param write the granted write entry
	 * @param owner the read request's owner, or {@code null}
	 * @return the read entry, or {@code null} if the write entry no longer holds its lock
	 */
	@Nullable LockEntry enterInside(LockEntry write, @Nullable String owner) {
		this.lock.lock();
		try {
			List<LockEntry> queue = this.queues.get(write.queue());
			if (write.state() != LockEntry.State.GRANTED || queue == null) {
				return null;
			}
			LockEntry read = new LockEntry(++this.lastEntry, write.queue(), LockType.READ, 1, write.session(), owner,
					this.lock.newCondition());
			read.grant(write.token());
			queue.add(queue.indexOf(write) + 1, read);
			return read;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Removes an entry released by its holder; does nothing for an entry already removed.
	 * @param entry the entry
	 */
	void release(LockEntry entry) {
		this.lock.lock();
		try {
			if (entry.state() == LockEntry.State.GRANTED || entry.state() == LockEntry.State.WAITING) {
				remove(entry, LockEntry.State.GONE);
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Expires a session, as ZooKeeper does when a client was cut off too long: its locks are
	 * {@link LockEntry.State#LOST lost} and free for others, and its waiters queue again at the
	 * end of their queues in the replacement session, as a client re-creates its lock nodes.
	 * @param session the expired session
	 * @param replacement the client's new session, {@link #openSession() opened} already
	 */
	void expireSession(long session, long replacement) {
		this.lock.lock();
		try {
			this.liveSessions.remove(session);
			for (Iterator<List<LockEntry>> queues = this.queues.values().iterator(); queues.hasNext();) {
				List<LockEntry> queue = queues.next();
				List<LockEntry> requeued = new ArrayList<>();
				for (Iterator<LockEntry> entries = queue.iterator(); entries.hasNext();) {
					LockEntry entry = entries.next();
					if (entry.session() != session) {
						continue;
					}
					entries.remove();
					if (entry.state() == LockEntry.State.WAITING) {
						entry.moveTo(replacement);
						requeued.add(entry);
					}
					else {
						entry.remove(LockEntry.State.LOST);
					}
				}
				queue.addAll(requeued);
				if (queue.isEmpty()) {
					queues.remove();
				}
				else {
					grantEligible(queue);
				}
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Ends a session whose client closed: its locks are {@link LockEntry.State#LOST lost} and
	 * its waiters {@link LockEntry.State#ENDED removed}.
	 * @param session the session
	 */
	void endSession(long session) {
		this.lock.lock();
		try {
			this.liveSessions.remove(session);
			for (Iterator<List<LockEntry>> queues = this.queues.values().iterator(); queues.hasNext();) {
				List<LockEntry> queue = queues.next();
				for (Iterator<LockEntry> entries = queue.iterator(); entries.hasNext();) {
					LockEntry entry = entries.next();
					if (entry.session() == session) {
						entries.remove();
						entry.remove((entry.state() == LockEntry.State.WAITING) ? LockEntry.State.ENDED
								: LockEntry.State.LOST);
					}
				}
				if (queue.isEmpty()) {
					queues.remove();
				}
				else {
					grantEligible(queue);
				}
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * What the service holds for a key, across its locks of every type: one name per holder
	 * and per waiter. Empty once every lock on the key was released or given up.
	 * @param key the lock key
	 * @return the entries' names
	 */
	public List<String> entriesOf(String key) {
		this.lock.lock();
		try {
			List<String> names = new ArrayList<>();
			for (LockKind kind : LockKind.values()) {
				List<LockEntry> queue = this.queues.get(new QueueKey(key, kind));
				if (queue != null) {
					queue.forEach((entry) -> names.add(entry.name()));
				}
			}
			return names;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * The contenders for a lock, holders first, then waiters in arrival order.
	 * @param key the lock key
	 * @param type the lock type
	 * @return the entries' names
	 */
	List<String> participants(String key, LockType type) {
		this.lock.lock();
		try {
			List<LockEntry> queue = this.queues.getOrDefault(new QueueKey(key, LockKind.of(type)), List.of());
			return queue.stream()
				.sorted(Comparator.comparing((LockEntry entry) -> entry.state() != LockEntry.State.GRANTED))
				.map(LockEntry::name)
				.toList();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * The owner recorded by the first holder of a lock.
	 * @param key the lock key
	 * @param type the lock type
	 * @return the owner, or {@code null} if the lock is free or its holder recorded none
	 */
	@Nullable String ownerOf(String key, LockType type) {
		this.lock.lock();
		try {
			List<LockEntry> queue = this.queues.getOrDefault(new QueueKey(key, LockKind.of(type)), List.of());
			return queue.stream()
				.filter((entry) -> entry.state() == LockEntry.State.GRANTED)
				.findFirst()
				.map(LockEntry::owner)
				.orElse(null);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * The fencing token granted last, for any key.
	 * @return the token, {@code 0} before the first lock
	 */
	public long lastFencingToken() {
		this.lock.lock();
		try {
			return this.lastToken;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Removes an entry from its queue and grants whoever that lets in. Called with the lock
	 * held.
	 */
	private void remove(LockEntry entry, LockEntry.State state) {
		List<LockEntry> queue = this.queues.get(entry.queue());
		if (queue != null && queue.remove(entry)) {
			if (queue.isEmpty()) {
				this.queues.remove(entry.queue());
			}
			else {
				grantEligible(queue);
			}
		}
		entry.remove(state);
	}

	/**
	 * Grants every waiting entry that nothing ahead of it excludes: an exclusive entry (a mutex,
	 * a semaphore mutex or a writer) when it is first and nothing behind it holds the lock, a
	 * reader when no writer is ahead of it, a semaphore's contender when fewer than its permits
	 * are ahead of it. Called with the lock held.
	 */
	private void grantEligible(List<LockEntry> queue) {
		boolean writerAhead = false;
		for (int i = 0; i < queue.size(); i++) {
			LockEntry entry = queue.get(i);
			if (entry.state() == LockEntry.State.WAITING && mayHold(queue, i, writerAhead)) {
				// as ZooKeeper's and etcd's, with room for the tokens of hand-offs between grants
				this.lastToken = FencingTokens.of(++this.grants, 0);
				entry.grant(this.lastToken);
			}
			writerAhead |= entry.type() == LockType.WRITE;
		}
	}

	private static boolean mayHold(List<LockEntry> queue, int index, boolean writerAhead) {
		LockEntry entry = queue.get(index);
		if (entry.type() == LockType.READ) {
			return !writerAhead;
		}
		if (entry.type() == LockType.SEMAPHORE) {
			// the first permits contenders hold it; those ahead of this one are all granted
			return index < entry.permits();
		}
		if (index != 0) {
			return false;
		}
		for (int i = 1; i < queue.size(); i++) {
			if (queue.get(i).state() == LockEntry.State.GRANTED) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Identifies a lock: its key and the kind of lock.
	 */
	record QueueKey(String key, LockKind kind) {

		/** From the kind's ordinal, not its identity hash code: the same order in every JVM. */
		@Override
		public int hashCode() {
			return 31 * this.key.hashCode() + this.kind.ordinal();
		}

	}

	/**
	 * The independent locks of a key: {@code READ} and {@code WRITE} share one.
	 */
	enum LockKind {

		MUTEX, SEMAPHORE_MUTEX, READ_WRITE, SEMAPHORE;

		static LockKind of(LockType type) {
			return switch (type) {
				case MUTEX -> MUTEX;
				case SEMAPHORE_MUTEX -> SEMAPHORE_MUTEX;
				case READ, WRITE -> READ_WRITE;
				case SEMAPHORE -> SEMAPHORE;
			};
		}

	}


	/** A watch of {@link #watchQueue}: its own object, so that closing removes only it. */
	private static final class QueueWatch {

		private final Runnable onOther;

		QueueWatch(Runnable onOther) {
			this.onOther = onOther;
		}

		Runnable onOther() {
			return this.onOther;
		}

	}

}
