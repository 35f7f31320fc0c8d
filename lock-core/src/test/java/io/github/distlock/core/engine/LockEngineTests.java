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
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * What the engine does for every backend, on the in-memory one: re-entry into a lock in doubt,
 * the interrupt of a holder whose lock is lost, and local hand-off.
 */
class LockEngineTests {

	private static final Duration LONG = Duration.ofSeconds(10);

	private static final LockListener NO_LISTENER = new LockListener() {
	};

	private final InMemoryLockService service = new InMemoryLockService();

	private final List<Client> registries = new ArrayList<>();

	private final ExecutorService executor = Executors.newCachedThreadPool();

	@AfterEach
	void close() throws InterruptedException {
		this.executor.shutdownNow();
		this.executor.awaitTermination(10, TimeUnit.SECONDS);
		this.registries.forEach(Client::close);
	}

	// ---- re-entry into a lock in doubt -------------------------------------------------------

	@ParameterizedTest
	@EnumSource(names = { "MUTEX", "READ", "WRITE" })
	void reentryWaitsWhileTheOuterLockIsInDoubtAndIsGrantedWhenItIsHeldAgain(LockType type) throws Exception {
		Client registry = registry(LockEngine.Options.DEFAULTS);
		LockType inner = (type == LockType.WRITE) ? LockType.READ : type;
		try (LockHandle outer = registry.acquire(request("doubt", type, LONG))) {
			registry.suspendConnection();
			assertThat(outer.state()).isEqualTo(LockState.IN_DOUBT);
			CompletableFuture<Void> resumed = CompletableFuture.runAsync(() -> {
				await().until(() -> registry.waiters().size() == 1);
				registry.resumeConnection();
			});
			try (LockHandle nested = registry.acquire(request("doubt", inner, LONG))) {
				assertThat(nested.state()).isEqualTo(LockState.HELD);
				assertThat(nested.fencingToken()).isEqualTo(outer.fencingToken());
			}
			resumed.get(10, TimeUnit.SECONDS);
		}
		assertThat(this.service.entriesOf("doubt")).isEmpty();
	}

	@Test
	void reentryIntoALockStillInDoubtAtItsWaitTimeFailsNamingTheOuterLock() {
		Client registry = registry(LockEngine.Options.DEFAULTS);
		try (LockHandle outer = registry.acquire(request("still-doubt", LockType.MUTEX, LONG))) {
			registry.suspendConnection();
			assertThatExceptionOfType(LockBackendException.class)
				.isThrownBy(() -> registry.acquire(request("still-doubt", LockType.MUTEX, Duration.ofMillis(200))))
				.withMessageContaining("'still-doubt'")
				.withMessageContaining("still in doubt");
			registry.resumeConnection();
			assertThat(outer.state()).isEqualTo(LockState.HELD);
		}
	}

