/*
 * SPDX-License-Identifier: Apache-2.0
 * Copyright 2026 the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.distlock.core.spi;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AsyncLockHandle;
import io.github.distlock.core.AsyncLockRegistry;
import io.github.distlock.core.CachedLock;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockIntrospection;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockWaiter;
import io.github.distlock.core.engine.LockEngine;

/**
 * A {@link LockRegistry} and {@link LockIntrospection} that hands every call to a
 * {@link LockEngine}. A backend's public registry extends it, makes the engine over its
 * {@link LockBackend}, and adds what is its own (its client, its options, closing).
 *
 * @since 0.1.0
 * @deprecated since 0.1.0: the engine is the registry; use {@link LockEngine} over the
 * backend, and close the engine, then the backend
 */
@Deprecated(since = "0.1.0")
public abstract class AbstractLockRegistry implements LockRegistry, AsyncLockRegistry, LockIntrospection {

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

	@Override
	public Set<LockType> asyncTypes() {
		return this.engine.asyncTypes();
	}

	@Override
	public CompletableFuture<AsyncLockHandle> acquireAsync(LockRequest request) {
		return this.engine.acquireAsync(request);
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
	public List<CachedLock> cachedLocks() {
		return this.engine.cachedLocks();
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
