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

package io.github.distlock.core.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AsyncLockHandle;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.memory.ParkedThreads;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A lock acquired for an asynchronous execution: no thread waits for it, it is owned by no
 * thread, and a wait that ends for any reason leaves nothing behind.
 */
class AsyncAcquisitionTests {

	private static final Duration LONG = Duration.ofSeconds(10);

	private final InMemoryLockService service = new InMemoryLockService();

	private final List<Process> processes = new ArrayList<>();

	@AfterEach
	void closeProcesses() {
		this.processes.forEach(Process::close);
	}

	@Test
	void uncontendedLockIsHeldByNoThreadAndEndsReleasedWhenClosedByAnyThread() throws Exception {
		Process process = process(LockEngine.Options.STANDARD);
		AsyncLockHandle handle = process.engine.acquireAsync(request("a", LockType.MUTEX)).get(5, TimeUnit.SECONDS);
		assertThat(handle.state()).isEqualTo(LockState.HELD);
		assertThat(handle.holderThread()).startsWith("async, asked on ");
		assertThat(process.engine.heldLocks()).containsExactly(handle);
		assertThat(this.service.entriesOf("a")).hasSize(1);
		CompletableFuture.runAsync(handle::close).get(5, TimeUnit.SECONDS);
		assertThat(handle.whenEnded().toCompletableFuture().get(5, TimeUnit.SECONDS)).isEqualTo(LockState.RELEASED);
		assertThat(this.service.entriesOf("a")).isEmpty();
		assertThat(process.engine.locksInUse()).isZero();
	}

	@ParameterizedTest
	@EnumSource(value = LockType.class, names = { "MUTEX", "WRITE", "SEMAPHORE_MUTEX" })
	void waitBehindAThreadOfTheSameProcessHasNoThreadAndEndsWhenTheThreadReleases(LockType type) throws Exception {
		Process process = process(LockEngine.Options.STANDARD);
		LockHandle held = process.engine.acquire(request("b", type));
		CompletableFuture<AsyncLockHandle> waiting = process.engine.acquireAsync(request("b", type));
		await().until(() -> process.engine.waiters().size() == 1);
		assertThat(waiting).isNotDone();
		assertThat(ParkedThreads.inThisLibrary()).isEmpty();
		long token = held.fencingToken();
		held.close();
		AsyncLockHandle next = waiting.get(5, TimeUnit.SECONDS);
		assertThat(next.fencingToken()).isGreaterThan(token);
		next.close();
		assertThat(process.engine.waiters()).isEmpty();
		assertThat(this.service.entriesOf("b")).isEmpty();
	}

	@Test
	void waitBehindAnotherProcessEndsWhenItReleasesInQueueOrder() throws Exception {
		Process holder = process(LockEngine.Options.STANDARD);
		Process waiter = process(new LockEngine.Options(false, Set.of(), 0, Duration.ZERO, false));
		LockHandle held = holder.engine.acquire(request("c", LockType.MUTEX));
		CompletableFuture<AsyncLockHandle> first = waiter.engine.acquireAsync(request("c", LockType.MUTEX));
		await().until(() -> this.service.entriesOf("c").size() == 2);
		CompletableFuture<AsyncLockHandle> second = waiter.engine.acquireAsync(request("c", LockType.MUTEX));
		await().until(() -> this.service.entriesOf("c").size() == 3);
		assertThat(ParkedThreads.inThisLibrary()).isEmpty();
		held.close();
		AsyncLockHandle firstHandle = first.get(5, TimeUnit.SECONDS);
		assertThat(second).isNotDone();
		firstHandle.close();
		second.get(5, TimeUnit.SECONDS).close();
		assertThat(this.service.entriesOf("c")).isEmpty();
	}