	@Test
	void reentryIntoALockInDoubtThatIsThenLostIsRefused() throws Exception {
		Client registry = registry(LockEngine.Options.DEFAULTS);
		LockHandle outer = registry.acquire(request("doubt-lost", LockType.MUTEX, LONG));
		registry.suspendConnection();
		CompletableFuture<Void> expired = CompletableFuture.runAsync(() -> {
			await().until(() -> registry.waiters().size() == 1);
			registry.expireSession();
		});
		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> registry.acquire(request("doubt-lost", LockType.MUTEX, LONG)));
		expired.get(10, TimeUnit.SECONDS);
		assertThat(outer.state()).isEqualTo(LockState.LOST);
		outer.close();
		assertThat(this.service.entriesOf("doubt-lost")).isEmpty();
	}

	/**
	 * The backend knows the lock is lost before it has told the engine (its event is on its way):
	 * a re-entry refused as lost leaves the outer handle lost too, and listeners told, when the
	 * caller sees the refusal.
	 */
	@Test
	void reentryRefusedAsLostFindsTheOuterHandleLostBeforeTheBackendToldTheEngine() {
		SinglePermitBackend backend = new SinglePermitBackend(new Semaphore(1));
		List<LockState> told = new CopyOnWriteArrayList<>();
		LockEngine engine = new LockEngine(backend, new LockListener() {
			@Override
			public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
				told.add(current);
			}
		}, LockEngine.Options.DEFAULTS);
		LockHandle outer = engine.acquire(request("late-news", LockType.MUTEX, LONG));
		backend.loseWithoutTelling();

		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> engine.acquire(request("late-news", LockType.MUTEX, LONG)))
			.withMessageContaining("'late-news'");

		assertThat(outer.state()).isEqualTo(LockState.LOST);
		assertThat(told).containsExactly(LockState.LOST);
		outer.close();
		assertThat(engine.locksInUse()).isZero();
		engine.close();
	}

	// ---- interrupt on loss -----------------------------------------------------------------------

	@Test
	void holderOfALostLockIsInterruptedWhenAsked() throws Exception {
		Client registry = registry(new LockEngine.Options(true, EnumSet.allOf(LockType.class)));
		CompletableFuture<Throwable> holder = CompletableFuture.supplyAsync(() -> catchThrowable(() -> {
			try (LockHandle lock = registry.acquire(request("interrupt", LockType.MUTEX, LONG))) {
				Thread.sleep(60_000);
			}
		}), this.executor);
		await().until(() -> registry.heldLocks().size() == 1);
		registry.expireSession();
		assertThat(holder.get(10, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
	}

	@Test
	void holderOfALostLockIsNotInterruptedByDefault() throws Exception {
		Client registry = registry(LockEngine.Options.DEFAULTS);
		try (LockHandle lock = registry.acquire(request("no-interrupt", LockType.MUTEX, LONG))) {
			registry.expireSession();
			assertThat(lock.state()).isEqualTo(LockState.LOST);
			assertThat(Thread.interrupted()).isFalse();
		}
	}

	// ---- holding at least ------------------------------------------------------------------------

	@Test
	void holderThatClosedALockKeptForItsHoldAtLeastIsNotInterruptedWhenItIsLostAndTheLockGoesAtOnce() {
		List<String> released = Collections.synchronizedList(new ArrayList<>());
		Client registry = registry(new LockEngine.Options(true, EnumSet.allOf(LockType.class)),
				new LockListener() {
					@Override
					public void onReleased(AcquiredLock lock, Duration held) {
						released.add(lock.key() + " " + lock.state());
					}
				});
		LockHandle kept = registry
			.acquire(request("kept", LockType.SEMAPHORE_MUTEX, LONG).withHoldAtLeast(Duration.ofHours(1)));
		kept.close();
		assertThat(registry.deferredReleaseCount()).isOne();
		registry.expireSession();
		assertThat(Thread.interrupted()).as("the thread that closed the lock was interrupted").isFalse();
		await().atMost(LONG).until(() -> !released.isEmpty());
		assertThat(kept.state()).isEqualTo(LockState.RELEASED);
		assertThat(released).containsExactly("kept RELEASED");
		assertThat(registry.deferredReleaseCount()).isZero();
	}

	@Test
	void holdAtLeastIsRefusedForALockOnlyItsHolderMayRelease() {
		for (LockType type : EnumSet.complementOf(EnumSet.of(LockType.SEMAPHORE_MUTEX, LockType.SEMAPHORE))) {
			assertThatIllegalArgumentException()
				.isThrownBy(() -> request("refused", type, LONG).withHoldAtLeast(Duration.ofSeconds(1)))
				.withMessageContaining("holdAtLeast (PT1S) of lock 'refused' needs type SEMAPHORE_MUTEX or SEMAPHORE, "
						+ "but was " + type);
		}
		assertThatIllegalArgumentException()
			.isThrownBy(() -> request("refused", LockType.SEMAPHORE_MUTEX, LONG).withHoldAtLeast(Duration.ofSeconds(-1)))
			.withMessageContaining("must not be negative");
	}

	// ---- local hand-off --------------------------------------------------------------------------

	@Test
	void heldMutexPassesToTheNextWaitingThreadWithTheNextToken() throws Exception {
		Client registry = registry(handingOff(8));
		long firstToken;
		List<String> entriesWhileHeld;
		Future<Long> next;
		try (LockHandle first = registry.acquire(request("pass", LockType.MUTEX, LONG))) {
			firstToken = first.fencingToken();
			entriesWhileHeld = this.service.entriesOf("pass");
			next = this.executor.submit(() -> {
				try (LockHandle lock = registry.acquire(request("pass", LockType.MUTEX, LONG))) {
					assertThat(this.service.entriesOf("pass")).as("the same entry, not a new one")
						.isEqualTo(entriesWhileHeld);
					return lock.fencingToken();
				}
			});
			await().until(() -> registry.waiters().size() == 1);
		}
		assertThat(next.get(10, TimeUnit.SECONDS)).isEqualTo(firstToken + 1);
		assertThat(this.service.entriesOf("pass")).isEmpty();
	}

	@Test
	void handOffStopsAtItsBoundSoThatAnotherProcessGetsItsTurn() throws Exception {
		Client registry = registry(handingOff(2));
		Client otherProcess = registry(LockEngine.Options.DEFAULTS);
		AtomicInteger localHolds = new AtomicInteger();
		List<Long> tokens = Collections.synchronizedList(new ArrayList<>());
		LockHandle first = registry.acquire(request("bounded", LockType.MUTEX, LONG));
		tokens.add(first.fencingToken());
		List<Future<?>> locals = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			locals.add(this.executor.submit(() -> {
				for (int round = 0; round < 10; round++) {
					try (LockHandle lock = registry.acquire(request("bounded", LockType.MUTEX, LONG))) {
						tokens.add(lock.fencingToken());
						localHolds.incrementAndGet();
					}
				}
				return null;
			}));
		}
		await().until(() -> registry.waiters().size() == 4);
		Future<Integer> other = this.executor.submit(() -> {
			try (LockHandle lock = otherProcess.acquire(request("bounded", LockType.MUTEX, LONG))) {
				tokens.add(lock.fencingToken());
				return localHolds.get();
			}
		});
		await().until(() -> this.service.entriesOf("bounded").size() == 2);
		first.close();
		assertThat(other.get(10, TimeUnit.SECONDS)).as("local holds before the other process had its turn")
			.isLessThanOrEqualTo(2);
		for (Future<?> local : locals) {
			local.get(30, TimeUnit.SECONDS);
		}
		assertThat(tokens).hasSize(42).isSorted().doesNotHaveDuplicates();
		assertThat(this.service.entriesOf("bounded")).isEmpty();
	}

	@Test
	void lockInDoubtIsNotHandedOff() throws Exception {
		Client registry = registry(handingOff(8));
		long firstToken;
		Future<Long> next;
		try (LockHandle first = registry.acquire(request("doubtful", LockType.MUTEX, LONG))) {
			firstToken = first.fencingToken();
			next = this.executor.submit(() -> {
				try (LockHandle lock = registry.acquire(request("doubtful", LockType.MUTEX, LONG))) {
					return lock.fencingToken();
				}
			});
			await().until(() -> registry.waiters().size() == 1);
			registry.suspendConnection();
		}
		registry.resumeConnection();
		assertThat(next.get(10, TimeUnit.SECONDS) >> 10).as("a new entry in the service")
			.isGreaterThan(firstToken >> 10);
		assertThat(this.service.entriesOf("doubtful")).isEmpty();
	}

	@Test
	void handOffIsOffWithoutItsOption() throws Exception {
		Client registry = registry(LockEngine.Options.DEFAULTS);
		long firstToken;
		Future<Long> next;
		try (LockHandle first = registry.acquire(request("unhanded", LockType.MUTEX, LONG))) {
			firstToken = first.fencingToken();
			next = this.executor.submit(() -> {
				try (LockHandle lock = registry.acquire(request("unhanded", LockType.MUTEX, LONG))) {
					return lock.fencingToken();
				}
			});
			await().until(() -> registry.waiters().size() == 1);
		}
		assertThat(next.get(10, TimeUnit.SECONDS) >> 10).isGreaterThan(firstToken >> 10);
	}

	/**
	 * A holder whose revocation was requested gives its lock back to the service when it
	 * releases it, for the contender that asked, although a thread of its own process waits.
	 */
	@Test
	void lockWhoseRevocationWasRequestedIsNotHandedOff() throws Exception {
		Semaphore service = new Semaphore(1);
		SinglePermitBackend backend = new SinglePermitBackend(service);
		LockEngine engine = new LockEngine(backend, NO_LISTENER, handingOff(8));
		long firstToken;
		Future<Long> next;
		try (LockHandle first = engine.acquire(request("revoked", LockType.MUTEX, LONG).withRevocable(true))) {
			firstToken = first.fencingToken();
			next = this.executor.submit(() -> {
				try (LockHandle lock = engine.acquire(request("revoked", LockType.MUTEX, LONG))) {
					return lock.fencingToken();
				}
			});
			await().until(() -> engine.waiters().size() == 1);
			backend.requestRevocation();
			assertThat(first.revocationRequested()).isTrue();
		}
		assertThat(next.get(10, TimeUnit.SECONDS) >> 10).as("a new grant of the service")
			.isGreaterThan(firstToken >> 10);
		assertThat(backend.handOffs()).isZero();
		assertThat(service.availablePermits()).isEqualTo(1);
	}

	/**
	 * Threads that give up their waits (short waits, interrupts) around hand-offs leave nothing
	 * behind: a lock handed off that no thread came for is released with the last use of its
	 * lock.
	 */
	@Test
	void nothingIsLeftWhenWaitersGiveUpAroundHandOffs() throws Exception {
		Client registry = registry(handingOff(8));
		Client otherProcess = registry(LockEngine.Options.DEFAULTS);
		AtomicInteger inside = new AtomicInteger();
		AtomicInteger overlaps = new AtomicInteger();
		List<Future<?>> workers = new ArrayList<>();
		for (int t = 0; t < 6; t++) {
			int worker = t;
			workers.add(this.executor.submit(() -> {
				for (int round = 0; round < 300; round++) {
					Client client = (worker == 0) ? otherProcess : registry;
					// waits about as long as a hold, so that many end just as a holder hands off
					Duration wait = Duration.ofNanos(500_000 + (round % 5) * 250_000);
					try (LockHandle lock = client.acquire(request("giving-up", LockType.MUTEX, wait))) {
						if (inside.incrementAndGet() != 1) {
							overlaps.incrementAndGet();
						}
						long until = System.nanoTime() + 1_000_000;
						while (System.nanoTime() < until) {
							Thread.onSpinWait();
						}
						inside.decrementAndGet();
					}
					catch (LockAcquisitionException | LockInterruptedException ex) {
						// given up: the point of the test
					}
				}
				return null;
			}));
		}
		for (Future<?> worker : workers) {
			worker.get(60, TimeUnit.SECONDS);
		}
		assertThat(overlaps).hasValue(0);
		assertThat(this.service.entriesOf("giving-up")).isEmpty();
		try (LockHandle lock = otherProcess.acquire(request("giving-up", LockType.MUTEX, Duration.ZERO))) {
			assertThat(lock.isHeld()).isTrue();
		}
	}

	/**
	 * The waiter gives up after the holder chose to hand off and before it takes the lock: the
	 * lock is released with the last use of its entry, not kept in the service with nobody
	 * holding it.
	 */
	@Test
	void lockHandedOffToAWaiterThatGaveUpIsReleased() throws Exception {
		Semaphore service = new Semaphore(1);
		SinglePermitBackend backend = new SinglePermitBackend(service);
		LockEngine engine = new LockEngine(backend, NO_LISTENER, handingOff(8));
		LockHandle held = engine.acquire(request("left", LockType.MUTEX, LONG));
		CompletableFuture<Thread> waiterThread = new CompletableFuture<>();
		Future<Throwable> waiter = this.executor.submit(() -> {
			waiterThread.complete(Thread.currentThread());
			return catchThrowable(() -> engine.acquire(request("left", LockType.MUTEX, LONG)).close());
		});
		await().until(() -> engine.waiters().size() == 1 && waiterThread.isDone()
				&& waiterThread.get().getState() != Thread.State.RUNNABLE);
		backend.beforeHandOff(() -> {
			// between the holder's choice to hand off and the waiter's turn, the waiter gives up
			waiterThread.join().interrupt();
			assertThat(waiter.get(10, TimeUnit.SECONDS)).isInstanceOf(LockInterruptedException.class);
			return null;
		});
		held.close();
		assertThat(backend.handOffs()).isEqualTo(1);
		assertThat(service.availablePermits()).as("the lock is free in the service").isEqualTo(1);
		assertThat(engine.locksInUse()).isZero();
	}

	// ---- a revocation watch that cannot be set up --------------------------------------------

	/**
	 * A revocable lock whose revocation watch cannot be set up is refused, untracked and given
	 * back to the service, not left held with nobody to release it.
	 */
	@Test
	void lockWhoseRevocationWatchCannotBeSetUpIsRefusedAndReleased() {
		Semaphore service = new Semaphore(1);
		SinglePermitBackend backend = new SinglePermitBackend(service);
		LockEngine engine = new LockEngine(backend, NO_LISTENER, LockEngine.Options.DEFAULTS);
		backend.failRevocationWatches(new IllegalStateException("watch client closed"));
		Throwable failure = catchThrowable(
				() -> engine.acquire(request("unwatched", LockType.MUTEX, LONG).withRevocable(true)));
		assertThat(engine.heldLocks()).isEmpty();
		assertThat(engine.locksInUse()).isZero();
		assertThat(service.availablePermits()).as("the lock is free in the service").isEqualTo(1);
		assertThat(failure).isInstanceOf(LockBackendException.class)
			.hasMessageContaining("'unwatched'")
			.hasMessageContaining("revocation")
			.hasRootCauseInstanceOf(IllegalStateException.class);
	}

	/**
	 * A revocable re-entry whose watch cannot be set up is refused, the outer lock stays held
	 * and is released with its own close, and a later revocable re-entry sets the watch up.
	 */
	@Test
	void reentryWhoseRevocationWatchCannotBeSetUpLeavesTheOuterLockAsItWas() {
		Semaphore service = new Semaphore(1);
		SinglePermitBackend backend = new SinglePermitBackend(service);
		LockEngine engine = new LockEngine(backend, NO_LISTENER, LockEngine.Options.DEFAULTS);
		LockHandle outer = engine.acquire(request("unwatched-inner", LockType.MUTEX, LONG));
		backend.failRevocationWatches(new IllegalStateException("watch client closed"));
		assertThatExceptionOfType(LockBackendException.class).isThrownBy(
				() -> engine.acquire(request("unwatched-inner", LockType.MUTEX, LONG).withRevocable(true)));
		assertThat(engine.heldLocks()).containsExactly(outer);
		assertThat(outer.isHeld()).isTrue();
		backend.failRevocationWatches(null);
		try (LockHandle inner = engine.acquire(request("unwatched-inner", LockType.MUTEX, LONG).withRevocable(true))) {
			assertThat(backend.revocationWatches()).as("watches set up").isEqualTo(1);
		}
		outer.close();
		assertThat(engine.locksInUse()).isZero();
		assertThat(service.availablePermits()).as("the lock is free in the service").isEqualTo(1);
	}

	/**
	 * A lock service of one permit, whose hand-off runs a hook first.
	 */
	private static final class SinglePermitBackend implements LockBackend {

		private final Semaphore permit;

		private final AtomicInteger grants = new AtomicInteger();

		private final AtomicInteger handOffs = new AtomicInteger();

		private final AtomicInteger revocationWatches = new AtomicInteger();

		private volatile Callable<?> beforeHandOff = () -> null;

		private volatile @Nullable RuntimeException revocationWatchFailure;

		private volatile Runnable onRevocationRequested = () -> {
		};

		private volatile LockState state = LockState.HELD;

		SinglePermitBackend(Semaphore permit) {
			this.permit = permit;
		}

		void beforeHandOff(Callable<?> hook) {
			this.beforeHandOff = hook;
		}

		int handOffs() {
			return this.handOffs.get();
		}

		/** Its locks are lost from now on, and the engine is not told (as if the event were late). */
		void loseWithoutTelling() {
			this.state = LockState.LOST;
		}

		/** Makes each revocation watch throw this from now on, or none for {@code null}. */
		void failRevocationWatches(@Nullable RuntimeException failure) {
			this.revocationWatchFailure = failure;
		}

		int revocationWatches() {
			return this.revocationWatches.get();
		}

		/** Tells the watch of the lock watched last that its revocation was requested. */
		void requestRevocation() {
			this.onRevocationRequested.run();
		}

		@Override
		public boolean supportsRevocation(LockType type) {
			return true;
		}

		@Override
		public String pathOf(String key) {
			return "permit:" + key;
		}

		@Override
		public BackendLock acquire(LockRequest request, String path, long deadlineNanos) throws InterruptedException {
			if (!this.permit.tryAcquire(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
				throw new LockAcquisitionException(request.key(), path, Duration.ZERO);
			}
			return new Held(FencingTokens.of(this.grants.incrementAndGet(), 0));
		}

		@Override
		public BackendLock acquireReadInWrite(BackendLock write, LockRequest request, long deadlineNanos) {
			throw new UnsupportedOperationException("MUTEX only");
		}

		@Override
		public Collection<String> participants(String key, LockType type) {
			return List.of();
		}

		@Override
		public void onStateChange(Runnable callback) {
		}

		private final class Held implements BackendLock {

			private final long token;

			Held(long token) {
				this.token = token;
			}

			@Override
			public long fencingToken() {
				return this.token;
			}

			@Override
			public String describe() {
				return "permit " + this.token;
			}

			@Override
			public LockState state() {
				return SinglePermitBackend.this.state;
			}

			@Override
			public BackendLock handOff() {
				try {
					SinglePermitBackend.this.beforeHandOff.call();
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
				SinglePermitBackend.this.handOffs.incrementAndGet();
				return new Held(this.token + 1);
			}

			@Override
			public void release() {
				SinglePermitBackend.this.permit.release();
			}

			@Override
			public void watchRevocation(Runnable onRequested) {
				RuntimeException failure = SinglePermitBackend.this.revocationWatchFailure;
				if (failure != null) {
					throw failure;
				}
				SinglePermitBackend.this.revocationWatches.incrementAndGet();
				SinglePermitBackend.this.onRevocationRequested = onRequested;
			}

		}

	}

	private static LockEngine.Options handingOff(int maxHandoffs) {
		return LockEngine.Options.DEFAULTS.withHandoff(maxHandoffs, Duration.ofSeconds(10));
	}

	private Client registry(LockEngine.Options options) {
		return registry(options, NO_LISTENER);
	}

	private Client registry(LockEngine.Options options, LockListener listener) {
		InMemoryLockBackend backend = new InMemoryLockBackend(this.service);
		Client registry = new Client(new LockEngine(backend, listener, options), backend);
		this.registries.add(registry);
		return registry;
	}

	private static LockRequest request(String key, LockType type, Duration wait) {
		return new LockRequest(key, type, wait, "engine");
	}


	/**
	 * A process of the test: the engine over its own client of the in-memory service.
	 */
	private record Client(LockEngine engine, InMemoryLockBackend backend) {

		LockHandle acquire(LockRequest request) {
			return this.engine.acquire(request);
		}

		List<LockHandle> heldLocks() {
			return this.engine.heldLocks();
		}

		List<io.github.distlock.core.LockWaiter> waiters() {
			return this.engine.waiters();
		}

		int deferredReleaseCount() {
			return this.engine.deferredReleaseCount();
		}

		void suspendConnection() {
			this.backend.suspendConnection();
		}

		void resumeConnection() {
			this.backend.resumeConnection();
		}

		void expireSession() {
			this.backend.expireSession();
		}

		void close() {
			this.engine.close();
			this.backend.close();
		}

	}

}
