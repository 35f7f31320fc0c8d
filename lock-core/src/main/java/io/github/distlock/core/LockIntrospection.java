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

package io.github.distlock.core;

import java.util.Collection;
import java.util.List;

import io.github.distlock.annotation.LockType;

/**
 * What a lock backend can tell about its locks: those this process holds and awaits, and the
 * contenders for a key across all processes. The {@code locks} endpoint and the lock gauges
 * read it; it never takes or releases a lock.
 *
 * @since 0.1.0
 */
public interface LockIntrospection {

	/**
	 * The locks this process holds now.
	 * @return a snapshot of the held locks
	 */
	List<? extends AcquiredLock> heldLocks();

	/**
	 * The locks this process keeps in the lock service with no holder (lock caching), apart
	 * from the held ones.
	 * @return a snapshot of the cached locks, empty (the default) without caching
	 */
	default List<CachedLock> cachedLocks() {
		return List.of();
	}

	/**
	 * The threads of this process waiting for a lock now.
	 * @return a snapshot of the waiters
	 */
	List<LockWaiter> waiters();

	/**
	 * The lock path a key maps to.
	 * @param key the lock key
	 * @return the lock path
	 * @throws InvalidLockKeyException if the key cannot name a lock
	 */
	String pathOf(String key);

	/**
	 * The contenders for a key across all processes, as the lock service sees them, holder
	 * first.
	 * @param key the lock key
	 * @param type the kind of lock
	 * @return the contenders' names in the lock service
	 * @throws LockBackendException if the lock service cannot be read
	 */
	Collection<String> participants(String key, LockType type);

}
