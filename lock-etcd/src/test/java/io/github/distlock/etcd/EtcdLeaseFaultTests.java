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

package io.github.distlock.etcd;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A holder whose etcd server stops answering (SIGSTOP) is told: its lock is in doubt once
 * renewals are late, held again if they get through before the lease runs out, and lost once it
 * may have run out, when another client takes the lock with a greater token.
 */
class EtcdLeaseFaultTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private final List<String> changes = new CopyOnWriteArrayList<>();

	private final LockListener recorder = new LockListener() {
		@Override
		public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
			EtcdLeaseFaultTests.this.changes.add(previous + "->" + current);
		}
	};

	private final TestRegistries registries = new TestRegistries("/faults");

	@AfterEach
	void close() throws Exception {
		etcd.resume();
		this.registries.close();
	}

	@Test
	void lockIsInDoubtWhileEtcdDoesNotAnswerAndHeldAgainWhenItAnswersInTime() throws Exception {
		EtcdLockRegistry registry = registry(Duration.ofSeconds(10), this.recorder);
		LockHandle lock = registry.acquire(request("doubt", Duration.ofSeconds(5)));
		etcd.pause();
		await().atMost(Duration.ofSeconds(9)).until(() -> lock.state() == LockState.IN_DOUBT);
		assertThat(lock.isHeld()).isFalse();
		etcd.resume();
		await().atMost(Duration.ofSeconds(20)).until(() -> lock.state() == LockState.HELD);
		// the listener is told on the registry's thread
		await().atMost(Duration.ofSeconds(5)).until(() -> this.changes.contains("IN_DOUBT->HELD"));
		assertThat(this.changes).containsExactly("HELD->IN_DOUBT", "IN_DOUBT->HELD");
		lock.close();
	}

	@Test
	void lockIsLostWhenEtcdDoesNotAnswerForTheLeaseAndAnotherClientTakesItWithAGreaterToken() throws Exception {
		EtcdLockRegistry registry = registry(Duration.ofSeconds(3), this.recorder);
		EtcdLockRegistry other = registry(Duration.ofSeconds(3), TestRegistries.NO_LISTENER);
		LockHandle lock = registry.acquire(request("lost", Duration.ofSeconds(5)));
		etcd.pause();
		await().atMost(Duration.ofSeconds(20)).until(() -> lock.state() == LockState.LOST);
		// the listener is told on the registry's thread
		await().atMost(Duration.ofSeconds(5)).until(() -> this.changes.contains("IN_DOUBT->LOST"));
		assertThat(this.changes).containsExactly("HELD->IN_DOUBT", "IN_DOUBT->LOST");
		Thread.sleep(2_000);
		etcd.resume();
		try (LockHandle next = other.acquire(request("lost", Duration.ofSeconds(30)))) {
			assertThat(next.fencingToken()).isGreaterThan(lock.fencingToken());
		}
		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> registry.acquire(request("lost", Duration.ofSeconds(5))));
		lock.close();
		try (LockHandle again = registry.acquire(request("lost", Duration.ofSeconds(10)))) {
			assertThat(again.isHeld()).isTrue();
		}
	}

	private EtcdLockRegistry registry(Duration ttl, LockListener listener) {
		return this.registries.registry(List.of(etcd.endpoint()), ttl, listener);
	}

	private static LockRequest request(String key, Duration wait) {
		return new LockRequest(key, LockType.MUTEX, wait, "fault");
	}

}
