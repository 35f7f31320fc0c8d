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

import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

/**
 * What a method returns when its lock is skipped ({@code LockFailurePolicy.SKIP}): nothing for
 * {@code void}, an empty {@code Optional}, collection, map, stream or array, otherwise
 * {@code null}.
 */
@FunctionalInterface
interface SkipValue {

	@Nullable Object get();

	/**
	 * The skip value for a method.
	 * @param method the method
	 * @param description the method's name for messages
	 * @return the skip value
	 * @throws IllegalStateException if the method returns a primitive, which has no empty value
	 */
	static SkipValue forMethod(Method method, String description) {
		return forMethod(method, description, "@DistributedLock(onFailure = SKIP)", "or use another failure policy");
	}

	/**
	 * The skip value for a method skipped by an annotation.
	 * @param method the method
	 * @param description the method's name for messages
	 * @param annotation the annotation that skips it, for the message
	 * @param otherRemedy what else can be done, for the message
	 * @return the skip value
	 * @throws IllegalStateException if the method returns a primitive, which has no empty value
	 */
	static SkipValue forMethod(Method method, String description, String annotation, String otherRemedy) {
		Class<?> type = method.getReturnType();
		if (type == void.class) {
			return () -> null;
		}
		if (type.isPrimitive()) {
			throw new IllegalStateException(annotation + " on " + description + " returns " + type.getName()
					+ ", which has no empty value: return a wrapper type, Optional or void, " + otherRemedy);
		}
		if (type == Stream.class) {
			return Stream::empty;
		}
		Object empty = emptyValue(type);
		return () -> empty;
	}

	private static @Nullable Object emptyValue(Class<?> type) {
		if (type == Optional.class) {
			return Optional.empty();
		}
		if (type == OptionalInt.class) {
			return OptionalInt.empty();
		}
		if (type == OptionalLong.class) {
			return OptionalLong.empty();
		}
		if (type == OptionalDouble.class) {
			return OptionalDouble.empty();
		}
		if (type.isArray()) {
			return Array.newInstance(type.getComponentType(), 0);
		}
		if (type.isAssignableFrom(List.class)) {
			return List.of();
		}
		if (type == NavigableSet.class || type == SortedSet.class) {
			return Collections.emptyNavigableSet();
		}
		if (type.isAssignableFrom(Set.class)) {
			return Set.of();
		}
		if (type == NavigableMap.class || type == SortedMap.class) {
			return Collections.emptyNavigableMap();
		}
		if (type.isAssignableFrom(Map.class)) {
			return Map.of();
		}
		if (type == Collection.class || type == Iterable.class) {
			return List.of();
		}
		return null;
	}

}
