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

import java.time.Instant;

import io.github.distlock.annotation.LockType;

/**
 * A distributed lock held by this process.
 *
 * @since 0.1.0
 */
public interface AcquiredLock {

	/**
	 * The key the lock was requested for.
	 * @return the key
	 */
	String key();

	/**
	 * The bounded name of the lock for metrics and logs: the annotated method, or the name
	 * given to {@link LockOperations}.
	 * @return the name
	 */
	String name();

	/**
	 * The lock path in the lock service, under which the contenders queue.
	 * @return the lock path
	 */
	String path();

	/**
	 * The kind of lock.
	 * @return the lock type
	 */
	LockType type();

	/**
	 * A number that is strictly greater for each later holder of the same key (on ZooKeeper,
	 * from the creation zxid of the holder's lock node; on etcd, the create revision of its
	 * contender key). A resource that remembers the highest token it has seen
	 * can refuse a write from a holder whose lock was lost in the meantime.
	 * @return the fencing token
	 */
	long fencingToken();

	/**
	 * Whether the lock is still held: {@code false} once it was released, and as soon as the
	 * connection to the lock service is suspended (the lock is in doubt) or the session is lost.
	 * @return whether the lock is held
	 */
	boolean isHeld();

	/**
	 * The state of the lock.
	 * @return the state
	 */
	LockState state();

	/**
	 * When the lock was acquired.
	 * @return the acquisition time
	 */
	Instant acquiredAt();

	/**
	 * The name of the thread that acquired the lock.
	 * @return the thread name
	 */
	String holderThread();

	/**
	 * Whether another process or an operator asked the holder to give the lock up
	 * ({@link LockOperations#requestRevocation(String, LockType)}, or Curator's {@code Revoker} on
	 * ZooKeeper). Only a lock acquired as revocable is told; the lock stays held until its holder
	 * releases it.
	 * @return whether its revocation was requested
	 */
	default boolean revocationRequested() {
		return false;
	}

}
