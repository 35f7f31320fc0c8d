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

package io.github.distlock.autoconfigure.observability;

import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.observation.LockObservationListener;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of lock observations: a {@link LockObservationListener} that observes each
 * wait for a lock and each hold, so that tracing shows them as spans.
 *
 * @since 0.1.0
 */
@AutoConfiguration(after = DistributedLockAutoConfiguration.class,
		afterName = "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration")
@ConditionalOnClass({ ObservationRegistry.class, ObservationAutoConfiguration.class })
@ConditionalOnBean({ ObservationRegistry.class, LockRegistry.class })
@ConditionalOnBooleanProperty(name = "distributed-lock.observations.enabled", matchIfMissing = true)
public final class DistributedLockObservationAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	LockObservationListener lockObservationListener(ObservationRegistry observationRegistry) {
		return new LockObservationListener(observationRegistry);
	}

}
