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

import io.github.distlock.actuate.LocksEndpoint;
import io.github.distlock.annotation.LockType;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.observability.DistributedLockMetricsAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.LocksEndpointAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.test.etcd.EtcdServerExtension;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * On the etcd backend, the {@code locks} endpoint lists the application's held locks and every
 * contender of a key across processes, and the lock meters and gauges count, as on ZooKeeper.
 */
class EtcdObservabilityTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class,
				SimpleMetricsExportAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class,
				ZooKeeperLockAutoConfiguration.class, EtcdLockAutoConfiguration.class,
				LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class, DistributedLockMetricsAutoConfiguration.class,
				LocksEndpointAutoConfiguration.class))
		.withPropertyValues("distributed-lock.backend=etcd", "distributed-lock.etcd.endpoints=" + etcd.endpoint(),
				"management.endpoints.web.exposure.include=locks");

	@Test
	void endpointListsHeldLocksAndTheContendersOfAnotherProcess() {
		this.contextRunner.run((app) -> this.contextRunner.run((other) -> {
			LockOperations locks = app.getBean(LockOperations.class);
			try (LockHandle held = locks.acquire("stock:9", Duration.ofSeconds(5))) {
				LocksEndpoint endpoint = app.getBean(LocksEndpoint.class);
				assertThat(endpoint.locks().held()).singleElement().satisfies((lock) -> {
					assertThat(lock.key()).isEqualTo("stock:9");
					assertThat(lock.path()).isEqualTo("/Locks/stock:9");
					assertThat(lock.state()).isEqualTo("HELD");
					assertThat(lock.fencingToken()).isEqualTo(held.fencingToken());
				});
				LocksEndpoint otherEndpoint = other.getBean(LocksEndpoint.class);
				assertThat(otherEndpoint.locks().held()).isEmpty();
				assertThat(otherEndpoint.participants(new String[] { "stock:9" }, LockType.MUTEX).participants())
					.singleElement()
					.satisfies((key) -> assertThat(key).startsWith("/Locks/stock:9/mutex/w-"));
			}
			// the release is sent in order and answered one round trip later (docs/guarantees.md)
			await().atMost(Duration.ofSeconds(5))
				.untilAsserted(() -> assertThat(other.getBean(LocksEndpoint.class)
					.participants(new String[] { "stock:9" }, LockType.MUTEX)
					.participants()).isEmpty());
		}));
	}

	@Test
	void metersCountAcquisitionsAndTimeoutsAndGaugesFollowTheHeldLocks() {
		this.contextRunner.run((app) -> this.contextRunner.run((other) -> {
			assertThat(app).hasSingleBean(EtcdLockBackend.class);
			MeterRegistry meters = app.getBean(MeterRegistry.class);
			LockOperations locks = app.getBean(LockOperations.class);
			try (LockHandle held = other.getBean(LockOperations.class).acquire("job", Duration.ofSeconds(5))) {
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> locks.execute("job", Duration.ofMillis(200), () -> "ran"));
			}
			try (LockHandle mine = locks.acquire("job", Duration.ofSeconds(5))) {
				assertThat(meters.get("distributed.lock.active").gauge().value()).isEqualTo(1.0);
			}
			assertThat(meters.get("distributed.lock.active").gauge().value()).isZero();
			assertThat(meters.get("distributed.lock.acquired").counter().count()).isEqualTo(1.0);
			assertThat(meters.get("distributed.lock.timeouts").counter().count()).isEqualTo(1.0);
		}));
	}

}
