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

package io.github.distlock.interceptor;

import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import org.jspecify.annotations.Nullable;

/**
 * The failure policy of a locked call, for a lock that could not be had.
 */
@FunctionalInterface
interface FailurePolicy {

	/**
	 * @param failure why the lock could not be had
	 * @return what the method returns instead (its skip value, its fallback's result)
	 * @throws Throwable the failure itself, to throw
	 */
	@Nullable Object apply(DistributedLockException failure) throws Throwable;

	/**
	 * Whether a failure is one a failure policy applies to: the lock could not be had in time, or
	 * the lock service failed.
	 * @param failure a failure of the locked call
	 * @return whether the policy applies
	 */
	static boolean appliesTo(Throwable failure) {
		return failure instanceof LockAcquisitionException || failure instanceof LockBackendException;
	}

}
