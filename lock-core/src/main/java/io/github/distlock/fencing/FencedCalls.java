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

package io.github.distlock.fencing;

import java.lang.reflect.Method;
import java.util.List;

import io.github.distlock.core.AcquiredLock;
import org.jspecify.annotations.Nullable;

/**
 * Runs the call of a {@code @DistributedLock(fenced = true)} method, its locks held: in a
 * transaction that claims each lock's fence before the method runs
 * ({@link TransactionalFencedCalls}). The interceptor of {@code @DistributedLock} uses it;
 * applications replace the bean to fence another resource.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface FencedCalls {

	/**
	 * Runs a call fenced by its locks.
	 * @param method the annotated method
	 * @param targetClass the class of the bean it is called on
	 * @param locks the held locks, in the order taken
	 * @param call the method's call
	 * @return what the method returned
	 * @throws io.github.distlock.core.FencedOffException if a fence refused a lock's token: the
	 * method did not run
	 * @throws Throwable what the method threw
	 */
	@Nullable Object call(Method method, Class<?> targetClass, List<AcquiredLock> locks, Call call) throws Throwable;

	/**
	 * A method's call.
	 */
	@FunctionalInterface
	interface Call {

		/**
		 * Calls the method.
		 * @return what it returned
		 * @throws Throwable what it threw
		 */
		@Nullable Object proceed() throws Throwable;

	}

}
