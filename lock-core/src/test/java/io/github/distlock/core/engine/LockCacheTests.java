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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.CachedLock;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.core.spi.LockBackend;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * What lock caching does in the engine beyond the contract suite's {@code Caching} group, on the
 * in-memory backend: which uses of a key are cached, the bound on cached locks, doubt, the types
 * it keeps, the token range of one node, and a backend that cannot watch.
 */
class LockCacheTests {

	private static final Duration LONG = Duration.ofSeconds(10);

	private static final LockEngine.Caching KEPT = LockEngine.Caching.of(Duration.ofMinutes(2), 100);

	private static final LockListener NO_LISTENER = new LockListener() {
	};

	private final InMemoryLockService service = new InMemoryLockService();

	private final List<AutoCloseable> closeables = new ArrayList<>();

	@AfterEach
	void close() throws Exception {
		for (int i = this.closeables.size() - 1; i >= 0; i--) {
			this.closeables.get(i).close();
		}
	}

	@Test
	void aKeyUsedOnceIsReleasedInTheServiceAndItsNextUseWithinTheIdleTimeIsCached() {
		LockEngine engine = engine(new InMemoryLockBackend(this.service), KEPT);
		long first = holdOnce(engine, "used-twice");
		assertThat(cachedKeys(engine)).isEmpty();
		assertThat(this.service.entriesOf("used-twice")).isEmpty();
		long second = holdOnce(engine, "used-twice");
		assertThat(cachedKeys(engine)).containsExactly("used-twice");
		assertThat(this.service.entriesOf("used-twice")).hasSize(1);
		assertThat(holdOnce(engine, "used-twice")).isGreaterThan(second).isGreaterThan(first);
	}

	@Test
	void aKeyUsedAgainAfterTheIdleTimeIsNotCached() throws InterruptedException {
		Duration idleTime = Duration.ofMillis(100);
		LockEngine engine = engine(new InMemoryLockBackend(this.service), LockEngine.Caching.of(idleTime, 100));
		holdOnce(engine, "used-seldom");
		Thread.sleep(3 * idleTime.toMillis());
		holdOnce(engine, "used-seldom");
		assertThat(cachedKeys(engine)).isEmpty();
		assertThat(this.service.entriesOf("used-seldom")).isEmpty();
	}

	@Test
	void theKeysUsedOnceAreBoundedAsTheCachedLocksAre() {
		LockEngine engine = engine(new InMemoryLockBackend(this.service), LockEngine.Caching.of(Duration.ofMinutes(2), 2));
		for (String key : List.of("first", "second", "third", "first")) {
			holdOnce(engine, key);
		}
		assertThat(cachedKeys(engine)).as("'first', forgotten for the two keys used after it").isEmpty();
		holdOnce(engine, "third");
		assertThat(cachedKeys(engine)).containsExactly("third");
	}

	@Test
	void theLongestIdleLockIsGivenUpWhenMoreThanTheBoundAreCached() {
		LockEngine engine = engine(new InMemoryLockBackend(this.service), LockEngine.Caching.of(Duration.ofMinutes(2), 2));
		cacheOnce(engine, "first");
		cacheOnce(engine, "second");
		cacheOnce(engine, "third");
		await().atMost(LONG).untilAsserted(() -> assertThat(cachedKeys(engine)).containsExactly("second", "third"));
		await().atMost(LONG).untilAsserted(() -> assertThat(this.service.entriesOf("first")).isEmpty());
		assertThat(this.service.entriesOf("third")).hasSize(1);
		assertThat(engine.locksInUse()).isEqualTo(2);
	}

	@Test
	void aCachedLockIsGivenUpWhenItsSessionIsInDoubtAndNeverHandedOutMeanwhile() {
		InMemoryLockBackend backend = new InMemoryLockBackend(this.service);
		LockEngine engine = engine(backend, KEPT);
		long cachedToken = cacheOnce(engine, "doubt");
		assertThat(cachedKeys(engine)).containsExactly("doubt");
		backend.suspendConnection();
		await().atMost(LONG).untilAsserted(() -> assertThat(cachedKeys(engine)).isEmpty());
		backend.resumeConnection();
		await().atMost(LONG).untilAsserted(() -> assertThat(this.service.entriesOf("doubt")).isEmpty());
		try (LockHandle lock = engine.acquire(request("doubt", LockType.MUTEX))) {
			assertThat(lock.state()).isEqualTo(LockState.HELD);
			assertThat(lock.fencingToken()).isGreaterThan(cachedToken);
		}
	}

