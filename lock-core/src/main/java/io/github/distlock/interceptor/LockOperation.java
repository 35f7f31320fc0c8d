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

import java.lang.reflect.Method;
import java.time.Duration;

import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;
import org.jspecify.annotations.Nullable;
import org.springframework.expression.Expression;

/**
 * A {@code @DistributedLock} method, parsed and validated once.
 *
 * @param method the annotated method, as declared on the target class
 * @param targetClass the target class
 * @param settingsName the annotation's {@code name}, or empty
 * @param keyExpressionString the key expression as written
 * @param keyExpression the parsed key expression
 * @param conditionString the condition expression as written, or empty
 * @param condition the parsed condition, or {@code null} to lock every call
 * @param waitTime the wait time, or {@code null} for the default
 * @param holdAtLeast how long the lock stays held at least after its acquisition
 * @param maxHold how long the lock is held at most after its acquisition, or zero for no limit
 * @param revocable whether the holder may be asked to give the lock up
 * @param permits how many holders a {@code SEMAPHORE} has at most; 1 for every other type
 * @param type the lock type
 * @param onFailure the failure policy
 * @param fallback the fallback method, for {@link LockFailurePolicy#FALLBACK}
 * @param skipValue what to return for {@link LockFailurePolicy#SKIP}
 * @param asyncReturn how the method's work completes: when it returns, or through what it returns
 * @param fenced whether the method runs in a transaction that claims each key's fence first
 */
record LockOperation(Method method, Class<?> targetClass, String settingsName, String keyExpressionString,
		Expression keyExpression, String conditionString, @Nullable Expression condition, @Nullable Duration waitTime,
		Duration holdAtLeast, Duration maxHold, boolean revocable, LockType type, int permits,
		LockFailurePolicy onFailure, @Nullable FallbackMethod fallback, SkipValue skipValue, AsyncReturn asyncReturn,
		boolean fenced) {

	/**
	 * The bounded name of this lock for metrics: the annotation's {@code name}, else
	 * {@code SimpleClassName.method}.
	 * @return the name
	 */
	String name() {
		return this.settingsName.isEmpty() ? this.targetClass.getSimpleName() + "." + this.method.getName()
				: this.settingsName;
	}

	/**
	 * A readable name of the method, for messages: {@code Type.method(Params)}.
	 * @return the description
	 */
	String describe() {
		return describe(this.method, this.targetClass);
	}

	static String describe(Method method, Class<?> targetClass) {
		StringBuilder name = new StringBuilder(targetClass.getName()).append('.').append(method.getName()).append('(');
		Class<?>[] types = method.getParameterTypes();
		for (int i = 0; i < types.length; i++) {
			name.append((i > 0) ? ", " : "").append(types[i].getSimpleName());
		}
		return name.append(')').toString();
	}

}
