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

import io.github.distlock.autoconfigure.zookeeper.EmbeddedZooKeeperAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockProperties;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.etcd.EtcdLockRegistry;
import io.github.distlock.interceptor.DistributedLockAdvisor;
import io.github.distlock.juc.DistributedLocks;
import io.github.distlock.juc.IntegrationLockRegistry;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.integration.support.locks.DefaultLockRegistry;

import static org.assertj.core.api.Assertions.assertThat;

class DistributedLockAutoConfigurationTests {

	/** What {@code distributed-lock.cache.*} gives when none is set. */
	/** What {@code distributed-lock.lock-lost.pause-tolerance} gives when not set. */
	private static final Duration PAUSE_TOLERANCE_BY_DEFAULT = Duration.ofSeconds(2);

	private static final LockEngine.Caching CACHING_BY_DEFAULT = LockEngine.Caching.of(Duration.ofSeconds(1), 1000);

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
	void providesAStartedClientBackendEngineTemplateAndAdvisor() {
		connected().run((context) -> {
			assertThat(context).hasSingleBean(CuratorFramework.class)
				.hasSingleBean(ZooKeeperLockBackend.class)
				.hasSingleBean(LockRegistry.class)
				.hasSingleBean(LockEngine.class)
				.hasSingleBean(LockOperations.class)
				.hasSingleBean(LockPathResolver.class)
				.hasSingleBean(DistributedLockAdvisor.class);
			CuratorFramework client = context.getBean(CuratorFramework.class);
			assertThat(client.getState()).isEqualTo(CuratorFrameworkState.STARTED);
			assertThat(client.getZookeeperClient().isConnected()).isTrue();
			try (LockHandle lock = context.getBean(LockOperations.class).acquire("auto", Duration.ofSeconds(1))) {
				assertThat(lock.path()).isEqualTo("/Locks/auto");
			}
		});
	}

	@Test
	void disabledByProperty() {
		connected().withPropertyValues("distributed-lock.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(CuratorFramework.class)
				.doesNotHaveBean(LockOperations.class)
				.doesNotHaveBean(DistributedLockAdvisor.class));
	}

	@Test
	void backsOffWithoutCurator() {
		connected().withClassLoader(new FilteredClassLoader(CuratorFramework.class))
			.run((context) -> assertThat(context).doesNotHaveBean(LockOperations.class)
				.doesNotHaveBean(DistributedLockAdvisor.class));
	}

	@Test
	void applicationBeansReplaceOurs() {
		connected().withUserConfiguration(CustomBeansConfiguration.class).run((context) -> {
			assertThat(context.getBean(LockPathResolver.class)).isSameAs(CustomBeansConfiguration.RESOLVER);
			assertThat(context).hasSingleBean(LockOperations.class);
			assertThat(context.getBean(LockOperations.class)).isInstanceOf(CustomOperations.class);
			assertThat(context.getBean(LockRegistry.class).acquire(new LockRequest("x", io.github.distlock.annotation.LockType.MUTEX, Duration.ofSeconds(1), "test")).path()).isEqualTo("/custom/x");
		});
	}

	@Test
	void applicationLockRegistryOfAnotherKindReplacesOurs() {
		connected().withUserConfiguration(ForeignRegistryConfiguration.class).run((context) -> {
			assertThat(context).hasNotFailed()
				.hasSingleBean(LockRegistry.class)
				.doesNotHaveBean(LockEngine.class)
				.doesNotHaveBean(ZooKeeperLockBackend.class)
				.hasSingleBean(LockOperations.class);
			try (LockHandle lock = context.getBean(LockOperations.class).acquire("k", Duration.ofSeconds(1))) {
				assertThat(lock.path()).isEqualTo("/foreign/k");
			}
		});
	}

