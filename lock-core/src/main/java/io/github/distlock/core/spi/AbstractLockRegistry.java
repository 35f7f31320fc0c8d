package io.github.distlock.core.spi;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockIntrospection;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockWaiter;

/**
 * A {@link LockRegistry} and {@link LockIntrospection} that hands every call to a
 * {@link LockEngine}. A backend's public registry extends it, makes the engine over its
 * {@link LockBackend}, and adds what is its own (its client, its options, closing).
 */
public abstract class AbstractLockRegistry implements LockRegistry, LockIntrospection {

	private final LockEngine engine;

	/**
	 * @param engine the engine over the backend
	 */
	protected AbstractLockRegistry(LockEngine engine) {
		this.engine = Objects.requireNonNull(engine, "engine");
	}

	@Override
	public LockHandle acquire(LockRequest request) {
		return this.engine.acquire(request);
	}

	@Override
	public Set<LockType> supportedTypes() {
		return this.engine.supportedTypes();
	}

	/**
	 * The locks this process holds now.
	 * @return a snapshot of the held locks
	 */
	@Override
	public List<LockHandle> heldLocks() {
		return this.engine.heldLocks();
	}

	/**
	 * The threads of this process waiting for a lock now.
	 * @return a snapshot of the waiters
	 */
	@Override
	public List<LockWaiter> waiters() {
		return this.engine.waiters();
	}

	@Override
	public boolean supportsRevocation(LockType type) {
		return this.engine.supportsRevocation(type);
	}

	@Override
	public boolean requestRevocation(String key, LockType type) {
		return this.engine.requestRevocation(key, type);
	}

	@Override
	public String pathOf(String key) {
		return this.engine.pathOf(key);
	}

	@Override
	public Collection<String> participants(String key, LockType type) {
		return this.engine.participants(key, type);
	}

	@Override
	public Optional<String> ownerOf(String key, LockType type) {
		return this.engine.ownerOf(key, type);
	}

	/**
	 * The engine behind this registry.
	 * @return the engine
	 */
	protected final LockEngine engine() {
		return this.engine;
	}

}
