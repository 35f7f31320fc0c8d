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

import java.time.Duration;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.core.LockOperations;
import io.github.distlock.observation.LockObservationListener;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.tck.TestObservationRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

class DistributedLockObservationAutoConfigurationTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class, LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class,
				DistributedLockObservationAutoConfiguration.class))
		.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString());

	@Test
	void observesLocksWhenAnObservationRegistryExists() {
		this.contextRunner.withUserConfiguration(TestRegistryConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(LockObservationListener.class);
			context.getBean(LockOperations.class).execute("observed", Duration.ofSeconds(1), () -> null);
			assertThat(context.getBean(TestObservationRegistry.class))
				.hasObservationWithNameEqualTo(LockObservationListener.WAIT)
				.that()
				.hasBeenStopped();
		});
	}

	@Test
	void usesBootsObservationRegistry() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class))
			.run((context) -> assertThat(context).hasSingleBean(ObservationRegistry.class)
				.hasSingleBean(LockObservationListener.class));
	}

	@Test
	void backsOffWithoutAnObservationRegistry() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(LockObservationListener.class));
	}

	@Test
	void backsOffWithoutMicrometerObservation() {
		this.contextRunner.withUserConfiguration(TestRegistryConfiguration.class)
			.withClassLoader(new FilteredClassLoader(ObservationRegistry.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(LockObservationListener.class));
	}

	@Test
	void switchedOffByProperty() {
		this.contextRunner.withUserConfiguration(TestRegistryConfiguration.class)
			.withPropertyValues("distributed-lock.observations.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(LockObservationListener.class));
	}

	@Test
	void applicationListenerReplacesOurs() {
		this.contextRunner.withUserConfiguration(TestRegistryConfiguration.class, CustomListenerConfiguration.class)
			.run((context) -> assertThat(context).getBean(LockObservationListener.class)
				.isSameAs(context.getBean(CustomListenerConfiguration.class).listener));
	}

	@Configuration(proxyBeanMethods = false)
	static class TestRegistryConfiguration {

		@Bean
		TestObservationRegistry observationRegistry() {
			return TestObservationRegistry.create();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomListenerConfiguration {

		final LockObservationListener listener = new LockObservationListener(ObservationRegistry.NOOP);

		@Bean
		LockObservationListener customObservationListener() {
			return this.listener;
		}

	}

}
