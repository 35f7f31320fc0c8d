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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * A lock held past its request's {@code maxHold} is given up by the engine: lost for its holder,
 * free for the next, whether in another process or a thread of the same one.
 */
class MaxHoldTests {

	private static final Duration MAX_HOLD = Duration.ofMillis(300);

	private static final Duration LONG = Duration.ofSeconds(10);

	private final InMemoryLockService service = new InMemoryLockService();

	private final List<Process> processes = new ArrayList<>();

	@AfterEach
	void closeProcesses() {
		this.processes.forEach(Process::close);
	}

	@ParameterizedTest
	@EnumSource(LockType.class)
	void lockHeldPastItsMaxHoldIsLostForItsHolderAndTakenByAnotherProcessWithAGreaterToken(LockType type)
			throws Exception {
		Recorder events = new Recorder();
		Process holder = process(LockEngine.Options.DEFAULTS, events);
		Process other = process(LockEngine.Options.DEFAULTS, new Recorder());
		LockType rival = (type == LockType.READ) ? LockType.WRITE : type;
		LockHandle held = holder.acquire(request("stuck", type).withMaxHold(MAX_HOLD));
		try (LockHandle next = other.acquire(request("stuck", rival))) {
			assertThat(held.state()).isEqualTo(LockState.LOST);
			assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
			assertThat(this.service.entriesOf("stuck")).hasSize(1);
		}
		assertThat(events.changes).containsExactly("HELD->LOST");
		held.close();
		assertThat(held.state()).isEqualTo(LockState.RELEASED);
		assertThat(this.service.entriesOf("stuck")).isEmpty();
		try (LockHandle again = holder.acquire(request("stuck", type))) {
			assertThat(again.state()).isEqualTo(LockState.HELD);
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> other.acquire(request("stuck", rival).withWaitTime(Duration.ZERO)));
		}
		assertThat(this.service.entriesOf("stuck")).isEmpty();
	}

	@Test
	void lockClosedBeforeItsMaxHoldIsReleasedAsAnyOtherAndNeverGivenUpAfter() throws Exception {
		Recorder events = new Recorder();
		Process holder = process(LockEngine.Options.DEFAULTS, events);
		Process other = process(LockEngine.Options.DEFAULTS, new Recorder());
		LockHandle held = holder.acquire(request("quick", LockType.MUTEX).withMaxHold(MAX_HOLD));
		held.close();
		try (LockHandle next = holder.acquire(request("quick", LockType.MUTEX))) {
			Thread.sleep(MAX_HOLD.multipliedBy(2).toMillis());
			assertThat(next.state()).isEqualTo(LockState.HELD);
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> other.acquire(request("quick", LockType.MUTEX).withWaitTime(Duration.ZERO)));
		}
		assertThat(held.state()).isEqualTo(LockState.RELEASED);
		assertThat(events.changes).isEmpty();
		assertThat(holder.engine.maxHoldTimerCount()).isZero();
	}

	@Test
	void threadOfTheSameProcessWaitingInTheLocalQueueTakesTheLockFromTheService() throws Exception {
		Process holder = process(LockEngine.Options.DEFAULTS.withHandoff(8, LONG), new Recorder());
		LockHandle held = holder.acquire(request("local", LockType.MUTEX).withMaxHold(MAX_HOLD));
		long next = CompletableFuture.supplyAsync(() -> {
			try (LockHandle lock = holder.acquire(request("local", LockType.MUTEX))) {
				return lock.fencingToken();
			}
		}).get(10, TimeUnit.SECONDS);
		assertThat(held.state()).isEqualTo(LockState.LOST);
		assertThat(next).isGreaterThan(held.fencingToken());
		held.close();
		assertThat(this.service.entriesOf("local")).isEmpty();
	}

	@Test
	void holderIsInterruptedWhenTheEngineInterruptsForALoss() throws Exception {
		Process holder = process(LockEngine.Options.of(true, true), new Recorder());
		CountDownLatch held = new CountDownLatch(1);
		CompletableFuture<String> stuck = CompletableFuture.supplyAsync(() -> {
			try (LockHandle lock = holder.acquire(request("interrupted", LockType.MUTEX).withMaxHold(MAX_HOLD))) {
				held.countDown();
				Thread.sleep(LONG.toMillis());
				return "slept through";
			}
			catch (InterruptedException ex) {
				return "interrupted";
			}
		});
		assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
		assertThat(stuck.get(10, TimeUnit.SECONDS)).isEqualTo("interrupted");
		// the interrupt comes before the engine's thread deletes the node: the holder may close first
		await().atMost(LONG).until(() -> this.service.entriesOf("interrupted").isEmpty());
	}

	@Test
	void holderIsNotInterruptedByDefault() throws Exception {
		Process holder = process(LockEngine.Options.DEFAULTS, new Recorder());
		try (LockHandle lock = holder.acquire(request("not-interrupted", LockType.MUTEX).withMaxHold(MAX_HOLD))) {
			await().atMost(LONG).until(() -> lock.state() == LockState.LOST);
			assertThat(Thread.currentThread().isInterrupted()).isFalse();
		}
	}

	@Test
	void reentryIntoALockGivenUpIsRefusedUntilTheHolderClosedIt() throws Exception {
		Process holder = process(LockEngine.Options.DEFAULTS, new Recorder());
		LockHandle held = holder.acquire(request("reentry", LockType.MUTEX).withMaxHold(MAX_HOLD));
		await().atMost(LONG).until(() -> held.state() == LockState.LOST);
		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> holder.acquire(request("reentry", LockType.MUTEX)));
		held.close();
		try (LockHandle again = holder.acquire(request("reentry", LockType.MUTEX))) {
			assertThat(again.fencingToken()).isGreaterThan(held.fencingToken());
		}
	}

	@Test
	void reentriesShareTheGiveUpOfTheirLockAndTheLastCloseLeavesNothing() throws Exception {
		Recorder events = new Recorder();
		Process holder = process(LockEngine.Options.DEFAULTS, events);
		LockHandle outer = holder.acquire(request("nested", LockType.MUTEX));
		LockHandle inner = holder.acquire(request("nested", LockType.MUTEX).withMaxHold(MAX_HOLD));
		await().atMost(LONG).until(() -> outer.state() == LockState.LOST);
		assertThat(inner.state()).isEqualTo(LockState.LOST);
		// the listener is told on the engine's notifier thread, after the states changed
		await().atMost(LONG).untilAsserted(() -> assertThat(events.changes).containsExactly("HELD->LOST", "HELD->LOST"));
		await().atMost(LONG).until(() -> this.service.entriesOf("nested").isEmpty());
		inner.close();
		outer.close();
		assertThat(holder.engine.locksInUse()).isZero();
	}

	@Test
	void workThatRanPastItsMaxHoldEndsWithLockLostException() {
		Process holder = process(LockEngine.Options.DEFAULTS, new Recorder());
		LockTemplate template = new LockTemplate(holder.engine);
		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> template.execute(request("template", LockType.MUTEX).withMaxHold(MAX_HOLD), () -> {
				await().atMost(LONG).until(() -> holder.engine.heldLocks().get(0).state() == LockState.LOST);
				return null;
			}))
			.withMessageContaining("'template'");
	}

	@Test
	void requestRefusesAMaxHoldShorterThanItsHoldAtLeastOrNegative() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> request("short", LockType.SEMAPHORE_MUTEX).withHoldAtLeast(Duration.ofSeconds(2))
				.withMaxHold(Duration.ofSeconds(1)))
			.withMessageContaining("maxHold (PT1S) of lock 'short' is shorter than its holdAtLeast (PT2S)");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> request("negative", LockType.MUTEX).withMaxHold(Duration.ofSeconds(-1)))
			.withMessageContaining("must not be negative");
		assertThat(request("equal", LockType.SEMAPHORE_MUTEX).withHoldAtLeast(Duration.ofSeconds(1))
			.withMaxHold(Duration.ofSeconds(1))
			.maxHold()).isEqualTo(Duration.ofSeconds(1));
	}

	private Process process(LockEngine.Options options, LockListener listener) {
		InMemoryLockBackend backend = new InMemoryLockBackend(this.service);
		Process process = new Process(new LockEngine(backend, listener, options), backend);
		this.processes.add(process);
		return process;
	}

	private static LockRequest request(String key, LockType type) {
		return new LockRequest(key, type, LONG, "max-hold");
	}

	private record Process(LockEngine engine, InMemoryLockBackend backend) {

		LockHandle acquire(LockRequest request) {
			return this.engine.acquire(request);
		}

		void close() {
			this.engine.close();
			this.backend.close();
		}

	}

	private static final class Recorder implements LockListener {

		private final List<String> changes = new CopyOnWriteArrayList<>();

		@Override
		public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
			this.changes.add(previous + "->" + current);
		}

	}

}
