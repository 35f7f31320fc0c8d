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

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

import io.github.distlock.annotation.LockType;

/**
 * The SPI of a lock backend: acquires a lock on a key. The handle it returns releases the lock
 * when closed. Implementations share one recipe per lock so that a thread may re-enter a
 * reentrant lock it holds.
 *
 * @since 0.1.0
 */
public interface LockRegistry {

	/**
	 * Acquires a lock.
	 * @param request the key, type, wait time and name of the lock
	 * @return the held lock
	 * @throws LockAcquisitionException if the wait time elapsed
	 * @throws LockInterruptedException if the thread was interrupted while waiting
	 * @throws LockBackendException if the lock service failed
	 */
	LockHandle acquire(LockRequest request);

	/**
	 * The lock types this backend can acquire. {@code @DistributedLock} methods of another type
	 * fail start-up, and {@link LockOperations} refuses a request of another type before it
	 * waits.
	 * @return the supported types, all of them unless the backend says otherwise
	 */
	default Set<LockType> supportedTypes() {
		return EnumSet.allOf(LockType.class);
	}

	/**
	 * Whether locks of a type may be acquired as revocable ({@link LockRequest#revocable()}).
	 * @param type the lock type
	 * @return whether the backend supports revocation of that type; {@code false} unless it says
	 * otherwise
	 */
	default boolean supportsRevocation(LockType type) {
		return false;
	}

	/**
	 * Asks the holder of a lock, in any process, to give it up. A revocable holder is told
	 * ({@link AcquiredLock#revocationRequested()}, {@link LockListener#onRevocationRequested});
	 * one that is not is never affected. The lock stays held until its holder releases it.
	 * @param key the lock key
	 * @param type the lock type
	 * @return whether the lock was held, so that its holder was asked
	 * @throws UnsupportedOperationException if the backend does not support revocation of the type
	 * @throws LockBackendException if the lock service failed
	 */
	default boolean requestRevocation(String key, LockType type) {
		throw new UnsupportedOperationException("The lock backend (" + getClass().getSimpleName()
				+ ") does not support the revocation of " + type + " locks");
	}

	/**
	 * The owner recorded by the holder of a lock ({@link LockRequest#owner()}), in any process:
	 * for a {@code READ}, that of the first holder in the service's queue.
	 * @param key the lock key
	 * @param type the kind of lock
	 * @return the holder's owner; empty if the lock is free, its holder recorded no owner, or the
	 * registry records none (the default)
	 * @throws LockBackendException if the lock service cannot be read
	 */
	default Optional<String> ownerOf(String key, LockType type) {
		return Optional.empty();
	}

}
