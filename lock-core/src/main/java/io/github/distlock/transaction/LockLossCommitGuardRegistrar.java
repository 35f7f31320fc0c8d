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

package io.github.distlock.transaction;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.transaction.ConfigurableTransactionManager;

/**
 * Adds a {@link LockLossCommitGuard} to every {@link ConfigurableTransactionManager} bean (every
 * {@code AbstractPlatformTransactionManager}), without proxying it.
 *
 * @since 0.1.0
 */
public class LockLossCommitGuardRegistrar implements BeanPostProcessor {

	private final LockLossCommitGuard guard;

	public LockLossCommitGuardRegistrar(LockLossCommitGuard guard) {
		this.guard = guard;
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof ConfigurableTransactionManager transactionManager
				&& !transactionManager.getTransactionExecutionListeners().contains(this.guard)) {
			transactionManager.addListener(this.guard);
		}
		return bean;
	}

}
