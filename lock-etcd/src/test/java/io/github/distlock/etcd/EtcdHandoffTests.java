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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * Local hand-off on etcd: a held {@code MUTEX} key passes from thread to thread of one registry,
 * without a delete and a put, a bounded number of times in a row, with a greater token each time,
 * while another process still gets its turn.
 */
class EtcdHandoffTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private static final int THREADS = 8;

	private static final int ROUNDS = 25;

	private final TestRegistries registries = new TestRegistries("/handoff");

	private final ExecutorService threads = Executors.newFixedThreadPool(THREADS + 1);

	@AfterEach
	void close() throws Exception {
		this.threads.shutdownNow();
		this.threads.awaitTermination(10, TimeUnit.SECONDS);
		this.registries.close();
	}

	@Test
	void heldKeyPassesFromThreadToThreadWithGrowingTokensWithinItsBound() throws Exception {
		EtcdLockRegistry registry = registry(8);
		Holds holds = contend(registry, "hot");
		assertThat(holds.overlaps()).hasValue(0);
		assertThat(holds.tokens()).hasSize(THREADS * ROUNDS).isSorted().doesNotHaveDuplicates();
		assertThat(holds.keys().stream().distinct().count()).as("contender keys put for %d holds", THREADS * ROUNDS)
			.isLessThan(THREADS * ROUNDS);
		assertThat(holds.tokens()).allSatisfy((token) -> assertThat(token & 1023).as("hand-offs of one key")
			.isLessThanOrEqualTo(8));
		assertThat(registry.locksInUse()).isZero();
		assertThat(registry.participants("hot", LockType.MUTEX)).isEmpty();
	}

	@Test
	void aKeyIsHandedOffOnlyToAThreadThatRecordsTheSameOwner() throws Exception {
		EtcdLockRegistry registry = registry(8);
		List<String> seen = new CopyOnWriteArrayList<>();
		List<Future<?>> workers = new ArrayList<>();
		for (int t = 0; t < THREADS; t++) {
			String owner = "owner-" + (t % 2);
			workers.add(this.threads.submit(() -> {
				for (int round = 0; round < ROUNDS; round++) {
					try (LockHandle lock = registry.acquire(request("owned", Duration.ofSeconds(30)).withOwner(owner))) {
						String recorded = registry.ownerOf("owned", LockType.MUTEX).orElse("none");
						if (!recorded.equals(owner)) {
							seen.add(owner + " held it recorded as " + recorded);
						}
					}
				}
				return null;
			}));
		}
		for (Future<?> worker : workers) {
			worker.get(60, TimeUnit.SECONDS);
		}
		assertThat(seen).isEmpty();
	}

	@Test
	void withoutHandOffEveryHolderPutsAKeyOfItsOwn() throws Exception {
		EtcdLockRegistry registry = registry(0);
		Holds holds = contend(registry, "cold");
		assertThat(holds.overlaps()).hasValue(0);
		assertThat(holds.keys().stream().distinct().count()).isEqualTo(THREADS * ROUNDS);
		assertThat(holds.tokens()).allSatisfy((token) -> assertThat(token & 1023).isZero());
	}

	@Test
	void anotherProcessGetsItsTurnWhileThisOneHandsOff() throws Exception {
		EtcdLockRegistry busy = registry(8);
		EtcdLockRegistry other = registry(8);
		AtomicBoolean stop = new AtomicBoolean();
		AtomicInteger busyHolds = new AtomicInteger();
		List<Future<?>> workers = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			workers.add(this.threads.submit(() -> {
				while (!stop.get()) {
					try (LockHandle lock = busy.acquire(request("shared", Duration.ofSeconds(30)))) {
						busyHolds.incrementAndGet();
					}
				}
				return null;
			}));
		}
		try {
			for (int turn = 0; turn < 5; turn++) {
				int before = busyHolds.get();
				try (LockHandle lock = other.acquire(request("shared", Duration.ofSeconds(10)))) {
					assertThat(lock.isHeld()).isTrue();
				}
				// the busy process went on meanwhile, and will again
				while (busyHolds.get() == before) {
					Thread.onSpinWait();
				}
			}
		}
		finally {
			stop.set(true);
		}
		for (Future<?> worker : workers) {
			worker.get(30, TimeUnit.SECONDS);
		}
	}

	private Holds contend(EtcdLockRegistry registry, String key) throws Exception {
		Holds holds = new Holds(new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>(), new AtomicInteger(),
				new AtomicInteger());
		List<Future<?>> workers = new ArrayList<>();
		for (int i = 0; i < THREADS; i++) {
			workers.add(this.threads.submit(() -> {
				for (int n = 0; n < ROUNDS; n++) {
					try (LockHandle lock = registry.acquire(request(key, Duration.ofSeconds(30)))) {
						if (holds.inside().incrementAndGet() != 1) {
							holds.overlaps().incrementAndGet();
						}
						holds.tokens().add(lock.fencingToken());
						holds.keys().add(registry.participants(key, LockType.MUTEX).iterator().next());
						holds.inside().decrementAndGet();
					}
				}
				return null;
			}));
		}
		for (Future<?> worker : workers) {
			worker.get(60, TimeUnit.SECONDS);
		}
		return holds;
	}

	private EtcdLockRegistry registry(int maxHandoffs) {
		return this.registries.registry(List.of(etcd.endpoint()), Duration.ofSeconds(10), TestRegistries.NO_LISTENER,
				new EtcdLockRegistry.Options(Duration.ofSeconds(10), false, true, maxHandoffs, Duration.ofSeconds(1)));
	}

	private static LockRequest request(String key, Duration wait) {
		return new LockRequest(key, LockType.MUTEX, wait, "handoff");
	}

	/** What the holders of a key saw, in the order they held it. */
	private record Holds(List<Long> tokens, List<String> keys, AtomicInteger inside, AtomicInteger overlaps) {
	}

}