	@Test
	void tokensKeepIncreasingWhenTheCachedNodeRunsOutOfHandOffsAndIsTakenAgainInTheService() {
		LockEngine engine = engine(new InMemoryLockBackend(this.service), KEPT);
		long previous = Long.MIN_VALUE;
		Set<Long> grants = new HashSet<>();
		int cycles = 3 * FencingTokens.MAX_HANDOFFS;
		for (int i = 0; i < cycles; i++) {
			long token = holdOnce(engine, "many");
			assertThat(token).isGreaterThan(previous);
			previous = token;
			grants.add(token >> 10);
		}
		int perGrant = FencingTokens.MAX_HANDOFFS + 1;
		assertThat(grants).as("the service's grants, by the token's service part: one for the key's first use, "
				+ "then one per %d cycles", perGrant).hasSize(1 + (cycles - 1 + perGrant - 1) / perGrant);
	}

	@Test
	void pastItsHandOffBoundALockWaitedForByThreadsOfThisJvmIsKeptOnlyOnceItsQueueWasReadClean() throws Exception {
		assertThat(grantsForThreeThreads(new InMemoryLockBackend(this.service), "confirmed"))
			.as("service grants when the watch confirmed the queue").isEqualTo(1);
		assertThat(grantsForThreeThreads(new Rewatched(new InMemoryLockBackend(this.service), Watching.UNCONFIRMED), "unconfirmed"))
			.as("service grants when it did not").isEqualTo(2);
	}

	/**
	 * Three threads take a lock whose hand-off bound is one: the first holds it while the two
	 * others queue, then each holds it in turn.
	 * @return how many times the lock was granted in the service
	 */
	private long grantsForThreeThreads(LockBackend backend, String key) throws Exception {
		LockEngine engine = new LockEngine(backend, NO_LISTENER,
				LockEngine.Options.DEFAULTS.withHandoff(1, LONG).withCaching(KEPT));
		this.closeables.add(backend instanceof AutoCloseable closeable ? closeable : () -> {
		});
		this.closeables.add(engine);
		List<Long> tokens = new CopyOnWriteArrayList<>();
		ExecutorService threads = Executors.newFixedThreadPool(2);
		try (LockHandle first = engine.acquire(request(key, LockType.MUTEX))) {
			tokens.add(first.fencingToken());
			for (int i = 0; i < 2; i++) {
				// noted while held: the holds are one at a time, so the list is in grant order
				threads.submit(() -> {
					try (LockHandle lock = engine.acquire(request(key, LockType.MUTEX))) {
						tokens.add(lock.fencingToken());
					}
				});
				int waiting = i + 1;
				await().atMost(LONG).until(() -> engine.waiters().size() == waiting);
			}
		}
		threads.shutdown();
		assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
		assertThat(tokens).hasSize(3).isSorted().doesNotHaveDuplicates();
		return tokens.stream().map((token) -> token >> 10).distinct().count();
	}

	@Test
	void aWatchThatThrowsWhenClosedDoesNotKeepIdleLocksFromBeingReleased() {
		LockEngine engine = engine(new Rewatched(new InMemoryLockBackend(this.service), Watching.CLOSE_THROWS),
				LockEngine.Caching.of(Duration.ofMillis(100), 100));
		for (String key : List.of("throwing-1", "throwing-2")) {
			cacheOnce(engine, key);
			await().atMost(LONG).untilAsserted(() -> assertThat(this.service.entriesOf(key)).isEmpty());
		}
		assertThat(engine.cachedLocks()).isEmpty();
	}

	@ParameterizedTest
	@EnumSource(names = { "READ", "WRITE", "SEMAPHORE_MUTEX" })
	void onlyMutexLocksAreCached(LockType type) {
		LockEngine engine = engine(new InMemoryLockBackend(this.service), KEPT);
		engine.acquire(request("not-cached", type)).close();
		engine.acquire(request("not-cached", type)).close();
		assertThat(engine.cachedLocks()).isEmpty();
		assertThat(this.service.entriesOf("not-cached")).isEmpty();
	}

	@Test
	void locksOfABackendThatCannotWatchTheirQueueAreNotCached() {
		LockEngine engine = engine(new Rewatched(new InMemoryLockBackend(this.service), Watching.NONE), KEPT);
		cacheOnce(engine, "unwatched");
		assertThat(engine.cachedLocks()).isEmpty();
		assertThat(this.service.entriesOf("unwatched")).isEmpty();
	}

