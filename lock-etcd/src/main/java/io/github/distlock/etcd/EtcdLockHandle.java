package io.github.distlock.etcd;

import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLockHandle;

/**
 * A lock held through a contender key in etcd. Its state follows the lease the key is bound to.
 */
final class EtcdLockHandle extends BackendLockHandle {

	private final EtcdLockRegistry registry;

	private final Hold hold;

	EtcdLockHandle(EtcdLockRegistry registry, LockRequest request, String path, Hold hold, LockState state) {
		super(request, path, state);
		this.registry = registry;
		this.hold = hold;
	}

	@Override
	public long fencingToken() {
		return this.hold.fencingToken();
	}

	Hold hold() {
		return this.hold;
	}

	@Override
	protected void release() {
		this.registry.release(this);
	}

}
