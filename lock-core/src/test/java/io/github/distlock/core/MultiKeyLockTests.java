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

package io.github.distlock.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * Locks over several keys through {@link LockOperations}, on the in-memory backend: all or
 * none, in one order, released in reverse, and free of deadlocks between callers whose keys
 * overlap.
 */
class MultiKeyLockTests {

	private static final Duration LONG = Duration.ofSeconds(30);

	private final InMemoryLockService service = new InMemoryLockService();

	private final List<String> events = Collections.synchronizedList(new ArrayList<>());

	private final InMemoryLockBackend backend = new InMemoryLockBackend(this.service);

	private final LockEngine registry = new LockEngine(this.backend, new LockListener() {

		@Override
		public void onAcquired(AcquiredLock lock, Duration waited) {
			MultiKeyLockTests.this.events.add("acquired " + lock.key());
			Callers callers = MultiKeyLockTests.this.callers;
			if (callers != null) {
				callers.acquired();
			}
		}

		@Override
		public void onReleased(AcquiredLock lock, Duration held) {
			MultiKeyLockTests.this.events.add("released " + lock.key());
		}

	}, LockEngine.Options.DEFAULTS);

	private final InMemoryLockBackend otherBackend = new InMemoryLockBackend(this.service);

	private final LockEngine otherProcess = new LockEngine(this.otherBackend, new LockListener() {
	}, LockEngine.Options.DEFAULTS);

	private final LockTemplate locks = new LockTemplate(this.registry);

	private final ExecutorService executor = Executors.newCachedThreadPool();

	@AfterEach
	void close() throws InterruptedException {
		this.executor.shutdownNow();
		this.executor.awaitTermination(10, TimeUnit.SECONDS);
		this.registry.close();
		this.backend.close();
		this.otherProcess.close();
		this.otherBackend.close();
	}

	@Test
	void locksEveryKeyInAscendingOrderAndReleasesThemInReverse() {
		List<Long> tokens = this.locks.executeAll(List.of("stock:7", "stock:3", "stock:5", "stock:3"), LONG, () -> {
			assertThat(LockContext.all()).extracting(AcquiredLock::key).containsExactly("stock:3", "stock:5", "stock:7");
			return LockContext.all().stream().map(AcquiredLock::fencingToken).toList();
		});
		assertThat(tokens).hasSize(3).allSatisfy((token) -> assertThat(token).isPositive());
		assertThat(this.events).containsExactly("acquired stock:3", "acquired stock:5", "acquired stock:7",
				"released stock:7", "released stock:5", "released stock:3");
		assertThat(LockContext.current()).isNull();
		assertThat(this.registry.heldLocks()).isEmpty();
	}