	@Test
	void waitThatElapsesFailsWithTheTimeWaitedAndLeavesNothing() {
		Process holder = process(LockEngine.Options.STANDARD);
		Process waiter = process(LockEngine.Options.STANDARD);
		try (LockHandle held = holder.engine.acquire(request("d", LockType.MUTEX))) {
			CompletableFuture<AsyncLockHandle> waiting = waiter.engine
				.acquireAsync(request("d", LockType.MUTEX).withWaitTime(Duration.ofMillis(200)));
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> waiting.get(5, TimeUnit.SECONDS))
				.havingCause()
				.isInstanceOf(LockAcquisitionException.class)
				.withMessageContaining("'d'");
			assertThat(this.service.entriesOf("d")).containsExactly(this.service.entriesOf("d").get(0)).hasSize(1);
			assertThat(waiter.engine.waiters()).isEmpty();
			assertThat(waiter.engine.locksInUse()).isZero();
		}
	}

	@Test
	void waitInTheLocalQueueThatElapsesLeavesTheQueueForTheThreadsBehind() throws Exception {
		Process process = process(LockEngine.Options.STANDARD);
		LockHandle held = process.engine.acquire(request("e", LockType.MUTEX));
		CompletableFuture<AsyncLockHandle> waiting = process.engine
			.acquireAsync(request("e", LockType.MUTEX).withWaitTime(Duration.ofMillis(100)));
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> waiting.get(5, TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(LockAcquisitionException.class);
		held.close();
		try (LockHandle again = process.engine.acquire(request("e", LockType.MUTEX).withWaitTime(Duration.ZERO))) {
			assertThat(again.isHeld()).isTrue();
		}
		assertThat(process.engine.locksInUse()).isZero();
	}

	@Test
	void cancelledWaitInTheServiceLeavesNothingAndIsToldAsInterrupted() throws Exception {
		List<String> failures = new ArrayList<>();
		Process holder = process(LockEngine.Options.STANDARD);
		Process waiter = process(LockEngine.Options.STANDARD, new LockListener() {
			@Override
			public void onAcquisitionFailed(LockRequest request, Duration waited,
					io.github.distlock.core.DistributedLockException failure) {
				failures.add(failure.getClass().getSimpleName());
			}
		});
		LockHandle held = holder.engine.acquire(request("f", LockType.MUTEX));
		CompletableFuture<AsyncLockHandle> waiting = waiter.engine.acquireAsync(request("f", LockType.MUTEX));
		await().until(() -> this.service.entriesOf("f").size() == 2);
		assertThat(waiting.cancel(false)).isTrue();
		await().until(() -> this.service.entriesOf("f").size() == 1);
		await().until(() -> waiter.engine.locksInUse() == 0 && waiter.engine.waiters().isEmpty());
		assertThat(failures).containsExactly(LockInterruptedException.class.getSimpleName());
		held.close();
		try (LockHandle next = waiter.engine.acquire(request("f", LockType.MUTEX).withWaitTime(Duration.ZERO))) {
			assertThat(next.isHeld()).isTrue();
		}
	}

	@Test
	void cancelledWaitInTheLocalQueueGivesTheTurnToTheNext() throws Exception {
		Process process = process(LockEngine.Options.STANDARD);
		LockHandle held = process.engine.acquire(request("g", LockType.MUTEX));
		CompletableFuture<AsyncLockHandle> cancelled = process.engine.acquireAsync(request("g", LockType.MUTEX));
		CompletableFuture<AsyncLockHandle> next = process.engine.acquireAsync(request("g", LockType.MUTEX));
		await().until(() -> process.engine.waiters().size() == 2);
		cancelled.cancel(false);
		held.close();
		next.get(5, TimeUnit.SECONDS).close();
		await().until(() -> process.engine.locksInUse() == 0);
		assertThat(this.service.entriesOf("g")).isEmpty();
	}

	@Test
	void asyncLockIsNotReenteredByTheThreadThatAskedForIt() throws Exception {
		Process process = process(LockEngine.Options.STANDARD);
		try (AsyncLockHandle handle = process.engine.acquireAsync(request("h", LockType.MUTEX))
			.get(5, TimeUnit.SECONDS)) {
			assertThat(handle.isHeld()).isTrue();
			assertThatExceptionOfType(LockAcquisitionException.class).isThrownBy(
					() -> process.engine.acquire(request("h", LockType.MUTEX).withWaitTime(Duration.ofMillis(50))));
		}
	}

	@Test
	void lostLockEndsTheHoldAsLost() throws Exception {
		Process process = process(LockEngine.Options.STANDARD);
		AsyncLockHandle handle = process.engine.acquireAsync(request("i", LockType.MUTEX)).get(5, TimeUnit.SECONDS);
		process.backend.expireSession();
		assertThat(handle.whenEnded().toCompletableFuture().get(5, TimeUnit.SECONDS)).isEqualTo(LockState.LOST);
		handle.close();
		assertThat(process.engine.locksInUse()).isZero();
	}

	@Test
	void lockHeldPastItsMaxHoldEndsLostAndGoesToTheNext() throws Exception {
		Process process = process(LockEngine.Options.STANDARD);
		AsyncLockHandle handle = process.engine
			.acquireAsync(request("j", LockType.MUTEX).withMaxHold(Duration.ofMillis(100)))
			.get(5, TimeUnit.SECONDS);
		assertThat(handle.whenEnded().toCompletableFuture().get(5, TimeUnit.SECONDS)).isEqualTo(LockState.LOST);
		try (LockHandle next = process.engine.acquire(request("j", LockType.MUTEX))) {
			assertThat(next.fencingToken()).isGreaterThan(handle.fencingToken());
		}
		handle.close();
	}

	@Test
	void revocableRequestIsRefused() {
		Process process = process(LockEngine.Options.STANDARD);
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> process.engine.acquireAsync(request("k", LockType.MUTEX).withRevocable(true)).get())
			.havingCause()
			.isInstanceOf(IllegalArgumentException.class)
			.withMessageContaining("revocable");
	}

	@Test
	void threadWaitingForALockIsSeenByTheProbeOfTheseTests() throws Exception {
		Process process = process(LockEngine.Options.STANDARD);
		try (LockHandle held = process.engine.acquire(request("probe", LockType.MUTEX))) {
			Thread waiter = new Thread(() -> process.engine.acquire(request("probe", LockType.MUTEX)).close());
			waiter.start();
			await().until(() -> !ParkedThreads.inThisLibrary().isEmpty());
			held.close();
			waiter.join(5000);
		}
	}

	private Process process(LockEngine.Options options) {
		return process(options, new LockListener() {
		});
	}

	private Process process(LockEngine.Options options, LockListener listener) {
		InMemoryLockBackend backend = new InMemoryLockBackend(this.service);
		Process process = new Process(new LockEngine(backend, listener, options), backend);
		this.processes.add(process);
		return process;
	}

	private static LockRequest request(String key, LockType type) {
		return new LockRequest(key, type, LONG, "async");
	}

	private record Process(LockEngine engine, InMemoryLockBackend backend) {

		void close() {
			this.engine.close();
			this.backend.close();
		}

	}

}
