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

package io.github.distlock.test.memory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.InvalidLockKeyException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.memory.InMemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * What the in-memory backend offers beyond the contract of every backend: a suspended
 * connection, the end of a client, waiters queued again after an expiry, introspection.
 */
class InMemoryLockRegistryTests {

	private static final Duration SHORT = Duration.ofMillis(200);

	private static final Duration LONG = Duration.ofSeconds(10);

	private final InMemoryLockService service = new InMemoryLockService();

	private final List<String> changes = Collections.synchronizedList(new ArrayList<>());

	private final LockListener listener = new LockListener() {
		@Override
		public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
			InMemoryLockRegistryTests.this.changes.add(lock.key() + ":" + previous + "->" + current);
		}
	};

	private final InMemoryLockRegistry first = new InMemoryLockRegistry(this.service, this.listener);

	private final InMemoryLockRegistry second = new InMemoryLockRegistry(this.service);

	private final InMemoryLockRegistry third = new InMemoryLockRegistry(this.service);

	private final ExecutorService executor = Executors.newCachedThreadPool();

	@AfterEach
	void close() throws InterruptedException {
		this.executor.shutdownNow();
		this.executor.awaitTermination(10, TimeUnit.SECONDS);
		this.first.close();
		this.second.close();
		this.third.close();
	}

	private static LockRequest request(String key, LockType type, Duration waitTime) {
		return new LockRequest(key, type, waitTime, "test");
	}

	@Test
	void suspendedConnectionPutsHeldLocksInDoubtUntilItResumes() {
		try (LockHandle lock = this.first.acquire(request("doubt", LockType.MUTEX, SHORT))) {
			this.first.suspendConnection();
			assertThat(lock.state()).isEqualTo(LockState.IN_DOUBT);
			assertThat(lock.isHeld()).isFalse();
			assertThat(this.first.isConnected()).isFalse();
			this.first.resumeConnection();
			assertThat(lock.state()).isEqualTo(LockState.HELD);
			assertThat(lock.isHeld()).isTrue();
		}
		assertThat(this.changes).containsExactly("doubt:HELD->IN_DOUBT", "doubt:IN_DOUBT->HELD");
	}

	@Test
	void acquisitionWaitsForASuspendedConnectionWithinItsWaitTime() throws Exception {
		this.first.suspendConnection();
		assertThatExceptionOfType(LockBackendException.class)
			.isThrownBy(() -> this.first.acquire(request("disconnected", LockType.MUTEX, SHORT)))
			.withMessageContaining("'disconnected'")
			.withMessageContaining("is disconnected");
		Future<LockState> waiting = this.executor.submit(() -> {
			try (LockHandle lock = this.first.acquire(request("disconnected", LockType.MUTEX, LONG))) {
				return lock.state();
			}
		});
		await().until(() -> !this.first.waiters().isEmpty());
		this.first.resumeConnection();
		assertThat(waiting.get(10, TimeUnit.SECONDS)).isEqualTo(LockState.HELD);
	}

	@Test
	void closedClientLosesItsLocksToOthersAndFailsItsWaiters() throws Exception {
		LockHandle held = this.first.acquire(request("closing", LockType.MUTEX, SHORT));
		try (LockHandle other = this.second.acquire(request("elsewhere", LockType.MUTEX, SHORT))) {
			Future<?> waiter = this.executor.submit(() -> this.first.acquire(request("elsewhere", LockType.MUTEX, LONG)));
			await().until(() -> this.service.entriesOf("elsewhere").size() == 2);
			this.first.close();
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> waiter.get(10, TimeUnit.SECONDS))
				.withCauseInstanceOf(LockBackendException.class);
			assertThat(held.state()).isEqualTo(LockState.LOST);
			assertThat(this.changes).containsExactly("closing:HELD->LOST");
			try (LockHandle taken = this.third.acquire(request("closing", LockType.MUTEX, Duration.ZERO))) {
				assertThat(taken.fencingToken()).isGreaterThan(held.fencingToken());
			}
			assertThatExceptionOfType(LockLostException.class)
				.isThrownBy(() -> this.first.acquire(request("closing", LockType.MUTEX, SHORT)));
			assertThatExceptionOfType(LockBackendException.class)
				.isThrownBy(() -> this.first.acquire(request("fresh", LockType.MUTEX, SHORT)))
				.withMessageContaining("closed");
		}
		held.close();
		assertThat(this.service.entriesOf("closing")).isEmpty();
		assertThat(this.service.entriesOf("elsewhere")).isEmpty();
	}

	@Test
	void waiterOfAnExpiredSessionQueuesAgainAtTheBack() throws Exception {
		List<String> order = Collections.synchronizedList(new ArrayList<>());
		LockHandle held = this.third.acquire(request("requeue", LockType.MUTEX, SHORT));
		Future<?> firstWaiter = this.executor.submit(() -> {
			try (LockHandle lock = this.first.acquire(request("requeue", LockType.MUTEX, LONG))) {
				order.add("first");
			}
		});
		await().until(() -> this.service.entriesOf("requeue").size() == 2);
		Future<?> secondWaiter = this.executor.submit(() -> {
			try (LockHandle lock = this.second.acquire(request("requeue", LockType.MUTEX, LONG))) {
				order.add("second");
			}
		});
		await().until(() -> this.service.entriesOf("requeue").size() == 3);
		long expired = this.first.sessionId();
		this.first.expireSession();
		assertThat(this.first.sessionId()).isNotEqualTo(expired);
		assertThat(this.service.entriesOf("requeue")).hasSize(3).last().asString().endsWith("@session-" + this.first.sessionId());
		held.close();
		firstWaiter.get(10, TimeUnit.SECONDS);
		secondWaiter.get(10, TimeUnit.SECONDS);
		assertThat(order).containsExactly("second", "first");
	}

	@Test
	void introspectionShowsHoldersFirstAndWaitersOfThisClient() throws Exception {
		try (LockHandle read = this.first.acquire(request("seen", LockType.READ, SHORT))) {
			CompletableFuture<Void> writer = CompletableFuture.runAsync(
					() -> this.second.acquire(request("seen", LockType.WRITE, LONG)).close(), this.executor);
			await().until(() -> this.second.waiters().size() == 1);
			assertThat(this.second.waiters().get(0).key()).isEqualTo("seen");
			assertThat(this.first.heldLocks()).containsExactly(read);
			assertThat(this.first.participants("seen", LockType.WRITE)).hasSize(2)
				.satisfies((names) -> assertThat(names.iterator().next()).startsWith("READ-"));
			assertThat(this.first.participants("seen", LockType.MUTEX)).isEmpty();
			assertThat(this.first.pathOf("seen")).isEqualTo(read.path()).isEqualTo("memory:seen");
			read.close();
			writer.get(10, TimeUnit.SECONDS);
		}
		assertThat(this.first.heldLocks()).isEmpty();
		assertThatExceptionOfType(InvalidLockKeyException.class).isThrownBy(() -> this.first.pathOf(" "));
	}

	@Test
	void eachLockTypeOfAKeyIsALockOfItsOwnButReadAndWriteShareOne() {
		try (LockHandle mutex = this.first.acquire(request("kinds", LockType.MUTEX, SHORT));
				LockHandle semaphore = this.second.acquire(request("kinds", LockType.SEMAPHORE_MUTEX, Duration.ZERO));
				LockHandle write = this.third.acquire(request("kinds", LockType.WRITE, Duration.ZERO))) {
			assertThat(mutex.isHeld()).isTrue();
			assertThat(semaphore.isHeld()).isTrue();
			assertThat(write.isHeld()).isTrue();
			assertThatExceptionOfType(io.github.distlock.core.LockAcquisitionException.class)
				.isThrownBy(() -> this.first.acquire(request("kinds", LockType.READ, Duration.ZERO)));
		}
	}

}
