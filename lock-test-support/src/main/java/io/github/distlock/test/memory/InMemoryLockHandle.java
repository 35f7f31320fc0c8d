package io.github.distlock.test.memory;

import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLockHandle;

/**
 * A lock held through an {@link InMemoryLockRegistry}.
 */
final class InMemoryLockHandle extends BackendLockHandle {

	private final InMemoryLockRegistry registry;

	private final InMemoryLockRegistry.Hold hold;

	InMemoryLockHandle(InMemoryLockRegistry registry, LockRequest request, String path, InMemoryLockRegistry.Hold hold,
			LockState state) {
		super(request, path, state);
		this.registry = registry;
		this.hold = hold;
	}

	@Override
	public long fencingToken() {
		return this.hold.fencingToken();
	}

	InMemoryLockRegistry.Hold hold() {
		return this.hold;
	}

	@Override
	protected void release() {
		this.registry.release(this);
	}

}
