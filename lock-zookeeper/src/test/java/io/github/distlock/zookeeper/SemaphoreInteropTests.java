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
package io.github.distlock.zookeeper;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreV2;
import org.apache.curator.framework.recipes.locks.Lease;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * A {@code SEMAPHORE} on ZooKeeper is Curator's {@code InterProcessSemaphoreV2} under
 * {@code <lock path>/semaphore}: a process that uses Curator's recipe there with the same number
 * of leases shares the permits with the registry's holders.
 */
class SemaphoreInteropTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	@Test
	void curatorsSemaphoreOnTheSemaphoresPathSharesItsPermits() throws Exception {
		try (EngineProcess registry = EngineProcess.start(zookeeper.connectString()); EngineProcess curatorUser = EngineProcess.start(zookeeper.connectString())) {
			InterProcessSemaphoreV2 curator = new InterProcessSemaphoreV2(curatorUser.client(), "/Locks/shared/semaphore",
					2);
			Lease curatorLease = curator.acquire(10, TimeUnit.SECONDS);
			assertThat(curatorLease).isNotNull();
			try (LockHandle lease = registry.engine().acquire(semaphore("shared", WAIT))) {
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> registry.engine().acquire(semaphore("shared", Duration.ofMillis(300))));
				assertThat(curator.acquire(300, TimeUnit.MILLISECONDS)).as("a third lease from Curator").isNull();
				curatorLease.close();
				try (LockHandle second = registry.engine().acquire(semaphore("shared", WAIT))) {
					assertThat(second.fencingToken()).isGreaterThan(lease.fencingToken());
				}
			}
			await().atMost(WAIT)
				.untilAsserted(() -> assertThat(ephemeralNodesUnder(registry.client(), "/Locks/shared")).isEmpty());
		}
	}

	@Test
	void requestWithOtherPermitsThanTheKeysSemaphoreHasInThisProcessIsRefused() throws Exception {
		try (EngineProcess registry = EngineProcess.start(zookeeper.connectString())) {
			try (LockHandle lease = registry.engine().acquire(semaphore("mismatched", WAIT))) {
				assertThatIllegalArgumentException()
					.isThrownBy(() -> registry.engine().acquire(semaphore("mismatched", WAIT).withPermits(3)))
					.withMessageContaining("semaphore of 2 permits in this process, but was requested with 3");
			}
		}
	}

	private static LockRequest semaphore(String key, Duration wait) {
		return new LockRequest(key, LockType.SEMAPHORE, wait, "semaphore").withPermits(2);
	}

}
