package io.github.distlock.etcd;

import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;

/**
 * A contender key whose turn came, held by a thread, with how many handles of that thread
 * (the first and its re-entries) still hold it.
 */
final class Hold {

	private final Contenders.Contender contender;

	private final EtcdSession.Lease lease;

	private final long fencingToken;

	private final LocalQueues.@Nullable Use localTurn;

	private final AtomicInteger handles = new AtomicInteger(1);

	/**
	 * @param localTurn this JVM's turn in the local queue that the holder waited in first, to be
	 * given back with the key, or {@code null} if it waited in none
	 */
	Hold(Contenders.Contender contender, EtcdSession.Lease lease, long fencingToken,
			LocalQueues.@Nullable Use localTurn) {
		this.contender = contender;
		this.lease = lease;
		this.fencingToken = fencingToken;
		this.localTurn = localTurn;
	}

	Contenders.Contender contender() {
		return this.contender;
	}

	EtcdSession.Lease lease() {
		return this.lease;
	}

	long fencingToken() {
		return this.fencingToken;
	}

	LocalQueues.@Nullable Use localTurn() {
		return this.localTurn;
	}

	void reenter() {
		this.handles.incrementAndGet();
	}

	/**
	 * @return whether that was the last handle, so the key is to be deleted
	 */
	boolean leave() {
		return this.handles.decrementAndGet() == 0;
	}

}
