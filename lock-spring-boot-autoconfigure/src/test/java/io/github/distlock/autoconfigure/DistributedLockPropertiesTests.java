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

package io.github.distlock.autoconfigure;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.core.Ordered;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DistributedLockPropertiesTests {

	private final DistributedLockProperties properties = new DistributedLockProperties();

	@Test
	void documentedDefaults() {
		assertThat(this.properties.isEnabled()).isTrue();
		assertThat(this.properties.getDefaultWaitTime()).isEqualTo(Duration.ofSeconds(10));
		assertThat(this.properties.getOrder()).isEqualTo(Ordered.LOWEST_PRECEDENCE - 1);
		assertThat(this.properties.getLockLost().isFailOnReturn()).isTrue();
		assertThat(this.properties.getLockLost().isRollbackTransaction()).isTrue();
	}

	@Test
	void negativeDefaultWaitTimeIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.properties.setDefaultWaitTime(Duration.ofSeconds(-1)))
			.withMessageContaining("distributed-lock.default-wait-time");
	}

}