	@Test
	void handleGivesEachKeysLockAndToken() {
		try (MultiLockHandle held = this.locks
			.acquireAll(new MultiLockRequest(List.of("b", "a"), LockType.WRITE, LONG, "Transfers.move"))) {
			assertThat(held.locks()).extracting(LockHandle::key).containsExactly("a", "b");
			assertThat(held.locks()).allSatisfy((lock) -> {
				assertThat(lock.type()).isEqualTo(LockType.WRITE);
				assertThat(lock.name()).isEqualTo("Transfers.move");
			});
			assertThat(held.fencingToken("b")).isEqualTo(held.lock("b").fencingToken());
			assertThat(held.isHeld()).isTrue();
			assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> held.lock("c"))
				.withMessageContaining("'c'");
		}
		assertThat(this.service.entriesOf("a")).isEmpty();
		assertThat(this.service.entriesOf("b")).isEmpty();
	}

	@Test
	void allOrNothing() {
		try (LockHandle taken = this.otherProcess.acquire(LockRequest.of("b", LONG))) {
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> this.locks.executeAll(List.of("a", "b", "c"), Duration.ofMillis(200), () -> "never"))
				.satisfies((ex) -> assertThat(ex.getKey()).isEqualTo("b"));
			assertThat(this.service.entriesOf("a")).as("the lock taken before is released").isEmpty();
			assertThat(this.events).containsExactly("acquired a", "released a");
		}
		assertThat(this.registry.heldLocks()).isEmpty();
	}

	@Test
	void emptyNullAndBlankKeysAreRefused() {
		assertThatExceptionOfType(InvalidLockKeyException.class)
			.isThrownBy(() -> this.locks.executeAll(List.of(), LONG, () -> "x"))
			.withMessageContaining("at least one key");
		assertThatExceptionOfType(InvalidLockKeyException.class)
			.isThrownBy(() -> this.locks.executeAll(java.util.Arrays.asList("a", null), LONG, () -> "x"))
			.withMessageContaining("Lock key 1 of 2")
			.withMessageContaining("null");
		assertThatExceptionOfType(InvalidLockKeyException.class)
			.isThrownBy(() -> this.locks.acquireAll(List.of("a", " "), LONG))
			.withMessageContaining("' '");
		assertThat(this.events).isEmpty();
	}

	@Test
	void lockLostWhileTheCallbackRanIsReportedAfterIt() {
		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> this.locks.executeAll(List.of("x", "y"), LONG, () -> {
				this.backend.expireSession();
				return "done";
			}))
			.satisfies((ex) -> assertThat(ex.getKey()).isEqualTo("x"));
		assertThat(this.registry.heldLocks()).isEmpty();
	}

	/**
	 * Two threads take the same two keys, written in opposite orders, and each stops after its
	 * first lock until the other has its first lock too, or waits for one, or is done. Taken one by
	 * one in the order written, each then waits for the other's lock until its wait time; as a
	 * multi-key lock, both take the keys in one order, and both finish.
	 */
	@Test
	void callersWhoseKeysOverlapDoNotWaitForEachOther() throws Exception {
		List<Throwable> oneByOne = twoCallers((keys) -> {
			List<LockHandle> held = new ArrayList<>();
			try {
				for (String key : keys) {
					held.add(this.locks.acquire(LockRequest.of(key, Duration.ofMillis(500))));
				}
			}
			finally {
				Collections.reverse(held);
				held.forEach(LockHandle::close);
			}
		});
		assertThat(oneByOne).as("taken one by one in the order written")
			.anyMatch((outcome) -> outcome instanceof LockAcquisitionException);
		List<Throwable> multiKey = twoCallers((keys) -> this.locks.executeAll(keys, Duration.ofMillis(500), () -> null));
		assertThat(multiKey).as("taken as multi-key locks").containsOnlyNulls();
	}

	private volatile Callers callers;

	private List<Throwable> twoCallers(KeysTask task) throws Exception {
		Callers pair = new Callers(this.registry);
		this.callers = pair;
		try {
			Future<Throwable> first = this.executor.submit(() -> pair.run(() -> task.run(List.of("left", "right"))));
			Future<Throwable> second = this.executor.submit(() -> pair.run(() -> task.run(List.of("right", "left"))));
			return java.util.Arrays.asList(first.get(60, TimeUnit.SECONDS), second.get(60, TimeUnit.SECONDS));
		}
		finally {
			this.callers = null;
		}
	}

	@FunctionalInterface
	private interface KeysTask {

		void run(List<String> keys) throws Exception;

	}

	/**
	 * Two calling threads, each held up after its first lock until the other has one, waits for
	 * one, or is done.
	 */
	private static final class Callers {

		private final LockEngine registry;

		private final Map<Thread, AtomicInteger> locksTaken = new ConcurrentHashMap<>();

		private final Map<Thread, Boolean> done = new ConcurrentHashMap<>();

		Callers(LockEngine registry) {
			this.registry = registry;
		}

		Throwable run(org.assertj.core.api.ThrowableAssert.ThrowingCallable task) {
			this.locksTaken.put(Thread.currentThread(), new AtomicInteger());
			try {
				return catchThrowable(task);
			}
			finally {
				this.done.put(Thread.currentThread(), true);
			}
		}

		void acquired() {
			AtomicInteger taken = this.locksTaken.get(Thread.currentThread());
			if (taken == null || taken.incrementAndGet() != 1) {
				return;
			}
			await().atMost(Duration.ofSeconds(10)).until(this::otherHasStarted);
		}

		private boolean otherHasStarted() {
			for (Map.Entry<Thread, AtomicInteger> caller : this.locksTaken.entrySet()) {
				Thread other = caller.getKey();
				if (other == Thread.currentThread()) {
					continue;
				}
				boolean waiting = this.registry.waiters().stream().anyMatch((w) -> w.thread().equals(other.getName()));
				return caller.getValue().get() > 0 || waiting || this.done.containsKey(other);
			}
			return false;
		}

	}

	/**
	 * Eight threads of two clients lock random, overlapping sets of keys over and over: every
	 * call gets all its locks (no deadlock), and no key is held by two calls at once.
	 */
	@Test
	void manyCallersOnRandomOverlappingKeySetsAllFinishWithoutOverlap() throws Exception {
		LockTemplate other = new LockTemplate(this.otherProcess);
		List<String> keys = List.of("k0", "k1", "k2", "k3", "k4", "k5");
		Map<String, AtomicInteger> inside = new ConcurrentHashMap<>();
		keys.forEach((key) -> inside.put(key, new AtomicInteger()));
		AtomicInteger overlaps = new AtomicInteger();
		AtomicInteger calls = new AtomicInteger();
		List<Future<?>> workers = new ArrayList<>();
		for (int t = 0; t < 8; t++) {
			LockOperations operations = (t % 2 == 0) ? this.locks : other;
			Random random = new Random(t);
			workers.add(this.executor.submit(() -> {
				for (int i = 0; i < 150; i++) {
					List<String> chosen = new ArrayList<>(keys);
					Collections.shuffle(chosen, random);
					List<String> subset = chosen.subList(0, 2 + random.nextInt(3));
					operations.executeAll(subset, LONG, () -> {
						subset.forEach((key) -> {
							if (inside.get(key).incrementAndGet() != 1) {
								overlaps.incrementAndGet();
							}
						});
						Thread.onSpinWait();
						subset.forEach((key) -> inside.get(key).decrementAndGet());
						return calls.incrementAndGet();
					});
				}
				return null;
			}));
		}
		for (Future<?> worker : workers) {
			worker.get(120, TimeUnit.SECONDS);
		}
		assertThat(calls).hasValue(8 * 150);
		assertThat(overlaps).hasValue(0);
		await().until(() -> keys.stream().allMatch((key) -> this.service.entriesOf(key).isEmpty()));
	}

}
