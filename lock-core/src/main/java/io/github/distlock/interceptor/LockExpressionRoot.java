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

import org.jspecify.annotations.Nullable;

/**
 * The root object of a key expression: {@code #root.method}, {@code #root.args},
 * {@code #root.target} and {@code #root.targetClass}.
 *
 * @param method the annotated method
 * @param args the call's arguments
 * @param target the target object
 * @param targetClass the target class
 * @since 0.1.0
 */
public record LockExpressionRoot(Method method, @Nullable Object[] args, @Nullable Object target,
		Class<?> targetClass) {

	/**
	 * The name of the annotated method, as {@code #root.methodName}.
	 * @return the method name
	 */
	public String methodName() {
		return this.method.getName();
	}

}
