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

package io.github.distlock.juc;

import java.util.Objects;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;

/**
 * Distributed locks as {@link Lock}s: {@code obtain(key)} gives a lock on a key of a
 * {@link LockRegistry}, for code written against {@code java.util.concurrent} (and for Spring
 * Integration's {@code LockRegistry}, through {@link IntegrationLockRegistry}).
 * <pre class="code">
 * Lock lock = locks.obtain("invoice:" + id);
 * lock.lock();
 * try {
 *     …
 * }
 * finally {
 *     lock.unlock();
 * }
 * </pre>
 * What a {@link Lock} cannot say the {@code LockRegistry} says in its exceptions: a lock service
 * that fails or cannot be reached makes {@code lock()}, {@code lockInterruptibly()} and
 * {@code tryLock} throw {@link io.github.distlock.core.LockBackendException} (an unchecked
 * exception the {@code Lock} interface does not name); a lock lost while held is still
 * {@code unlock()}ed, and the holder learns of the loss through the registry's listeners.
 * <p>
 * Built over {@link LockOperations} (as the auto-configured bean is), a locked lock is in
 * {@link LockContext} until it is unlocked: its fencing token is
 * {@code LockContext.current().fencingToken()}, the commit guard rolls back a transaction
 * committed under it when it is no longer held, and the listener (meters, observations) is told
 * of it as of any lock of {@code LockOperations}. Built over a bare {@link LockRegistry}, none of
 * that applies.
 *
 * @since 0.1.0
 */
public class DistributedLocks {

	private final Function<LockRequest, LockHandle> acquirer;

	private final String name;

	private final ThreadHolds holds = new ThreadHolds();

	/**
	 * Locks of a registry, named {@value LockRequest#DEFAULT_NAME} in metrics and logs.
	 * @param registry the registry
	 */
	public DistributedLocks(LockRegistry registry) {
		this(registry, LockRequest.DEFAULT_NAME);
	}

	/**
	 * Locks of a registry.
	 * @param registry the registry
	 * @param name a bounded name for these locks in metrics and logs (never a key)
	 */
	public DistributedLocks(LockRegistry registry, String name) {
		this.acquirer = Objects.requireNonNull(registry, "registry")::acquire;
		this.name = Objects.requireNonNull(name, "name");
	}

	/**
	 * Locks of the programmatic API, each in {@link LockContext} while it is locked, named
	 * {@value LockRequest#DEFAULT_NAME} in metrics and logs.
	 * @param operations the programmatic API
	 */
	public DistributedLocks(LockOperations operations) {
		this(operations, LockRequest.DEFAULT_NAME);
	}

	/**
	 * Locks of the programmatic API, each in {@link LockContext} while it is locked.
	 * @param operations the programmatic API
	 * @param name a bounded name for these locks in metrics and logs (never a key)
	 */
	public DistributedLocks(LockOperations operations, String name) {
		this.acquirer = Objects.requireNonNull(operations, "operations")::acquire;
		this.name = Objects.requireNonNull(name, "name");
	}

	/**
	 * A {@link LockType#MUTEX} on a key.
	 * @param key the lock key, not blank
	 * @return the lock; reentrant for its holder's thread, which unlocks it through this or any
	 * other lock this object gave for the key
	 * @throws io.github.distlock.core.InvalidLockKeyException if the key is null or blank
	 */
	public Lock obtain(String key) {
		return obtain(key, LockType.MUTEX);
	}

	/**
	 * A lock of a type on a key.
	 * @param key the lock key, not blank
	 * @param type the kind of lock; a {@link LockType#SEMAPHORE_MUTEX} is not reentrant
	 * @return the lock, which the thread that locked it unlocks
	 * @throws io.github.distlock.core.InvalidLockKeyException if the key is null or blank
	 */
	public Lock obtain(String key, LockType type) {
		return new RegistryLock(this.acquirer, new LockRequest(key, type, RegistryLock.NO_WAIT, this.name), this.holds);
	}

}
