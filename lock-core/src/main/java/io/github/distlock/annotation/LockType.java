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

package io.github.distlock.annotation;

/**
 * The kinds of distributed lock. Every backend gives each kind the same meaning; the names in
 * parentheses are the Apache Curator recipes the ZooKeeper backend uses or interoperates with.
 *
 * @since 0.1.0
 */
public enum LockType {

	/**
	 * Exclusive, fair and reentrant per thread ({@code InterProcessMutex}).
	 */
	MUTEX,

	/**
	 * Exclusive and not reentrant; may be released by another thread (a single-lease
	 * {@code InterProcessSemaphoreV2}, the recipe behind {@code InterProcessSemaphoreMutex}).
	 */
	SEMAPHORE_MUTEX,

	/**
	 * Shared with other readers, excluded by a writer ({@code InterProcessReadWriteLock} read
	 * lock).
	 */
	READ,

	/**
	 * Exclusive against readers and writers ({@code InterProcessReadWriteLock} write lock);
	 * a holder may also take the read lock of the same key.
	 */
	WRITE,

	/**
	 * Counting: held by up to {@code permits} holders at once, who get it in FIFO order; not
	 * reentrant; may be released by another thread ({@code InterProcessSemaphoreV2} with that
	 * many leases). Each holder's lease has a fencing token of its own, greater than that of
	 * every lease granted before it on the key. A backend supports it only if it says so.
	 */
	SEMAPHORE;

	/**
	 * Whether a thread other than the holder may release a lock of this type.
	 * @return {@code true} for {@link #SEMAPHORE_MUTEX} and {@link #SEMAPHORE}
	 */
	public boolean isReleasableByAnyThread() {
		return this == SEMAPHORE_MUTEX || this == SEMAPHORE;
	}

	/**
	 * Whether a lock of this type has one holder at a time, so that the greatest fencing token
	 * seen is the current holder's: what a fence compares.
	 * @return {@code false} for {@link #READ} and {@link #SEMAPHORE}, whose holders hold at once,
	 * each with its own token
	 * @since 0.1.0
	 */
	public boolean isExclusive() {
		return this != READ && this != SEMAPHORE;
	}

}
