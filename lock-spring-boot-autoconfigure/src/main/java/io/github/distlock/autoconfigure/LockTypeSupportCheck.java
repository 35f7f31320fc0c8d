package io.github.distlock.autoconfigure;

import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.spi.LockEngine;
import io.github.distlock.interceptor.LockOperationSource;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Fails start-up when a {@code @DistributedLock} method of a bean uses a lock type that the lock
 * backend does not support, naming the method, the type and the backend.
 */
final class LockTypeSupportCheck implements SmartInitializingSingleton {

	private final LockOperationSource operations;

	private final LockRegistry registry;

	LockTypeSupportCheck(LockOperationSource operations, LockRegistry registry) {
		this.operations = operations;
		this.registry = registry;
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.operations.checkSupported(this.registry.supportedTypes(), this.registry::supportsRevocation,
				backendName());
	}

	/** The backend's name, under the engine; the registry's when it is the application's own. */
	private String backendName() {
		Object backend = (this.registry instanceof LockEngine engine) ? engine.backend() : this.registry;
		return backend.getClass().getSimpleName();
	}

}
