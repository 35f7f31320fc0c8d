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

import org.springframework.integration.support.locks.LockRegistry;

/**
 * Spring Integration's {@link LockRegistry} on distributed locks: a {@code MUTEX} per key, the
 * key being the lock key's {@code toString()}. Replacing the application's Spring Integration
 * lock registry bean with this one moves its aggregators, idempotent receivers and leader
 * initiators to ZooKeeper or etcd.
 *
 * @since 0.1.0
 */
public class IntegrationLockRegistry implements LockRegistry<Lock> {

	private final DistributedLocks locks;

	/**
	 * A registry on distributed locks.
	 * @param locks the locks
	 */
	public IntegrationLockRegistry(DistributedLocks locks) {
		this.locks = Objects.requireNonNull(locks, "locks");
	}

	/**
	 * The lock of a key.
	 * @param lockKey the key; its {@code toString()} is the lock key
	 * @return the lock
	 * @throws io.github.distlock.core.InvalidLockKeyException if the key is blank
	 */
	@Override
	public Lock obtain(Object lockKey) {
		Objects.requireNonNull(lockKey, "lockKey");
		return this.locks.obtain(lockKey.toString());
	}

}
