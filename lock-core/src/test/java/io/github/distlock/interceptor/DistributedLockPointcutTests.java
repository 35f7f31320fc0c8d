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

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import org.junit.jupiter.api.Test;
import org.springframework.aop.ClassFilter;

import static org.assertj.core.api.Assertions.assertThat;

class DistributedLockPointcutTests {

	private final DistributedLockPointcut pointcut = new DistributedLockPointcut(new LockOperationSource());

	@Test
	void classFilterSkipsTheLockInfrastructureAndTheJdk() {
		ClassFilter filter = this.pointcut.getClassFilter();
		assertThat(filter.matches(LockTemplate.class)).isFalse();
		assertThat(filter.matches(LockEngine.class)).isFalse();
		assertThat(filter.matches(String.class)).isFalse();
		assertThat(filter.matches(Orders.class)).isTrue();
	}

	@Test
	void methodMatcherMatchesAnnotatedMethodsOnly() throws Exception {
		assertThat(this.pointcut.getMethodMatcher().matches(Orders.class.getMethod("purchase"), Orders.class)).isTrue();
		assertThat(this.pointcut.getMethodMatcher().matches(Orders.class.getMethod("list"), Orders.class)).isFalse();
	}

	public static class Orders {

		@DistributedLock(key = "'orders'")
		public void purchase() {
		}

		public void list() {
		}

	}

}
