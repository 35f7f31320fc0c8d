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

import java.time.Duration;

import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.interceptor.DistributedLockAdvisor;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.retry.RetryOneTime;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ZooKeeper backend's auto-configuration against a real server: the client the properties
 * configure (or the application's), its start-up failures, and the keys that moved under
 * {@code distributed-lock.zookeeper}.
 */
class ZooKeeperLockAutoConfigurationTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(EmbeddedZooKeeperAutoConfiguration.class, ZooKeeperLockAutoConfiguration.class,
				LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class));

	private ApplicationContextRunner connected() {
		return this.contextRunner
			.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString());
	}

	@Test
	void clientIsClosedWithTheContext() {
		CuratorFramework[] client = new CuratorFramework[1];
		connected().run((context) -> client[0] = context.getBean(CuratorFramework.class));
		assertThat(client[0].getState()).isEqualTo(CuratorFrameworkState.STOPPED);
	}

	@Test
	void usesTheApplicationsCuratorFrameworkWithoutAnyProperty() {
		this.contextRunner.withUserConfiguration(UserClientConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(CuratorFramework.class);
			CuratorFramework client = context.getBean(CuratorFramework.class);
			assertThat(client).isSameAs(context.getBean(UserClientConfiguration.class).client);
			assertThat(client.getState()).isEqualTo(CuratorFrameworkState.STARTED);
			context.getBean(LockOperations.class).acquire("user-client", Duration.ofSeconds(5)).close();
		});
	}

	@Test
	void propertiesConfigureTheClient() {
		connected()
			.withPropertyValues("distributed-lock.zookeeper.namespace=app",
					"distributed-lock.zookeeper.session-timeout=12s", "distributed-lock.zookeeper.connection-timeout=7s",
					"distributed-lock.zookeeper.retry.base-sleep=250ms", "distributed-lock.zookeeper.retry.max-retries=5",
					"distributed-lock.zookeeper.retry.max-sleep=2s", "distributed-lock.zookeeper.root-path=/app-locks",
					"distributed-lock.order=42")
			.run((context) -> {
				CuratorFramework client = context.getBean(CuratorFramework.class);
				assertThat(client.getNamespace()).isEqualTo("app");
				assertThat(client.getZookeeperClient().getConnectionTimeoutMs()).isEqualTo(7000);
				assertThat(client.getZookeeperClient().getLastNegotiatedSessionTimeoutMs()).isEqualTo(12_000);
				assertThat(client.getZookeeperClient().getRetryPolicy()).isInstanceOfSatisfying(
						ExponentialBackoffRetry.class, (retry) -> {
							assertThat(retry.getBaseSleepTimeMs()).isEqualTo(250);
							assertThat(retry.getN()).isEqualTo(5);
							assertThat(sleepsOfFourthRetry(retry)).allMatch((sleep) -> sleep <= 2000).contains(2000L);
						});
				assertThat(context.getBean(DistributedLockAdvisor.class).getOrder()).isEqualTo(42);
				try (LockHandle lock = context.getBean(LockOperations.class).acquire("k", Duration.ofSeconds(1))) {
					assertThat(lock.path()).isEqualTo("/app-locks/k");
					assertThat(client.usingNamespace(null).checkExists().forPath("/app/app-locks/k")).isNotNull();
				}
			});
	}

	/** The sleeps the policy asks for before a fourth retry: up to 250ms × 32, unless capped. */
	private static java.util.List<Long> sleepsOfFourthRetry(ExponentialBackoffRetry retry) {
		java.util.List<Long> sleeps = new java.util.ArrayList<>();
		for (int i = 0; i < 50; i++) {
			retry.allowRetry(4, 0, (time, unit) -> sleeps.add(unit.toMillis(time)));
		}
		return sleeps;
	}

	@Test
	void keysThatMovedUnderZookeeperStillWork() {
		connected()
			.withPropertyValues("distributed-lock.root-path=/old-locks", "management.health.zookeeper.timeout=250ms")
			.run((context) -> {
				assertThat(context.getBean(ZooKeeperLockProperties.class).getHealth().getTimeout()).hasMillis(250);
				try (LockHandle lock = context.getBean(LockOperations.class).acquire("k", Duration.ofSeconds(1))) {
					assertThat(lock.path()).isEqualTo("/old-locks/k");
				}
			});
	}

	@Test
	void customizersApplyInOrder() {
		connected().withUserConfiguration(CustomizerConfiguration.class)
			.run((context) -> assertThat(context.getBean(CuratorFramework.class).getNamespace()).isEqualTo("second"));
	}

	@Test
	void unreachableZooKeeperFailsStartupNamingTheConnectString() {
		this.contextRunner
			.withPropertyValues("distributed-lock.zookeeper.connect-string=127.0.0.1:1",
					"distributed-lock.zookeeper.connection-timeout=1s")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.isInstanceOf(LockBackendException.class)
					.hasMessageContaining("'127.0.0.1:1'")
					.hasMessageContaining("within 1000 ms")
					.hasMessageContaining("fail-fast");
			});
	}

	@Test
	void unreachableZooKeeperStartsAnywayWithoutFailFast() {
		this.contextRunner
			.withPropertyValues("distributed-lock.zookeeper.connect-string=127.0.0.1:1",
					"distributed-lock.zookeeper.connection-timeout=500ms", "distributed-lock.zookeeper.fail-fast=false")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				org.assertj.core.api.Assertions
					.assertThatExceptionOfType(LockBackendException.class)
					.isThrownBy(() -> context.getBean(LockOperations.class).acquire("k", Duration.ofMillis(200)))
					.withMessageContaining("not connected");
			});
	}

	@Test
	void invalidRootPathFailsStartup() {
		connected().withPropertyValues("distributed-lock.zookeeper.root-path=Locks").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasStackTraceContaining("Invalid lock root path 'Locks'");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class UserClientConfiguration {

		final CuratorFramework client = CuratorFrameworkFactory.newClient(zookeeper.connectString(),
				new RetryOneTime(100));

		@Bean(destroyMethod = "close")
		CuratorFramework userCurator() {
			return this.client;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomizerConfiguration {

		@Bean
		@org.springframework.core.annotation.Order(2)
		CuratorFrameworkBuilderCustomizer second() {
			return (builder) -> builder.namespace("second");
		}

		@Bean
		@org.springframework.core.annotation.Order(1)
		CuratorFrameworkBuilderCustomizer first() {
			return (builder) -> builder.namespace("first");
		}

	}

}
