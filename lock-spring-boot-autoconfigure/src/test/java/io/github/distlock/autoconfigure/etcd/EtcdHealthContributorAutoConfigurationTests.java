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

package io.github.distlock.autoconfigure.etcd;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import java.time.Duration;
import java.util.Map;

import io.github.distlock.autoconfigure.zookeeper.ZooKeeperHealthContributorAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.etcd.EtcdHealthIndicator;
import io.github.distlock.test.etcd.EtcdServerExtension;
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
import static org.awaitility.Awaitility.await;

/**
 * The {@code etcd} health indicator is contributed with the etcd backend, against a real etcd,
 * and goes with Spring Boot's switches, without Spring Boot's health, or for the application's
 * own indicator.
 */
class EtcdHealthContributorAutoConfigurationTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class, EtcdLockAutoConfiguration.class,
				ZooKeeperHealthContributorAutoConfiguration.class, EtcdHealthContributorAutoConfiguration.class,
				HealthContributorAutoConfiguration.class, HealthContributorRegistryAutoConfiguration.class))
		.withPropertyValues("distributed-lock.backend=etcd", "distributed-lock.etcd.endpoints=" + etcd.endpoint());

	@Test
	void contributesAnEtcdIndicatorThatIsUp() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(EtcdHealthIndicator.class).hasBean("etcdHealthIndicator");
			assertThat(context).doesNotHaveBean("zookeeperHealthIndicator");
			HealthIndicator contributor = (HealthIndicator) context.getBean(HealthContributorRegistry.class)
				.getContributor("etcd");
			assertThat(contributor).isSameAs(context.getBean(EtcdHealthIndicator.class));
			await().atMost(Duration.ofSeconds(10)).until(() -> contributor.health().getStatus().equals(Status.UP));
			assertThat(contributor.health().getDetails()).containsEntry("lease", "ALIVE");
		});
	}

	@Test
	void detailsCountTheLocksHeldWaitedForAndCached() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(LockEngineAutoConfiguration.class))
			.withPropertyValues("distributed-lock.cache.enabled=true", "distributed-lock.cache.idle-time=2m")
			.run((context) -> {
				LockRegistry locks = context.getBean(LockRegistry.class);
				// a key's second use is cached
				for (int use = 0; use < 2; use++) {
					locks.acquire(new LockRequest("health:cached", LockType.MUTEX, Duration.ofSeconds(10), "health"))
						.close();
				}
				HealthIndicator indicator = context.getBean(EtcdHealthIndicator.class);
				assertThat(indicator.health().getDetails()).containsEntry("locks",
						Map.of("held", 0, "waiting", 0, "cached", 1));
			});
	}

	@Test
	void nonPositiveTimeoutFailsStartup() {
		this.contextRunner.withPropertyValues("distributed-lock.etcd.health.timeout=0s")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("distributed-lock.etcd.health.timeout must be positive"));
	}

	@Test
	void disabledByProperty() {
		this.contextRunner.withPropertyValues("management.health.etcd.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(EtcdHealthIndicator.class));
	}

	@Test
	void backsOffWithoutSpringBootHealth() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(HealthIndicator.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(EtcdHealthIndicator.class));
	}

	@Test
	void backsOffForAnApplicationsEtcdIndicator() {
		this.contextRunner.withUserConfiguration(CustomIndicatorConfiguration.class).run((context) -> {
			assertThat(context).doesNotHaveBean(EtcdHealthIndicator.class);
			assertThat(context.getBean(HealthContributorRegistry.class).getContributor("etcd"))
				.isSameAs(context.getBean("etcdHealthIndicator"));
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class CustomIndicatorConfiguration {

		@Bean
		HealthIndicator etcdHealthIndicator() {
			return () -> Health.up().withDetails(Map.of("custom", true)).build();
		}

	}

}