	@Test
	void aCachedLockIsListedWithTheTokenItsNextHolderGets() {
		LockEngine engine = engine(new InMemoryLockBackend(this.service), KEPT);
		long token = cacheOnce(engine, "listed");
		CachedLock cached = engine.cachedLocks().get(0);
		assertThat(cached.key()).isEqualTo("listed");
		assertThat(cached.type()).isEqualTo(LockType.MUTEX);
		assertThat(cached.path()).isEqualTo(engine.pathOf("listed"));
		assertThat(cached.fencingToken()).isGreaterThan(token);
		assertThat(holdOnce(engine, "listed")).isEqualTo(cached.fencingToken());
	}

	@Test
	void cachingSettingsAreChecked() {
		assertThatIllegalArgumentException().isThrownBy(() -> LockEngine.Caching.of(Duration.ZERO, 1))
			.withMessageContaining("idleTime");
		assertThatIllegalArgumentException().isThrownBy(() -> LockEngine.Caching.of(Duration.ofSeconds(1), 0))
			.withMessageContaining("maxLocks");
	}

	private LockEngine engine(LockBackend backend, LockEngine.Caching caching) {
		LockEngine engine = new LockEngine(backend, NO_LISTENER, LockEngine.Options.DEFAULTS.withCaching(caching));
		this.closeables.add(backend instanceof AutoCloseable closeable ? closeable : () -> {
		});
		this.closeables.add(engine);
		return engine;
	}

	private static long holdOnce(LockEngine engine, String key) {
		try (LockHandle lock = engine.acquire(request(key, LockType.MUTEX))) {
			return lock.fencingToken();
		}
	}

	/**
	 * Takes a {@code MUTEX} twice: its first use is released in the service, and its second is
	 * cached if it may be.
	 * @return the token of the second use
	 */
	private static long cacheOnce(LockEngine engine, String key) {
		holdOnce(engine, key);
		return holdOnce(engine, key);
	}

	private static List<String> cachedKeys(LockEngine engine) {
		return engine.cachedLocks().stream().map(CachedLock::key).toList();
	}

	private static LockRequest request(String key, LockType type) {
		return new LockRequest(key, type, LONG, "cache");
	}

	/** What the locks of a {@link Rewatched} backend do about their queue. */
	private enum Watching {

		/** They cannot watch it. */
		NONE,

		/** They watch it, but never tell that they read it clean. */
		UNCONFIRMED,

		/** They watch it, and closing the watch throws, against the SPI's contract. */
		CLOSE_THROWS

	}

	/** The in-memory backend, with its locks' queue watches changed. */
	private record Rewatched(InMemoryLockBackend delegate, Watching watching) implements LockBackend, AutoCloseable {

		@Override
		public String pathOf(String key) {
			return this.delegate.pathOf(key);
		}

		@Override
		public BackendLock acquire(LockRequest request, String path, long deadlineNanos) throws InterruptedException {
			return rewatched(this.delegate.acquire(request, path, deadlineNanos));
		}

		private BackendLock rewatched(BackendLock lock) {
			return new BackendLock() {

				@Override
				public long fencingToken() {
					return lock.fencingToken();
				}

				@Override
				public String describe() {
					return lock.describe();
				}

				@Override
				public LockState state() {
					return lock.state();
				}

				@Override
				public @Nullable BackendLock handOff() {
					BackendLock next = lock.handOff();
					return (next != null) ? rewatched(next) : null;
				}

				@Override
				public @Nullable ContenderWatch watchContenders(Runnable onContender) {
					ContenderWatch watch = (Rewatched.this.watching == Watching.NONE) ? null
							: lock.watchContenders(onContender);
					if (watch == null) {
						return null;
					}
					return switch (Rewatched.this.watching) {
						case CLOSE_THROWS -> () -> {
							watch.close();
							throw new IllegalStateException("closing the watch failed");
						};
						default -> watch::close;
					};
				}

				@Override
				public void release() {
					lock.release();
				}

			};
		}

		@Override
		public BackendLock acquireReadInWrite(BackendLock write, LockRequest request, long deadlineNanos) {
			throw new UnsupportedOperationException();
		}

		@Override
		public Collection<String> participants(String key, LockType type) {
			return this.delegate.participants(key, type);
		}

		@Override
		public void onStateChange(Runnable callback) {
			this.delegate.onStateChange(callback);
		}

		@Override
		public void close() {
			this.delegate.close();
		}

	}

}
