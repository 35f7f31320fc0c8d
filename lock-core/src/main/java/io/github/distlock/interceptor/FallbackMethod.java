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

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;

import io.github.distlock.core.DistributedLockException;
import org.jspecify.annotations.Nullable;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The method a {@code LockFailurePolicy.FALLBACK} call is routed to, found and checked once.
 *
 * @param method the fallback method
 * @param takesException whether it takes the failure as an extra last parameter
 */
record FallbackMethod(Method method, boolean takesException) {

	/**
	 * Finds the fallback of an annotated method: same name as given, the same parameter types,
	 * optionally followed by a {@link DistributedLockException} (or a supertype), and a return
	 * type assignable to the annotated method's.
	 * @throws IllegalStateException if there is no such method
	 */
	static FallbackMethod find(Method annotated, Class<?> targetClass, String name, String description) {
		if (name.isBlank()) {
			throw new IllegalStateException("@DistributedLock(onFailure = FALLBACK) on " + description
					+ " names no fallback method: set fallback = \"methodName\"");
		}
		Class<?>[] parameterTypes = annotated.getParameterTypes();
		Method plain = ReflectionUtils.findMethod(targetClass, name, parameterTypes);
		FallbackMethod fallback = (plain != null) ? new FallbackMethod(plain, false) : findWithException(targetClass, name, parameterTypes);
		if (fallback == null) {
			throw new IllegalStateException("Fallback method '" + name + "' of @DistributedLock on " + description
					+ " not found: declare " + name + "(" + simpleNames(parameterTypes)
					+ ") on " + targetClass.getName() + ", optionally with a last DistributedLockException parameter");
		}
		Class<?> returnType = annotated.getReturnType();
		Class<?> fallbackReturnType = fallback.method().getReturnType();
		if (returnType != void.class && !ClassUtils.isAssignable(returnType, fallbackReturnType)) {
			throw new IllegalStateException("Fallback method " + fallback.method() + " of @DistributedLock on "
					+ description + " returns " + fallbackReturnType.getName() + ", which is not assignable to "
					+ returnType.getName());
		}
		ReflectionUtils.makeAccessible(fallback.method());
		return fallback;
	}

	private static @Nullable FallbackMethod findWithException(Class<?> targetClass, String name, Class<?>[] parameterTypes) {
		for (Method candidate : ReflectionUtils.getUniqueDeclaredMethods(targetClass)) {
			Class<?>[] candidateTypes = candidate.getParameterTypes();
			if (candidate.getName().equals(name) && candidateTypes.length == parameterTypes.length + 1
					&& Arrays.equals(candidateTypes, 0, parameterTypes.length, parameterTypes, 0, parameterTypes.length)
					&& candidateTypes[parameterTypes.length].isAssignableFrom(DistributedLockException.class)) {
				return new FallbackMethod(candidate, true);
			}
		}
		return null;
	}

	private static String simpleNames(Class<?>[] types) {
		return String.join(", ", Arrays.stream(types).map(Class::getSimpleName).toList());
	}

	/**
	 * Calls the fallback on the target; its own exceptions propagate unchanged.
	 */
	@Nullable Object invoke(Object target, @Nullable Object[] args, DistributedLockException failure) throws Throwable {
		Object[] callArgs = args;
		if (this.takesException) {
			callArgs = Arrays.copyOf(args, args.length + 1);
			callArgs[args.length] = failure;
		}
		try {
			return this.method.invoke(target, callArgs);
		}
		catch (InvocationTargetException ex) {
			throw ex.getTargetException();
		}
	}

}
