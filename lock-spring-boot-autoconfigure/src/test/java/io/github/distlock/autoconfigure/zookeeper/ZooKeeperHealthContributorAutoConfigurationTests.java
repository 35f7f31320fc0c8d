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

package io.github.distlock.autoconfigure.zookeeper;

import java.util.Map;

import io.github.distlock.zookeeper.ZooKeeperHealthIndicator;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.health.registry.HealthContributorRegistry;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

class ZooKeeperHealthContributorAutoConfigurationTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class,
				ZooKeeperHealthContributorAutoConfiguration.class, HealthContributorAutoConfiguration.class,
				HealthContributorRegistryAutoConfiguration.class))
		.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString());

	@Test
	void contributesAZookeeperIndicatorThatIsUp() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(ZooKeeperHealthIndicator.class).hasBean("zookeeperHealthIndicator");
			HealthIndicator contributor = (HealthIndicator) context.getBean(HealthContributorRegistry.class)
				.getContributor("zookeeper");
			assertThat(contributor).isSameAs(context.getBean(ZooKeeperHealthIndicator.class));
			Health health = contributor.health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("connectString", zookeeper.connectString());
		});
	}

	@Test
	@SuppressWarnings("deprecation")
	void theIndicatorIsFoundByItsOldNameToo() {
		this.contextRunner.run((context) -> assertThat(context)
			.getBean(io.github.distlock.health.ZookeeperHealthIndicator.class)
			.isSameAs(context.getBean(ZooKeeperHealthIndicator.class)));
	}

	@Test
	void timeoutIsConfigurable() {
		this.contextRunner.withPropertyValues("distributed-lock.zookeeper.health.timeout=250ms")
			.run((context) -> assertThat(context.getBean(ZooKeeperLockProperties.class).getHealth().getTimeout())
				.hasMillis(250));
	}

	@Test
	void nonPositiveTimeoutFailsStartup() {
		this.contextRunner.withPropertyValues("distributed-lock.zookeeper.health.timeout=0s")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("distributed-lock.zookeeper.health.timeout must be positive"));
	}

	@Test
	void disabledByProperty() {
		this.contextRunner.withPropertyValues("management.health.zookeeper.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(ZooKeeperHealthIndicator.class));
	}

	@Test
	void disabledWithTheDefaultIndicators() {
		this.contextRunner.withPropertyValues("management.health.defaults.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(ZooKeeperHealthIndicator.class));
	}

	@Test
	void backsOffWithoutSpringBootHealth() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(HealthIndicator.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ZooKeeperHealthIndicator.class));
	}

	@Test
	void backsOffWhenLocksAreDisabled() {
		this.contextRunner.withPropertyValues("distributed-lock.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(ZooKeeperHealthIndicator.class));
	}

	@Test
	void backsOffForAnApplicationsZookeeperIndicator() {
		this.contextRunner.withUserConfiguration(CustomIndicatorConfiguration.class).run((context) -> {
			assertThat(context).doesNotHaveBean(ZooKeeperHealthIndicator.class);
			assertThat(context.getBean(HealthContributorRegistry.class).getContributor("zookeeper"))
				.isSameAs(context.getBean("zookeeperHealthIndicator"));
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class CustomIndicatorConfiguration {

		@Bean
		HealthIndicator zookeeperHealthIndicator() {
			return () -> Health.up().withDetails(Map.of("custom", true)).build();
		}

	}

}
