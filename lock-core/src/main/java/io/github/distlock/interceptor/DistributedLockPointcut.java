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

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRegistry;

import org.springframework.aop.support.StaticMethodMatcherPointcut;
import org.springframework.core.annotation.AnnotationUtils;

/**
 * Matches the methods that a {@link LockOperationSource} finds annotated. Its class filter
 * skips, before any method is looked at, the lock infrastructure itself and the classes that
 * cannot carry {@link DistributedLock} at all (the JDK's, for example).
 */
final class DistributedLockPointcut extends StaticMethodMatcherPointcut {

	private final LockOperationSource operationSource;

	DistributedLockPointcut(LockOperationSource operationSource) {
		this.operationSource = operationSource;
		setClassFilter(DistributedLockPointcut::isCandidate);
	}

	@Override
	public boolean matches(Method method, Class<?> targetClass) {
		return this.operationSource.isLocked(method, targetClass);
	}

	static boolean isCandidate(Class<?> clazz) {
		if (LockOperations.class.isAssignableFrom(clazz) || LockRegistry.class.isAssignableFrom(clazz)) {
			return false;
		}
		return AnnotationUtils.isCandidateClass(clazz, DistributedLock.class);
	}

}
