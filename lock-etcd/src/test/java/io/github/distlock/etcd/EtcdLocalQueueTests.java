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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two-level locking on etcd: threads of one registry that want the same lock queue locally, so
 * the registry has at most one contender key per exclusive lock in etcd (and more without the
 * local queue), and its idle local queues are dropped.
 */
class EtcdLocalQueueTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private final TestRegistries registries = new TestRegistries("/local");

	@AfterEach
	void close() throws Exception {
		this.registries.close();
	}

	@Test
	void threadsOfOneRegistryKeepAtMostOneKeyInEtcd() throws Exception {
		EtcdLockRegistry registry = this.registries.registry(List.of(etcd.endpoint()), Duration.ofSeconds(10),
				TestRegistries.NO_LISTENER);
		assertThat(mostKeysSeenWhileEightThreadsContend(registry, "queued")).isEqualTo(1);
		assertThat(registry.locksInUse()).isZero();
	}

	@Test
	void withoutTheLocalQueueEveryThreadHasAKeyInEtcd() throws Exception {
		EtcdLockRegistry registry = this.registries.registry(List.of(etcd.endpoint()), Duration.ofSeconds(10),
				TestRegistries.NO_LISTENER, false);
		assertThat(mostKeysSeenWhileEightThreadsContend(registry, "unqueued")).isGreaterThan(1);
		assertThat(registry.locksInUse()).isZero();
	}

	@Test
	void idleLocalQueuesAreDropped() throws Exception {
		EtcdLockRegistry registry = this.registries.registry(List.of(etcd.endpoint()), Duration.ofSeconds(10),
				TestRegistries.NO_LISTENER);
		for (int i = 0; i < 200; i++) {
			for (LockType type : LockType.values()) {
				try (LockHandle lock = registry.acquire(new LockRequest("key-" + i, type, Duration.ofSeconds(5), "t"))) {
					assertThat(registry.locksInUse()).isEqualTo(1);
				}
			}
		}
		assertThat(registry.locksInUse()).isZero();
	}

	private static int mostKeysSeenWhileEightThreadsContend(EtcdLockRegistry registry, String key)
			throws Exception {
		AtomicInteger most = new AtomicInteger();
		ExecutorService threads = Executors.newFixedThreadPool(8);
		try {
			List<Future<?>> workers = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				workers.add(threads.submit(() -> {
					for (int n = 0; n < 15; n++) {
						try (LockHandle lock = registry
							.acquire(new LockRequest(key, LockType.MUTEX, Duration.ofSeconds(30), "t"))) {
							int seen = registry.participants(key, LockType.MUTEX).size();
							most.accumulateAndGet(seen, Math::max);
						}
					}
					return null;
				}));
			}
			for (Future<?> worker : workers) {
				worker.get();
			}
		}
		finally {
			threads.shutdownNow();
		}
		return most.get();
	}

}
