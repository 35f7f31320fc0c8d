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

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;
import org.springframework.aop.support.AopUtils;
import org.springframework.core.BridgeMethodResolver;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The methods of each class that carry an annotation, each parsed once into what an interceptor
 * needs. A class is scanned the first time it is asked about (when its bean is created), so an
 * invalid annotation anywhere on the class fails start-up with a message naming the method.
 *
 * @param <A> the annotation
 * @param <T> what a method's annotation is parsed into
 */
final class AnnotatedMethods<A extends Annotation, T> {

	private final Class<A> annotationType;

	private final Parser<A, T> parser;

	private final Map<Class<?>, Map<Method, T>> byClass = new ConcurrentHashMap<>();

	AnnotatedMethods(Class<A> annotationType, Parser<A, T> parser) {
		this.annotationType = annotationType;
		this.parser = parser;
	}

	/**
	 * What a method's annotation was parsed into.
	 * @param method the method called (possibly an interface method)
	 * @param targetClass the target class, or {@code null} to use the method's declaring class
	 * @return it, or {@code null} if the method is not annotated
	 */
	@Nullable T find(Method method, @Nullable Class<?> targetClass) {
		Class<?> userClass = ClassUtils.getUserClass((targetClass != null) ? targetClass : method.getDeclaringClass());
		Map<Method, T> found = this.byClass.get(userClass);
		if (found == null) {
			found = this.byClass.computeIfAbsent(userClass, this::scan);
		}
		if (found.isEmpty()) {
			return null;
		}
		T parsed = found.get(method);
		if (parsed == null) {
			parsed = found.get(BridgeMethodResolver.findBridgedMethod(AopUtils.getMostSpecificMethod(method, userClass)));
		}
		return parsed;
	}

	/**
	 * Every annotated method found so far, parsed.
	 * @return a snapshot
	 */
	List<T> all() {
		return this.byClass.values().stream().flatMap((found) -> found.values().stream()).toList();
	}

	private Map<Method, T> scan(Class<?> targetClass) {
		if (!AnnotationUtils.isCandidateClass(targetClass, this.annotationType)) {
			return Map.of();
		}
		Map<Method, T> found = new ConcurrentHashMap<>();
		for (Method method : ReflectionUtils.getUniqueDeclaredMethods(targetClass, ReflectionUtils.USER_DECLARED_METHODS)) {
			if (method.isBridge()) {
				continue;
			}
			A annotation = AnnotatedElementUtils.findMergedAnnotation(method, this.annotationType);
			if (annotation != null) {
				found.put(method, this.parser.parse(method, targetClass, annotation));
			}
		}
		return found.isEmpty() ? Map.of() : found;
	}

	/**
	 * Parses and validates one annotated method.
	 */
	@FunctionalInterface
	interface Parser<A extends Annotation, T> {

		/**
		 * @throws IllegalStateException naming the method if its annotation is invalid
		 */
		T parse(Method method, Class<?> targetClass, A annotation);

	}

}
