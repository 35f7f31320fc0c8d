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

import java.time.Duration;

import io.etcd.jetcd.Client;
import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.EmbeddedZooKeeperAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.etcd.EtcdLockPathResolver;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.etcd.EtcdLockRegistry;
import io.github.distlock.test.etcd.EtcdServerExtension;
import io.github.distlock.test.memory.InMemoryLockRegistry;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The etcd backend is chosen by {@code distributed-lock.backend=etcd}, or when ZooKeeper's is
 * not on the class path; it locks through a real etcd server, and each of its beans backs off
 * for the application's own.
 */
class EtcdLockAutoConfigurationTests {

	/** What {@code distributed-lock.cache.*} gives when none is set. */
	private static final LockEngine.Caching CACHING_BY_DEFAULT = LockEngine.Caching.of(Duration.ofSeconds(1), 1000);

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(EmbeddedZooKeeperAutoConfiguration.class,
				ZooKeeperLockAutoConfiguration.class, EtcdLockAutoConfiguration.class,
				LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class));

	private ApplicationContextRunner etcdChosen() {
		return this.contextRunner.withPropertyValues("distributed-lock.backend=etcd",
				"distributed-lock.etcd.endpoints=" + etcd.endpoint(), "distributed-lock.etcd.lease-ttl=5s",
				"distributed-lock.etcd.root-path=/app/locks");
	}

	@Test
	void chosenByPropertyLocksAnnotatedMethodsThroughEtcd() {
		etcdChosen().withUserConfiguration(Orders.class).run((context) -> {
			assertThat(context).hasSingleBean(Client.class)
				.hasSingleBean(EtcdLockBackend.class)
				.hasSingleBean(LockEngine.class)
				.doesNotHaveBean(CuratorFramework.class)
				.doesNotHaveBean(ZooKeeperLockBackend.class);
			assertThat(context.getBean(LockPathResolver.class).resolve("order-1")).isEqualTo("/app/locks/order-1");
			AcquiredLock lock = context.getBean(Orders.class).place("order-1");
			assertThat(lock.path()).isEqualTo("/app/locks/order-1");
			assertThat(lock.fencingToken()).isPositive();
			assertThat(context.getBean(LockEngine.class).heldLocks()).isEmpty();
		});
	}

	@Test
	void engineOptionsComeFromTheNeutralProperties() {
		etcdChosen().run((context) -> assertThat(context.getBean(LockEngine.class).options())
			.isEqualTo(LockEngine.Options.STANDARD.withCaching(CACHING_BY_DEFAULT)));
		etcdChosen()
			.withPropertyValues("distributed-lock.local-queue.max-handoffs=3",
					"distributed-lock.local-queue.max-handoff-time=40ms", "distributed-lock.lock-lost.interrupt-holder=true",
					"distributed-lock.revocation.interrupt-holder=true")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options())
				.isEqualTo(LockEngine.Options.of(true, true).withHandoff(3, Duration.ofMillis(40)).withInterruptOnRevocation(true)
					.withCaching(CACHING_BY_DEFAULT)
					.withPauseTolerance(LockEngine.Options.STANDARD.pauseTolerance())));
	}

	@Test
	@SuppressWarnings("deprecation")
	void deprecatedEtcdEngineKeysStillWork() {
		etcdChosen()
			.withPropertyValues("distributed-lock.etcd.local-queue.enabled=false",
					"distributed-lock.etcd.lock-lost.interrupt-holder=true")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options())
				.isEqualTo(new EtcdLockRegistry.Options(Duration.ofSeconds(5), true, false).engineOptions()
					.withPauseTolerance(LockEngine.Options.STANDARD.pauseTolerance())));
		etcdChosen()
			.withPropertyValues("distributed-lock.etcd.local-queue.max-handoffs=3",
					"distributed-lock.etcd.local-queue.max-handoff-time=40ms")
			.run((context) -> assertThat(context.getBean(LockEngine.class).options())
				.isEqualTo(new EtcdLockRegistry.Options(Duration.ofSeconds(5), false, true, 3, Duration.ofMillis(40))
					.engineOptions()
					.withCaching(CACHING_BY_DEFAULT)
					.withPauseTolerance(LockEngine.Options.STANDARD.pauseTolerance())));
	}

	@Test
	void chosenWhenZooKeeperIsNotOnTheClassPath() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(ZooKeeperLockBackend.class, CuratorFramework.class))
			.withPropertyValues("distributed-lock.etcd.endpoints=" + etcd.endpoint())
			.run((context) -> {
				assertThat(context).hasSingleBean(EtcdLockBackend.class);
				LockOperations operations = context.getBean(LockOperations.class);
				assertThat(operations.execute("job", Duration.ofSeconds(5), () -> "ran")).isEqualTo("ran");
			});
	}

	@Test
	void zooKeeperStaysTheDefaultWhenBothAreOnTheClassPath() {
		this.contextRunner.withPropertyValues("distributed-lock.zookeeper.fail-fast=false").run((context) -> {
			assertThat(context).hasSingleBean(ZooKeeperLockBackend.class).doesNotHaveBean(EtcdLockBackend.class);
			assertThat(context).doesNotHaveBean(Client.class);
		});
	}

	@Test
	void notChosenWhenZooKeeperIsNamed() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(ZooKeeperLockBackend.class, CuratorFramework.class))
			.withPropertyValues("distributed-lock.backend=zookeeper")
			.run((context) -> assertThat(context).doesNotHaveBean(EtcdLockBackend.class)
				.doesNotHaveBean(LockRegistry.class));
	}

	@Test
	void backsOffForTheApplicationsClientResolverAndRegistry() {
		etcdChosen().withUserConfiguration(OwnClient.class).run((context) -> {
			assertThat(context).hasSingleBean(Client.class).hasBean("ownClient");
			assertThat(context.getBean(LockPathResolver.class)).isSameAs(context.getBean("ownResolver"));
			assertThat(context.getBean(LockEngine.class).pathOf("k")).isEqualTo("/own/k");
		});
		etcdChosen().withUserConfiguration(OwnRegistry.class).run((context) -> {
			assertThat(context).hasSingleBean(LockRegistry.class).doesNotHaveBean(EtcdLockBackend.class);
			assertThat(context.getBean(LockRegistry.class)).isInstanceOf(InMemoryLockRegistry.class);
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class Orders {

		@DistributedLock(key = "#id", waitTime = 5_000)
		AcquiredLock place(String id) {
			return LockContext.current();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnClient {

		@Bean(destroyMethod = "close")
		Client ownClient() {
			return Client.builder().endpoints(etcd.endpoint()).build();
		}

		@Bean
		LockPathResolver ownResolver() {
			return new EtcdLockPathResolver("/own");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OwnRegistry {

		@Bean
		InMemoryLockRegistry ownRegistry() {
			return new InMemoryLockRegistry(new InMemoryLockService());
		}

	}

}
