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
 * What an annotated method does when its lock cannot be acquired: the wait time elapsed, or
 * the lock service could not be reached.
 *
 * @since 0.1.0
 */
public enum LockFailurePolicy {

	/**
	 * Throw the {@code DistributedLockException} (a {@code LockAcquisitionException} when the
	 * wait time elapsed).
	 */
	THROW,

	/**
	 * Do not run the method; return {@code null}, an empty {@code Optional} or an empty
	 * collection, map or array. A method with a primitive return type other than {@code void}
	 * is refused at start-up.
	 */
	SKIP,

	/**
	 * Call the method named by {@link DistributedLock#fallback()} on the same bean with the
	 * same arguments and return its result.
	 */
	FALLBACK

}
