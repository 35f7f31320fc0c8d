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

import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.annotation.AnnotationTransactionAttributeSource;
import org.springframework.transaction.interceptor.TransactionAttribute;

/**
 * Refuses, at start-up, a fenced method whose {@code @Transactional} settings would not run it
 * in the transaction that claims the fence. Loaded only with Spring's transactions on the class
 * path.
 */
final class FencedTransactionAttributes {

	private static final AnnotationTransactionAttributeSource ATTRIBUTES = new AnnotationTransactionAttributeSource();

	private FencedTransactionAttributes() {
	}

	static void check(Method method, Class<?> targetClass, String description) {
		TransactionAttribute attribute = ATTRIBUTES.getTransactionAttribute(method, targetClass);
		if (attribute == null) {
			return;
		}
		int propagation = attribute.getPropagationBehavior();
		if (propagation != TransactionDefinition.PROPAGATION_REQUIRED
				&& propagation != TransactionDefinition.PROPAGATION_SUPPORTS
				&& propagation != TransactionDefinition.PROPAGATION_MANDATORY) {
			throw new IllegalStateException("@DistributedLock on " + description
					+ " is fenced, but its @Transactional propagation would not run it in the transaction that claims"
					+ " the fence: use REQUIRED, SUPPORTS or MANDATORY");
		}
		String qualifier = attribute.getQualifier();
		if (qualifier != null && !qualifier.isEmpty()) {
			throw new IllegalStateException("@DistributedLock on " + description + " is fenced, but its @Transactional"
					+ " names transaction manager '" + qualifier + "': a fenced method runs in a transaction of the"
					+ " application's one transaction manager");
		}
	}

}
