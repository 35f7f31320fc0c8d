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
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.transaction.LockLossCommitGuard;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import org.springframework.transaction.support.SimpleTransactionStatus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A process that did not run for longer than the engine's pause tolerance reads its held locks
 * in doubt from its first instruction after it resumes, until the backend confirms them in a
 * round trip sent after the pause. The pause is real: a shell sends SIGSTOP to this JVM, and
 * SIGCONT {@value #PAUSE_SECONDS} seconds later.
 */
@EnabledOnOs(OS.LINUX)
class PauseWatchTests {

	private static final int PAUSE_SECONDS = 3;

	private static final Duration TOLERANCE = Duration.ofSeconds(1);

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryLockBackend memory = new InMemoryLockBackend(this.service);

	private final ConfirmingBackend backend = new ConfirmingBackend(this.memory);

	private final List<String> changes = new CopyOnWriteArrayList<>();

	private LockEngine engine;

	@AfterEach
	void close() {
		if (this.engine != null) {
			this.engine.close();
		}
		this.memory.close();
	}

	@Test
	void lockHeldAcrossAPauseIsInDoubtFromTheFirstReadAfterItUntilTheBackendConfirmsIt() throws Exception {
		this.backend.answers.set(new CompletableFuture<>());
		this.engine = engine(TOLERANCE);
		try (LockHandle lock = this.engine.acquire(request("paused"))) {
			assertThat(lock.state()).isEqualTo(LockState.HELD);
			assertThat(stateReadFirstAfterAPause(lock)).isEqualTo(LockState.IN_DOUBT);
			await().atMost(Duration.ofSeconds(10)).until(() -> this.backend.asked.size() == 1);
			assertThat(lock.state()).as("while the backend has not answered").isEqualTo(LockState.IN_DOUBT);
			this.backend.answers.get().complete(true);
			await().atMost(Duration.ofSeconds(10)).until(() -> lock.state() == LockState.HELD);
			assertThat(this.backend.asked).allSatisfy((locks) -> assertThat(locks).hasSize(1));
			await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertDoubtsThatCameBack(this.changes));
		}
	}

	@Test
	void commitGuardRefusesACommitUnderALockHeldAcrossAPauseUntilTheBackendConfirmsIt() throws Exception {
		this.backend.answers.set(new CompletableFuture<>());
		this.engine = engine(TOLERANCE);
		LockLossCommitGuard guard = new LockLossCommitGuard();
		String result = new LockTemplate(this.engine).execute(request("committing"), () -> {
			guard.beforeCommit(new SimpleTransactionStatus());
			AcquiredLock lock = LockContext.current();
			assertThat(uncheckedStateReadFirstAfterAPause(lock)).isEqualTo(LockState.IN_DOUBT);
			assertThatExceptionOfType(LockLostException.class)
				.isThrownBy(() -> guard.beforeCommit(new SimpleTransactionStatus()))
				.withMessageContaining("'committing'")
				.withMessageContaining("IN_DOUBT");
			this.backend.answers.get().complete(true);
			await().atMost(Duration.ofSeconds(10)).until(() -> lock.state() == LockState.HELD);
			guard.beforeCommit(new SimpleTransactionStatus());
			return "committed";
		});
		assertThat(result).isEqualTo("committed");
	}

	@Test
	void withoutAPauseToleranceTheResumedHolderReadsItsLockHeld() throws Exception {
		this.engine = engine(Duration.ZERO);
		try (LockHandle lock = this.engine.acquire(request("unwatched"))) {
			assertThat(stateReadFirstAfterAPause(lock)).isEqualTo(LockState.HELD);
			assertThat(this.backend.asked).isEmpty();
			assertThat(this.changes).isEmpty();
		}
	}

	@Test
	void lockStaysInDoubtWhileTheBackendDoesNotConfirmItAndNestedAcquisitionsWait() throws Exception {
		this.backend.answers.set(CompletableFuture.completedFuture(false));
		this.engine = engine(TOLERANCE);
		try (LockHandle lock = this.engine.acquire(request("unconfirmed"))) {
			assertThat(stateReadFirstAfterAPause(lock)).isEqualTo(LockState.IN_DOUBT);
			await().atMost(Duration.ofSeconds(10)).until(() -> this.backend.asked.size() >= 2);
			assertThat(lock.state()).isEqualTo(LockState.IN_DOUBT);
			assertThat(lock.isHeld()).isFalse();
			this.backend.answers.set(CompletableFuture.completedFuture(true));
			await().atMost(Duration.ofSeconds(10)).until(() -> lock.state() == LockState.HELD);
			try (LockHandle nested = this.engine.acquire(request("unconfirmed"))) {
				assertThat(nested.state()).isEqualTo(LockState.HELD);
			}
		}
	}

	@Test
	void aLockReleasedBeforeAPauseIsNotAskedAboutAndOneTakenAfterIsHeld() throws Exception {
		this.engine = engine(TOLERANCE);
		BackendLock released;
		try (LockHandle lock = this.engine.acquire(request("before"))) {
			released = this.engine.backendLockOf(lock);
		}
		pauseThisProcess();
		try (LockHandle lock = this.engine.acquire(request("after"))) {
			await().atMost(Duration.ofSeconds(10)).until(() -> lock.state() == LockState.HELD);
		}
		assertThat(this.backend.asked).noneSatisfy((locks) -> assertThat(locks).contains(released));
	}

	/**
	 * Each doubt told came back to HELD: HELD->IN_DOUBT, IN_DOUBT->HELD, once, or again when a
	 * busy machine ran the watch later than the tolerance (which counts as a pause).
	 */
	static void assertDoubtsThatCameBack(List<String> changes) {
		assertThat(changes).isNotEmpty();
		assertThat(changes.size() % 2).as("changes %s", changes).isZero();
		for (int i = 0; i < changes.size(); i += 2) {
			assertThat(changes.subList(i, i + 2)).as("changes %s", changes).containsExactly("HELD->IN_DOUBT", "IN_DOUBT->HELD");
		}
	}

	private LockEngine engine(Duration tolerance) {
		LockListener listener = new LockListener() {

			@Override
			public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
				PauseWatchTests.this.changes.add(previous + "->" + current);
			}

		};
		return new LockEngine(this.backend, listener, LockEngine.Options.DEFAULTS.withPauseTolerance(tolerance));
	}

	/**
	 * Pauses this JVM and reads the lock's state as soon as this thread runs again: the thread
	 * notices the pause by the time its sleep took.
	 */
	private static LockState stateReadFirstAfterAPause(AcquiredLock lock) throws Exception {
		Process stopper = startPause();
		long before = System.nanoTime();
		while (true) {
			Thread.sleep(5);
			long now = System.nanoTime();
			if (now - before > TimeUnit.SECONDS.toNanos(PAUSE_SECONDS - 1)) {
				LockState state = lock.state();
				assertThat(stopper.waitFor(10, TimeUnit.SECONDS)).isTrue();
				return state;
			}
			before = now;
		}
	}

	private static LockState uncheckedStateReadFirstAfterAPause(AcquiredLock lock) {
		try {
			return stateReadFirstAfterAPause(lock);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void pauseThisProcess() throws Exception {
		Process stopper = startPause();
		assertThat(stopper.waitFor(PAUSE_SECONDS + 10, TimeUnit.SECONDS)).isTrue();
		assertThat(stopper.exitValue()).isZero();
	}

	/** A shell that stops this JVM a moment from now and continues it {@value #PAUSE_SECONDS} s later. */
	private static Process startPause() throws Exception {
		long pid = ProcessHandle.current().pid();
		return new ProcessBuilder("sh", "-c",
				"sleep 0.2; kill -STOP " + pid + "; sleep " + PAUSE_SECONDS + "; kill -CONT " + pid).start();
	}

	private static LockRequest request(String key) {
		return new LockRequest(key, LockType.MUTEX, Duration.ofSeconds(10), "pause-watch");
	}

	/** The in-memory backend, with confirmations it counts and answers as told. */
	private static final class ConfirmingBackend implements LockBackend {

		private final InMemoryLockBackend delegate;

		/** The answer to the next confirmations: completed by the test when it chooses. */
		private final AtomicReference<CompletableFuture<Boolean>> answers = new AtomicReference<>(
				CompletableFuture.completedFuture(true));

		private final List<Collection<BackendLock>> asked = new CopyOnWriteArrayList<>();

		ConfirmingBackend(InMemoryLockBackend delegate) {
			this.delegate = delegate;
		}

		@Override
		public CompletionStage<Boolean> confirmHeld(Collection<BackendLock> locks) {
			this.asked.add(List.copyOf(locks));
			return this.answers.get();
		}

		@Override
		public String pathOf(String key) {
			return this.delegate.pathOf(key);
		}

		@Override
		public BackendLock acquire(LockRequest request, String path, long deadlineNanos) throws InterruptedException {
			return this.delegate.acquire(request, path, deadlineNanos);
		}

		@Override
		public BackendLock acquireReadInWrite(BackendLock write, LockRequest request, long deadlineNanos)
				throws InterruptedException {
			return this.delegate.acquireReadInWrite(write, request, deadlineNanos);
		}

		@Override
		public Collection<String> participants(String key, LockType type) {
			return this.delegate.participants(key, type);
		}

		@Override
		public void onStateChange(Runnable callback) {
			this.delegate.onStateChange(callback);
		}

	}

}
