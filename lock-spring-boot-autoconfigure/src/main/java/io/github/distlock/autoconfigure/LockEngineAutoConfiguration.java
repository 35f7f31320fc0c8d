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

import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.core.engine.LockEngine;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * Auto-configuration of the one {@link LockEngine}, the {@link LockRegistry} every lock goes
 * through, over whichever {@link LockBackend} bean exists (ZooKeeper's, etcd's, or the
 * application's own), with the engine options of the backend-neutral properties. It backs off
 * when the application defines its own {@link LockRegistry}.
 *
 * @since 0.1.0
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = "distributed-lock.enabled", matchIfMissing = true)
@ConditionalOnBean(LockBackend.class)
@EnableConfigurationProperties(DistributedLockProperties.class)
@Import(LockListenersConfiguration.class)
public final class LockEngineAutoConfiguration {

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean(LockRegistry.class)
	LockEngine lockRegistry(LockBackend lockBackend, LockListeners listeners, DistributedLockProperties properties,
			Environment environment) {
		return new LockEngine(lockBackend, listeners.listener(), LockEngineOptions.of(properties, environment));
	}

}
