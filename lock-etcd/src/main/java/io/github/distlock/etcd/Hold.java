package io.github.distlock.etcd;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A contender key whose turn came, held by a thread, with how many handles of that thread
 * (the first and its re-entries) still hold it.
 */
final class Hold {

	private final Contenders.Contender contender;

	private final EtcdSession.Lease lease;

	private final long fencingToken;

	private final AtomicInteger handles = new AtomicInteger(1);

	Hold(Contenders.Contender contender, EtcdSession.Lease lease, long fencingToken) {
		this.contender = contender;
		this.lease = lease;
		this.fencingToken = fencingToken;
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