	@Test
	void applicationLockOperationsOfAnotherKindReplacesOurs() {
		connected().withUserConfiguration(ForeignOperationsConfiguration.class).run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(LockOperations.class);
			assertThat(context.getBean(LockOperations.class)).isSameAs(ForeignOperationsConfiguration.OPERATIONS);
		});
	}

	@Test
	void engineOptionsComeFromTheNeutralProperties() {
		connected()
			.withPropertyValues("distributed-lock.local-queue.max-handoffs=3",
					"distributed-lock.local-queue.max-handoff-time=50ms", "distributed-lock.lock-lost.interrupt-holder=true",
					"distributed-lock.revocation.interrupt-holder=true")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options())
				.isEqualTo(LockEngine.Options.of(true, true).withHandoff(3, Duration.ofMillis(50)).withInterruptOnRevocation(true)
					.withCaching(CACHING_BY_DEFAULT)
					.withPauseTolerance(PAUSE_TOLERANCE_BY_DEFAULT)));
		connected().withPropertyValues("distributed-lock.local-queue.enabled=false")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options())
				.isEqualTo(LockEngine.Options.of(false, false).withHandoff(0, Duration.ofMillis(100))
					.withPauseTolerance(PAUSE_TOLERANCE_BY_DEFAULT)));
	}

	@Test
	void pauseToleranceComesFromItsPropertyAndZeroTurnsTheWatchOff() {
		connected().withPropertyValues("distributed-lock.lock-lost.pause-tolerance=500ms")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options().pauseTolerance())
				.isEqualTo(Duration.ofMillis(500)));
		connected().withPropertyValues("distributed-lock.lock-lost.pause-tolerance=0")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options().pauseTolerance())
				.isZero());
	}

	@Test
	void pauseToleranceBelowAScheduleDelayFailsStartUpNamingTheKey() {
		connected().withPropertyValues("distributed-lock.lock-lost.pause-tolerance=50ms")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("distributed-lock.lock-lost.pause-tolerance must be 0 (off) or at least 100ms, "
						+ "but was PT0.05S"));
	}

	@Test
	void lockCachingComesFromItsProperties() {
		connected()
			.withPropertyValues("distributed-lock.cache.enabled=true", "distributed-lock.cache.idle-time=250ms",
					"distributed-lock.cache.max-locks=7")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options().caching())
				.isEqualTo(LockEngine.Caching.of(Duration.ofMillis(250), 7)));
		connected().run((context) -> assertThat(context.getBean(LockEngine.class).options().caching())
			.isEqualTo(CACHING_BY_DEFAULT));
		connected().withPropertyValues("distributed-lock.cache.enabled=false")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options().caching())
				.isEqualTo(LockEngine.Caching.OFF));
	}

	@Test
	void lockCachingIsOffWithTheLocalQueueUnlessAskedFor() {
		connected().withPropertyValues("distributed-lock.local-queue.enabled=false")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options().caching())
				.isEqualTo(LockEngine.Caching.OFF));
	}

	@Test
	void lockCachingWithoutTheLocalQueueFailsStartUpNamingBothKeys() {
		connected().withPropertyValues("distributed-lock.cache.enabled=true", "distributed-lock.local-queue.enabled=false")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("distributed-lock.cache.enabled")
				.hasMessageContaining("distributed-lock.local-queue.enabled"));
		connected().withPropertyValues("distributed-lock.cache.max-locks=0")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("distributed-lock.cache.max-locks must be at least 1"));
	}

	@Test
	@SuppressWarnings("deprecation")
	void engineDefaultsAreTheOnesEachBackendHad() {
		connected().run((context) -> assertThat(context.getBean(LockEngine.class).options())
			.isEqualTo(LockEngine.Options.STANDARD.withCaching(CACHING_BY_DEFAULT))
			.isEqualTo(ZookeeperLockRegistry.Options.DEFAULTS.engineOptions()
				.withCaching(CACHING_BY_DEFAULT)
				.withPauseTolerance(PAUSE_TOLERANCE_BY_DEFAULT))
			.isEqualTo(EtcdLockRegistry.Options.DEFAULTS.engineOptions()
				.withCaching(CACHING_BY_DEFAULT)
				.withPauseTolerance(PAUSE_TOLERANCE_BY_DEFAULT)));
	}

	@Test
	@SuppressWarnings("deprecation")
	void deprecatedZooKeeperEngineKeysStillWork() {
		connected()
			.withPropertyValues("distributed-lock.zookeeper.local-queue.enabled=false",
					"distributed-lock.zookeeper.local-queue.max-handoffs=3",
					"distributed-lock.zookeeper.local-queue.max-handoff-time=50ms",
					"distributed-lock.zookeeper.lock-lost.interrupt-holder=true",
					"distributed-lock.zookeeper.revocation.interrupt-holder=true")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options())
				.isEqualTo(new ZookeeperLockRegistry.Options(true, false, 3, Duration.ofMillis(50), true).engineOptions()
					.withPauseTolerance(PAUSE_TOLERANCE_BY_DEFAULT)));
	}

	@Test
	void newKeyWinsOverTheKeyItReplaced() {
		connected()
			.withPropertyValues("distributed-lock.root-path=/old-locks", "distributed-lock.zookeeper.root-path=/new-locks",
					"distributed-lock.zookeeper.local-queue.max-handoffs=5", "distributed-lock.local-queue.max-handoffs=3")
			.run((context) -> {
				assertThat(context.getBean(ZooKeeperLockProperties.class).getRootPath()).isEqualTo("/new-locks");
				assertThat(context.getBean(LockEngine.class).options().maxHandoffs()).isEqualTo(3);
			});
	}

	@Test
	void outOfRangeHandoffsFailStartUpNamingTheKey() {
		connected().withPropertyValues("distributed-lock.local-queue.max-handoffs=1024")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("distributed-lock.local-queue.max-handoffs must be between 0 and 1023"));
	}

	@Test
	void templateAndAdvisorApplyToAnApplicationsBackendWithoutCurator() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(CuratorFramework.class))
			.withUserConfiguration(ForeignRegistryConfiguration.class)
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.doesNotHaveBean(ZooKeeperLockProperties.class)
					.hasSingleBean(LockOperations.class)
					.hasSingleBean(DistributedLockAdvisor.class);
				try (LockHandle lock = context.getBean(LockOperations.class).acquire("k", Duration.ofSeconds(1))) {
					assertThat(lock.path()).isEqualTo("/foreign/k");
				}
			});
	}

	@Test
	void advisorIsOrderedJustBeforeTransactionsByDefault() {
		connected().run((context) -> assertThat(context.getBean(DistributedLockAdvisor.class).getOrder())
			.isEqualTo(Ordered.LOWEST_PRECEDENCE - 1));
	}

	@Test
	void autoConfiguredForSpringIntegrationUnlessTheApplicationHasARegistry() {
		connected().run((context) -> assertThat(context).hasSingleBean(DistributedLocks.class)
			.getBean(org.springframework.integration.support.locks.LockRegistry.class)
			.isInstanceOf(IntegrationLockRegistry.class));
		connected().withBean(DefaultLockRegistry.class)
			.run((context) -> assertThat(context).getBean(org.springframework.integration.support.locks.LockRegistry.class)
				.isInstanceOf(DefaultLockRegistry.class));
	}

	static class CustomOperations extends LockTemplate {

		CustomOperations(LockRegistry registry) {
			super(registry);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomBeansConfiguration {

		static final LockPathResolver RESOLVER = new ZnodeLockPathResolver("/custom");

		@Bean
		LockPathResolver customResolver() {
			return RESOLVER;
		}

		@Bean
		CustomOperations customOperations(LockRegistry registry) {
			return new CustomOperations(registry);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ForeignRegistryConfiguration {

		@Bean
		LockRegistry foreignRegistry() {
			return (request) -> new ForeignHandle(request, "/foreign/" + request.key());
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ForeignOperationsConfiguration {

		static final LockOperations OPERATIONS = new LockTemplate((request) -> new ForeignHandle(request, "/ops"));

		@Bean
		LockOperations foreignOperations() {
			return OPERATIONS;
		}

	}

	/** A lock of a registry that is not ours (it locks nothing). */
	record ForeignHandle(LockRequest request, String path) implements LockHandle {

		@Override
		public String key() {
			return this.request.key();
		}

		@Override
		public String name() {
			return this.request.name();
		}

		@Override
		public io.github.distlock.annotation.LockType type() {
			return this.request.type();
		}

		@Override
		public long fencingToken() {
			return 1;
		}

		@Override
		public boolean isHeld() {
			return true;
		}

		@Override
		public io.github.distlock.core.LockState state() {
			return io.github.distlock.core.LockState.HELD;
		}

		@Override
		public java.time.Instant acquiredAt() {
			return java.time.Instant.EPOCH;
		}

		@Override
		public String holderThread() {
			return Thread.currentThread().getName();
		}

		@Override
		public void close() {
		}

	}

}
