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
import java.util.Set;
import java.util.stream.Collectors;

import io.github.distlock.annotation.LeaderOnly;
import org.jspecify.annotations.Nullable;

/**
 * Finds the {@code @LeaderOnly} methods of a class, once per class when its bean is created,
 * validates them (an invalid one fails start-up naming the method), and gives the names of the
 * elections they use, so that the process joins them when the application starts.
 *
 * @since 0.1.0
 */
public class LeaderOnlySource {

	private final AnnotatedMethods<LeaderOnly, LeaderOnlyMethod> methods = new AnnotatedMethods<>(LeaderOnly.class,
			LeaderOnlySource::create);

	/**
	 * Whether a method carries {@code @LeaderOnly}.
	 * @param method the method
	 * @param targetClass the target class
	 * @return whether calls to it run on the leader only
	 */
	public boolean isLeaderOnly(Method method, @Nullable Class<?> targetClass) {
		return find(method, targetClass) != null;
	}

	/**
	 * The names of the elections of the {@code @LeaderOnly} methods found so far.
	 * @return the election names
	 */
	public Set<String> electionNames() {
		return this.methods.all().stream().map(LeaderOnlyMethod::election).collect(Collectors.toUnmodifiableSet());
	}

	@Nullable LeaderOnlyMethod find(Method method, @Nullable Class<?> targetClass) {
		return this.methods.find(method, targetClass);
	}

	private static LeaderOnlyMethod create(Method method, Class<?> targetClass, LeaderOnly annotation) {
		String description = LockOperation.describe(method, targetClass);
		if (annotation.value().isBlank()) {
			throw new IllegalStateException("@LeaderOnly on " + description + " names no election: "
					+ "give it a name, such as @LeaderOnly(\"reports\")");
		}
		ProxiedMethods.checkProxied(method, "@LeaderOnly", description);
		AsyncReturn asyncReturn = AsyncReturn.of(method, "@LeaderOnly", description);
		SkipValue skipValue = (asyncReturn != AsyncReturn.NONE) ? () -> null
				: SkipValue.forMethod(method, description, "@LeaderOnly",
						"as it is returned where the process does not lead");
		return new LeaderOnlyMethod(annotation.value(), skipValue, asyncReturn);
	}

	/**
	 * A {@code @LeaderOnly} method: its election, what it returns where it is skipped, and how
	 * its work completes.
	 */
	record LeaderOnlyMethod(String election, SkipValue skipValue, AsyncReturn asyncReturn) {
	}

}
