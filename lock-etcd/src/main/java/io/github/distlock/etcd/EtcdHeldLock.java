package io.github.distlock.etcd;

import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.FencingTokens;
import org.jspecify.annotations.Nullable;

/**
 * A contender key whose turn came. Its state follows the lease the key is bound to. The key may
 * pass from thread to thread of this process (local hand-off) before it is deleted.
 */
final class EtcdHeldLock implements BackendLock {

	private final EtcdLockBackend backend;

	private final Contenders.Contender contender;

	private final EtcdSession.Lease lease;

	private final int handoffs;

	EtcdHeldLock(EtcdLockBackend backend, Contenders.Contender contender, EtcdSession.Lease lease) {
		this(backend, contender, lease, 0);
	}

	private EtcdHeldLock(EtcdLockBackend backend, Contenders.Contender contender, EtcdSession.Lease lease,
			int handoffs) {
		this.backend = backend;
		this.contender = contender;
		this.lease = lease;
		this.handoffs = handoffs;
	}

	/**
	 * The key's create revision times 1024, plus the number of hand-offs of the key so far.
	 */
	@Override
	public long fencingToken() {
		return FencingTokens.of(this.contender.createRevision(), this.handoffs);
	}

	/**
	 * The same key for the next thread of this process, with the next token.
	 */
	@Override
	public @Nullable BackendLock handOff() {
		return (this.handoffs < FencingTokens.MAX_HANDOFFS)
				? new EtcdHeldLock(this.backend, this.contender, this.lease, this.handoffs + 1) : null;
	}

	@Override
	public String describe() {
		return "key " + this.contender.key();
	}

	@Override
	public LockState state() {
		return switch (this.lease.status()) {
			case ALIVE -> LockState.HELD;
			case IN_DOUBT -> LockState.IN_DOUBT;
			case LOST -> LockState.LOST;
		};
	}

	@Override
	public void release() {
		this.backend.release(this);
	}

	Contenders.Contender contender() {
		return this.contender;
	}

	EtcdSession.Lease lease() {
		return this.lease;
	}

}
