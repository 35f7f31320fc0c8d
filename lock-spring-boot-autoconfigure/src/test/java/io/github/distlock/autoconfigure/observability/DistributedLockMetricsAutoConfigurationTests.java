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

import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockState;
import io.github.distlock.metrics.LockMetricsListener;
import io.github.distlock.metrics.LockRegistryMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.expireSession;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class DistributedLockMetricsAutoConfigurationTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class, LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class,
				DistributedLockMetricsAutoConfiguration.class))
		.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString());

	private final ApplicationContextRunner withMicrometer = this.contextRunner.withConfiguration(AutoConfigurations
		.of(MetricsAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
				CompositeMeterRegistryAutoConfiguration.class));

	@Test
	void recordsLockMetricsWhenAMeterRegistryExists() {
		this.withMicrometer.run((context) -> {
			assertThat(context).hasSingleBean(LockMetricsListener.class).hasSingleBean(LockRegistryMetrics.class);
			context.getBean(LockOperations.class)
				.execute("metrics:auto", Duration.ofSeconds(1), () -> null);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters.get(LockMetricsListener.WAIT)
				.tags("name", "programmatic", "type", "MUTEX", "outcome", "acquired")
				.timer()
				.count()).isEqualTo(1);
			assertThat(meters.get(LockMetricsListener.HELD).timer().count()).isEqualTo(1);
			assertThat(meters.find(LockRegistryMetrics.ACTIVE).gauge()).isNotNull();
			assertThat(meters.find(LockRegistryMetrics.PENDING).gauge()).isNotNull();
		});
	}

	@Test
	void theRegistryTellsTheMetersOfEachEventOnce() {
		this.withMicrometer.run((context) -> {
			LockOperations locks = context.getBean(LockOperations.class);
			locks.execute("metrics:once", Duration.ofSeconds(1), () -> null);
			LockHandle doomed = locks.acquire("metrics:lost", Duration.ofSeconds(1));
			expireSession(context.getBean(CuratorFramework.class));
			await().atMost(Duration.ofSeconds(30)).until(() -> doomed.state() == LockState.LOST);
			doomed.close();
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			Tags tags = Tags.of("name", "programmatic", "type", "MUTEX");
			assertThat(meters.get(LockMetricsListener.ACQUIRED).tags(tags).counter().count()).isEqualTo(2);
			assertThat(meters.get(LockMetricsListener.HELD).tags(tags).timer().count()).isEqualTo(2);
			assertThat(meters.get(LockMetricsListener.LOST).tags(tags).counter().count()).isEqualTo(1);
		});
	}

	@Test
	void usesAnApplicationsMeterRegistryWithoutBootsMetricsAutoConfiguration() {
		this.contextRunner.withUserConfiguration(MeterRegistryConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(LockMetricsListener.class);
			context.getBean(LockOperations.class)
				.execute("metrics:user", Duration.ofSeconds(1), () -> null);
			assertThat(context.getBean(SimpleMeterRegistry.class).get(LockMetricsListener.WAIT).timer().count())
				.isEqualTo(1);
		});
	}

	@Test
	void backsOffWithoutAMeterRegistry() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(LockMetricsListener.class)
			.doesNotHaveBean(LockRegistryMetrics.class));
	}

	@Test
	void backsOffWithoutMicrometer() {
		this.contextRunner.withUserConfiguration(MeterRegistryConfiguration.class)
			.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).doesNotHaveBean(LockMetricsListener.class)
				.doesNotHaveBean(LockRegistryMetrics.class));
	}

	@Test
	void disabledByProperty() {
		this.withMicrometer.withPropertyValues("distributed-lock.metrics.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(MeterRegistry.class)
				.doesNotHaveBean(LockMetricsListener.class)
				.doesNotHaveBean(LockRegistryMetrics.class));
	}

	@Test
	void backsOffWhenLocksAreDisabled() {
		this.withMicrometer.withPropertyValues("distributed-lock.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(LockMetricsListener.class)
				.doesNotHaveBean(LockRegistryMetrics.class));
	}

	@Test
	void applicationsListenerReplacesOurs() {
		this.withMicrometer.withUserConfiguration(CustomListenerConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(LockMetricsListener.class);
			assertThat(context.getBean(LockMetricsListener.class))
				.isSameAs(context.getBean(CustomListenerConfiguration.class).listener);
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class MeterRegistryConfiguration {

		@Bean
		SimpleMeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomListenerConfiguration {

		final LockMetricsListener listener = new LockMetricsListener(new SimpleMeterRegistry());

		@Bean
		LockMetricsListener customLockMetricsListener() {
			return this.listener;
		}

	}

}
