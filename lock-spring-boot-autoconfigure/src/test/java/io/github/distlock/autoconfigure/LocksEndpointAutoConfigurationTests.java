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

import io.github.distlock.actuate.LocksEndpoint;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class LocksEndpointAutoConfigurationTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class, LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class, LocksEndpointAutoConfiguration.class))
		.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString());

	@Test
	void endpointIsAvailableWhenExposedOverHttp() {
		this.contextRunner.withPropertyValues("management.endpoints.web.exposure.include=locks")
			.run((context) -> assertThat(context).hasSingleBean(LocksEndpoint.class));
	}

	@Test
	void endpointIsAvailableWhenExposedOverJmx() {
		this.contextRunner
			.withPropertyValues("spring.jmx.enabled=true", "management.endpoints.jmx.exposure.include=locks")
			.run((context) -> assertThat(context).hasSingleBean(LocksEndpoint.class));
	}

	@Test
	void endpointIsNotAvailableUnlessExposed() {
		this.contextRunner.run((context) -> assertThat(context).doesNotHaveBean(LocksEndpoint.class));
	}

	@Test
	void endpointIsNotAvailableWhenItsAccessIsNone() {
		this.contextRunner
			.withPropertyValues("management.endpoints.web.exposure.include=locks", "management.endpoint.locks.access=NONE")
			.run((context) -> assertThat(context).doesNotHaveBean(LocksEndpoint.class));
	}

	@Test
	void backsOffWithoutActuator() {
		this.contextRunner.withPropertyValues("management.endpoints.web.exposure.include=locks")
			.withClassLoader(new FilteredClassLoader(Endpoint.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LocksEndpoint.class));
	}

	@Test
	void backsOffWhenLocksAreDisabled() {
		this.contextRunner
			.withPropertyValues("management.endpoints.web.exposure.include=locks", "distributed-lock.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(LocksEndpoint.class));
	}

}
