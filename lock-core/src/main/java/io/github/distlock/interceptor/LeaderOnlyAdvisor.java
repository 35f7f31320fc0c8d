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

import io.github.distlock.annotation.LeaderOnly;
import org.springframework.aop.support.DefaultPointcutAdvisor;
import org.springframework.aop.support.StaticMethodMatcherPointcut;
import org.springframework.core.annotation.AnnotationUtils;

/**
 * Applies a {@link LeaderOnlyInterceptor} to {@code @LeaderOnly} methods. Its order should be
 * before the lock advisor's, so that a method that is both skips where the process does not lead
 * without taking the lock.
 *
 * @since 0.1.0
 */
public class LeaderOnlyAdvisor extends DefaultPointcutAdvisor {

	private static final long serialVersionUID = 1L;

	public LeaderOnlyAdvisor(LeaderOnlySource source, LeaderOnlyInterceptor interceptor) {
		super(new LeaderOnlyPointcut(source), interceptor);
	}

	private static final class LeaderOnlyPointcut extends StaticMethodMatcherPointcut {

		private final LeaderOnlySource source;

		LeaderOnlyPointcut(LeaderOnlySource source) {
			this.source = source;
			setClassFilter((clazz) -> AnnotationUtils.isCandidateClass(clazz, LeaderOnly.class));
		}

		@Override
		public boolean matches(Method method, Class<?> targetClass) {
			return this.source.isLeaderOnly(method, targetClass);
		}

	}

}
