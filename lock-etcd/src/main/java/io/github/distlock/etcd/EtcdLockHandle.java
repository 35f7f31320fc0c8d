package io.github.distlock.etcd;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import org.jspecify.annotations.Nullable;

/**
 * A lock held through a contender key in etcd. Its state follows the lease the key is bound to.
 */
final class EtcdLockHandle implements LockHandle {

	private final EtcdLockRegistry registry;

	private final LockRequest request;

	private final String path;

	private final Hold hold;

	private final Thread owner = Thread.currentThread();

	private final Instant acquiredAt = Instant.now();

	/** Orders a release and an interrupt for a loss, so a thread that moved on is left alone. */
	private final Object releaseGuard = new Object();

	private final AtomicReference<LockState> state;

	EtcdLockHandle(EtcdLockRegistry registry, LockRequest request, String path, Hold hold, LockState state) {
		this.registry = registry;
		this.request = request;
		this.path = path;
		this.hold = hold;
		this.state = new AtomicReference<>(state);
	}

	@Override
	public String key() {
		return this.request.key();
	}

	@Override
	public String name() {
		return this.request.name();
	}

	@Override
	public String path() {
		return this.path;
	}

	@Override
	public LockType type() {
		return this.request.type();
	}

	@Override
	public long fencingToken() {
		return this.hold.fencingToken();
	}

	@Override
	public boolean isHeld() {
		return this.state.get() == LockState.HELD;
	}

	@Override
	public LockState state() {
		return this.state.get();
	}

	@Override
	public Instant acquiredAt() {
		return this.acquiredAt;
	}

	@Override
	public String holderThread() {
		return this.owner.getName();
	}

	Thread owner() {
		return this.owner;
	}

	Hold hold() {
		return this.hold;
	}

	/**
	 * Moves to a new state unless the lock is already released or lost.
	 * @return the state before, or {@code null} if the state did not change
	 */
	@Nullable LockState transition(LockState next) {
		LockState current = this.state.get();
		while (current != LockState.RELEASED && current != LockState.LOST && current != next) {
			if (this.state.compareAndSet(current, next)) {
				return current;
			}
			current = this.state.get();
		}
		return null;
	}

	@Override
	public void close() {
		if (type() != LockType.SEMAPHORE_MUTEX && Thread.currentThread() != this.owner) {
			throw new IllegalMonitorStateException("Lock '" + key() + "' (" + this.path + ") is held by thread '"
					+ this.owner.getName() + "' and only that thread can release it; "
					+ "use LockType.SEMAPHORE_MUTEX for a lock released by another thread");
		}
		LockState previous;
		synchronized (this.releaseGuard) {
			previous = this.state.getAndSet(LockState.RELEASED);
		}
		if (previous != LockState.RELEASED) {
			this.registry.release(this);
		}
	}

	/**
	 * Interrupts the holder's thread for a loss, unless the lock was released already.
	 */
	void interruptHolderUnlessReleased() {
		synchronized (this.releaseGuard) {
			if (this.state.get() != LockState.RELEASED) {
				this.owner.interrupt();
			}
		}
	}

	@Override
	public String toString() {
		return "Lock[key=" + key() + ", path=" + this.path + ", type=" + type() + ", token=" + fencingToken()
				+ ", state=" + this.state.get() + "]";
	}

}
