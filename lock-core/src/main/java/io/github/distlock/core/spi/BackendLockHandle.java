package io.github.distlock.core.spi;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import org.jspecify.annotations.Nullable;

/**
 * The part of a lock handle that every backend shares: what was requested, by which thread and
 * when, and the state machine {@code HELD ⇄ IN_DOUBT → LOST}, any of them {@code → RELEASED}.
 * {@code LOST} and {@code RELEASED} are final. A backend adds the fencing token and what it
 * needs to release its lock.
 * <p>
 * Only the acquiring thread may release a lock, except a {@link LockType#SEMAPHORE_MUTEX};
 * releasing twice does nothing. An interrupt for a lost lock and the release are ordered, so
 * that a holder that released before the loss was told is not interrupted.
 */
public abstract class BackendLockHandle implements LockHandle {

	private final LockRequest request;

	private final String path;

	private final Thread owner = Thread.currentThread();

	private final Instant acquiredAt = Instant.now();

	/** Orders a release and an interrupt for a loss, so a thread that moved on is left alone. */
	private final Object releaseGuard = new Object();

	private final AtomicReference<LockState> state;

	/**
	 * Creates a handle owned by the current thread.
	 * @param request what was asked for
	 * @param path the lock path
	 * @param state the state it starts in
	 */
	protected BackendLockHandle(LockRequest request, String path, LockState state) {
		this.request = request;
		this.path = path;
		this.state = new AtomicReference<>(state);
	}

	@Override
	public final String key() {
		return this.request.key();
	}

	@Override
	public final String name() {
		return this.request.name();
	}

	@Override
	public final String path() {
		return this.path;
	}

	@Override
	public final LockType type() {
		return this.request.type();
	}

	@Override
	public final boolean isHeld() {
		return this.state.get() == LockState.HELD;
	}

	@Override
	public final LockState state() {
		return this.state.get();
	}

	@Override
	public final Instant acquiredAt() {
		return this.acquiredAt;
	}

	@Override
	public final String holderThread() {
		return this.owner.getName();
	}

	/**
	 * The thread that acquired the lock.
	 * @return the owner
	 */
	public final Thread owner() {
		return this.owner;
	}

	/**
	 * Moves to a new state unless the lock is already released or lost.
	 * @param next the new state
	 * @return the state before, or {@code null} if the state did not change
	 */
	public final @Nullable LockState transition(LockState next) {
		LockState current = this.state.get();
		while (current != LockState.RELEASED && current != LockState.LOST && current != next) {
			if (this.state.compareAndSet(current, next)) {
				return current;
			}
			current = this.state.get();
		}
		return null;
	}

	/**
	 * Releases the lock; a second call does nothing.
	 * @throws IllegalMonitorStateException if called by a thread other than the holder, for any
	 * type but {@link LockType#SEMAPHORE_MUTEX}
	 */
	@Override
	public final void close() {
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
			release();
		}
	}

	/**
	 * Gives the lock back to the backend, once, after the handle became {@code RELEASED}.
	 */
	protected abstract void release();

	/**
	 * Interrupts the holder's thread for a loss, unless the lock was released already: the
	 * thread may have moved on to other work.
	 */
	public final void interruptHolderUnlessReleased() {
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
