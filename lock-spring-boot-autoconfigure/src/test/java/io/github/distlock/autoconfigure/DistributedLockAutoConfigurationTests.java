/*
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

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.etcd.EtcdLockRegistry;
import io.github.distlock.interceptor.DistributedLockAdvisor;
import io.github.distlock.zookeeper.EmbeddedZooKeeperServer;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.retry.RetryOneTime;
import io.github.distlock.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

class DistributedLockAutoConfigurationTests {

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
	void clientIsClosedWithTheContext() {
		CuratorFramework[] client = new CuratorFramework[1];
		connected().run((context) -> client[0] = context.getBean(CuratorFramework.class));
		assertThat(client[0].getState()).isEqualTo(CuratorFrameworkState.STOPPED);
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
	void engineOptionsComeFromTheNeutralProperties() {
		connected()
			.withPropertyValues("distributed-lock.local-queue.max-handoffs=3",
					"distributed-lock.local-queue.max-handoff-time=50ms", "distributed-lock.lock-lost.interrupt-holder=true",
					"distributed-lock.revocation.interrupt-holder=true")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options())
				.isEqualTo(LockEngine.Options.of(true, true).withHandoff(3, Duration.ofMillis(50)).withInterruptOnRevocation(true)));
		connected().withPropertyValues("distributed-lock.local-queue.enabled=false")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options())
				.isEqualTo(LockEngine.Options.of(false, false).withHandoff(0, Duration.ofMillis(100))));
	}

	@Test
	@SuppressWarnings("deprecation")
	void engineDefaultsAreTheOnesEachBackendHad() {
		connected().run((context) -> assertThat(context.getBean(LockEngine.class).options())
			.isEqualTo(LockEngine.Options.STANDARD)
			.isEqualTo(ZookeeperLockRegistry.Options.DEFAULTS.engineOptions())
			.isEqualTo(EtcdLockRegistry.Options.DEFAULTS.engineOptions()));
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
				.isEqualTo(new ZookeeperLockRegistry.Options(true, false, 3, Duration.ofMillis(50), true).engineOptions()));
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

	@Test
	void embeddedServerStartsAndStopsWithTheContext() {
		int[] port = new int[1];
		this.contextRunner.withPropertyValues("distributed-lock.zookeeper.embedded.enabled=true").run((context) -> {
			assertThat(context).hasSingleBean(EmbeddedZooKeeperServer.class);
			EmbeddedZooKeeperServer embedded = context.getBean(EmbeddedZooKeeperServer.class);
			port[0] = embedded.getPort();
			CuratorFramework client = context.getBean(CuratorFramework.class);
			assertThat(client.getZookeeperClient().getCurrentConnectionString()).isEqualTo(embedded.getConnectString());
			context.getBean(LockOperations.class).acquire("embedded", Duration.ofSeconds(1)).close();
		});
		assertThatIOException().isThrownBy(() -> {
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port[0]), 500);
			}
		});
	}

	@Test
	void embeddedServerOnAPortInUseFailsStartupSayingSo() throws Exception {
		try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			this.contextRunner
				.withPropertyValues("distributed-lock.zookeeper.embedded.enabled=true",
						"distributed-lock.zookeeper.embedded.port=" + taken.getLocalPort())
				.run((context) -> {
					assertThat(context).hasFailed();
					assertThat(context.getStartupFailure())
						.hasStackTraceContaining("Port " + taken.getLocalPort() + " of the embedded ZooKeeper server")
						.hasStackTraceContaining("already in use");
				});
		}
	}

	@Test
	void embeddedServerIsOffByDefault() {
		connected().run((context) -> assertThat(context).doesNotHaveBean(EmbeddedZooKeeperServer.class));
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
