package io.github.distlock.core;

import java.util.Deque;

import io.github.distlock.annotation.LockType;

/**
 * A {@link LockHandle} that is visible through {@link LockContext} from its acquisition to its
 * release.
 */
final class ContextBoundLockHandle implements LockHandle {

	private final LockHandle delegate;

	private final Deque<AcquiredLock> context;

	ContextBoundLockHandle(LockHandle delegate) {
		this.delegate = delegate;
		this.context = LockContext.push(this);
	}

	@Override
	public String key() {
		return this.delegate.key();
	}

	@Override
	public String path() {
		return this.delegate.path();
	}

	@Override
	public LockType type() {
		return this.delegate.type();
	}

	@Override
	public long fencingToken() {
		return this.delegate.fencingToken();
	}

	@Override
	public boolean isHeld() {
		return this.delegate.isHeld();
	}

	@Override
	public LockState state() {
		return this.delegate.state();
	}

	@Override
	public void close() {
		this.delegate.close();
		this.context.removeLastOccurrence(this);
	}

	@Override
	public String toString() {
		return this.delegate.toString();
	}

}
