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

import org.aopalliance.aop.Advice;
import org.springframework.aop.Pointcut;
import org.springframework.aop.support.AbstractPointcutAdvisor;

/**
 * Applies a {@link DistributedLockInterceptor} to {@code @DistributedLock} methods. Its order
 * should be before the transaction advisor's so that the lock is wider than the transaction.
 *
 * @since 0.1.0
 */
public class DistributedLockAdvisor extends AbstractPointcutAdvisor {

	private static final long serialVersionUID = 1L;

	private final transient DistributedLockPointcut pointcut;

	private final transient DistributedLockInterceptor interceptor;

	public DistributedLockAdvisor(LockOperationSource operationSource, DistributedLockInterceptor interceptor) {
		this.pointcut = new DistributedLockPointcut(operationSource);
		this.interceptor = interceptor;
	}

	@Override
	public Pointcut getPointcut() {
		return this.pointcut;
	}

	@Override
	public Advice getAdvice() {
		return this.interceptor;
	}

}
