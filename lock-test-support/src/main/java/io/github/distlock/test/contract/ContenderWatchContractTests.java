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

package io.github.distlock.test.contract;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.core.spi.RevocableBackend;
import io.github.distlock.core.spi.RevocableLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What every backend's watch on a held {@code MUTEX} lock's queue guarantees
 * ({@link BackendLock#watchContenders}, for lock caching), as tests that each backend's test
 * class inherits by extending this one and providing its hooks:
 * <ul>
 * <li>{@link #first()} and {@link #second()}: two backends on the same lock service, each with a
 * session (or lease) of its own, as two processes have;</li>
 * <li>{@link #awaitWatchSet(String)}: how to wait until a watch is set in the service (exactly,
 * where the service tells, else for a fixed time);</li>
 * <li>{@link #closeWatch(String, ContenderWatch)}: how to close a watch, seeing it set before
 * and gone after where the service tells.</li>
 * </ul>
 * The guarantees: the watch tells of a contender of another session, whether it queued before
 * the watch or after, and of nothing else (our own revocation marker, a hand-off); it is
 * {@link ContenderWatch#confirmed() confirmed} once it read the queue clean, and not when a
 * contender was queued already; it ends when closed or when the lock is released, and outlives
 * a hand-off; the contender gets the lock once it is released; the other types of lock have no
 * watch.
 * <p>
 * Every test uses keys of its own and releases what it takes; the backend's class creates and
 * closes its backends around each test ({@code @BeforeEach}, {@code @AfterEach}).
 *
 * @since 0.1.0
 */
public abstract class ContenderWatchContractTests {

	/** The bound on what must happen (an acquisition, a watch to fire, a watch to be set). */
	protected static final Duration LONG = Duration.ofSeconds(10);

	/** How long a watch must stay silent to pass for one that does not fire. */
	protected static final long QUIET_MILLIS = 500;

	private final ExecutorService background = Executors.newCachedThreadPool();

	// ---- backend hooks ----------------------------------------------------------------------

	/**
	 * The backend whose locks the tests watch, with a session (or lease) of its own; the same one
	 * throughout a test.
	 * @return the backend, connected
	 */
	protected abstract RevocableBackend first();

	/**
	 * The backend of the contenders, on the same lock service as {@link #first()} but with a
	 * session (or lease) of its own, as another process has; the same one throughout a test.
	 * @return the backend, connected
	 */
	protected abstract RevocableBackend second();

	/**
	 * Waits until the watch of a lock of {@link #first()} on the key's queue is set in the lock
	 * service: a contender that queues after that is one the watch must see come. A service that
	 * tells which watches are set (ZooKeeper) is polled until it has the watch; one that tells
	 * nothing (etcd) is given a fixed time ({@link #QUIET_MILLIS}), where a watch still not set by
	 * then only makes a test easier to pass, never fail.
	 * @param key the lock key
	 * @throws Exception if the wait is interrupted or the service cannot be read
	 */
	protected abstract void awaitWatchSet(String key) throws Exception;

	/**
	 * Closes the watch of a lock of {@link #first()} on the key's queue. A service that tells
	 * which watches are set (ZooKeeper) is polled until it has the watch before it is closed, and
	 * until it no longer has it after, so that the test closes a watch that was set and sees it
	 * removed; one that tells nothing (etcd) only closes it.
	 * @param key the lock key
	 * @param watch the watch, from {@link BackendLock#watchContenders}
	 * @throws Exception if the wait is interrupted or the service cannot be read
	 */
	protected abstract void closeWatch(String key, ContenderWatch watch) throws Exception;

	@AfterEach
	void stopBackground() {
		this.background.shutdownNow();
	}

	// ---- the contract -----------------------------------------------------------------------

	/**
	 * A watch set with nobody else queued is told of a contender of another session that queues
	 * after it, and that contender gets the lock, with a greater fencing token, once it is
	 * released.
	 */
	@Test
	void firesWhenAnotherSessionQueuesAndTheContenderGetsTheLockOnceReleased() throws Exception {
		BackendLock held = acquire(first(), "queued-after", LockType.MUTEX);
		CountDownLatch contender = new CountDownLatch(1);
		ContenderWatch watch = held.watchContenders(contender::countDown);
		assertThat(watch).isNotNull();
		awaitWatchSetWithNoContender("queued-after", contender);
		Future<BackendLock> waiting = acquireInBackground(second(), "queued-after");
		assertThat(contender.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("told of the contender").isTrue();
		watch.close();
		held.release();
		BackendLock next = waiting.get(LONG.toSeconds(), TimeUnit.SECONDS);
		assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
		next.release();
	}

	/**
	 * A watch set while a contender is queued already is told of it, and is not confirmed: its
	 * read of the queue was not clean.
	 */
	@Test
	void firesForAContenderThatQueuedBeforeTheWatch() throws Exception {
		BackendLock held = acquire(first(), "queued-before", LockType.MUTEX);
		Future<BackendLock> waiting = acquireInBackground(second(), "queued-before");
		await().atMost(LONG).until(() -> first().participants("queued-before", LockType.MUTEX).size() == 2);
		CountDownLatch contender = new CountDownLatch(1);
		ContenderWatch watch = held.watchContenders(contender::countDown);
		assertThat(contender.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("told of the contender").isTrue();
		assertThat(watch.confirmed()).as("the queue read clean").isFalse();
		watch.close();
		held.release();
		waiting.get(LONG.toSeconds(), TimeUnit.SECONDS).release();
	}

	/**
	 * With nobody else queued, a watch is confirmed and stays silent, also when another session
	 * writes a revocation marker for the lock (our own marker, in the lock's queue) and when the
	 * lock is handed off.
	 */
	@Test
	void doesNotFireWhileNobodyElseQueuesEvenForOurRevocationMarkerAndAHandOff() throws Exception {
		BackendLock held = acquire(first(), "alone", LockType.MUTEX);
		AtomicInteger fired = new AtomicInteger();
		ContenderWatch watch = held.watchContenders(fired::incrementAndGet);
		await().atMost(LONG).until(watch::confirmed);
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired with nobody else queued").hasValue(0);
		CountDownLatch marked = new CountDownLatch(1);
		((RevocableLock) held).watchRevocation(marked::countDown);
		assertThat(second().requestRevocation("alone", second().pathOf("alone"), LockType.MUTEX)).isTrue();
		assertThat(marked.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("revocation marker written").isTrue();
		BackendLock handedOn = held.handOff();
		assertThat(handedOn).isNotNull();
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired for our own marker or hand-off").hasValue(0);
		watch.close();
		handedOn.release();
	}

	/** A closed watch is not told of a contender that queues after it was closed. */
	@Test
	void doesNotFireOnceClosed() throws Exception {
		BackendLock held = acquire(first(), "closed", LockType.MUTEX);
		AtomicInteger fired = new AtomicInteger();
		ContenderWatch watch = held.watchContenders(fired::incrementAndGet);
		closeWatch("closed", watch);
		Future<BackendLock> waiting = acquireInBackground(second(), "closed");
		await().atMost(LONG).until(() -> first().participants("closed", LockType.MUTEX).size() == 2);
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired once closed").hasValue(0);
		held.release();
		waiting.get(LONG.toSeconds(), TimeUnit.SECONDS).release();
	}

	/**
	 * A watch ends with the lock: once the lock (handed off first) is released, a contender that
	 * then takes the lock is not told of.
	 */
	@Test
	void doesNotFireOnceTheLockIsReleased() throws Exception {
		BackendLock held = acquire(first(), "released", LockType.MUTEX);
		AtomicInteger fired = new AtomicInteger();
		held.watchContenders(fired::incrementAndGet);
		BackendLock handedOn = held.handOff();
		assertThat(handedOn).isNotNull();
		handedOn.release();
		// the queue changes (our node or key went, another comes): a watch still set would fire
		BackendLock other = acquire(second(), "released", LockType.MUTEX);
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired once released").hasValue(0);
		other.release();
	}

	/** A watch outlives a hand-off: it is of the lock in the service, which the hand-off keeps. */
	@Test
	void stillFiresAfterAHandOff() throws Exception {
		BackendLock held = acquire(first(), "handed-on", LockType.MUTEX);
		CountDownLatch contender = new CountDownLatch(1);
		ContenderWatch watch = held.watchContenders(contender::countDown);
		awaitWatchSetWithNoContender("handed-on", contender);
		BackendLock handedOn = held.handOff();
		assertThat(handedOn).isNotNull();
		Future<BackendLock> waiting = acquireInBackground(second(), "handed-on");
		assertThat(contender.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("told of the contender").isTrue();
		watch.close();
		handedOn.release();
		waiting.get(LONG.toSeconds(), TimeUnit.SECONDS).release();
	}

	/** Only a {@code MUTEX} is watched: the other types of lock have no watch. */
	@Test
	void otherTypesHaveNoWatch() throws Exception {
		for (LockType type : List.of(LockType.SEMAPHORE_MUTEX, LockType.READ, LockType.WRITE)) {
			BackendLock held = acquire(first(), "type-" + type, type);
			try {
				assertThat(held.watchContenders(() -> {
				})).as(type.toString()).isNull();
			}
			finally {
				held.release();
			}
		}
	}

	// ---- helpers ----------------------------------------------------------------------------

	/**
	 * Takes a lock, waiting up to {@link #LONG}.
	 * @param backend the backend to take it in
	 * @param key the lock key
	 * @param type the type of lock
	 * @return the lock, held
	 * @throws InterruptedException if interrupted while waiting
	 */
	protected static BackendLock acquire(LockBackend backend, String key, LockType type)
			throws InterruptedException {
		return backend.acquire(new LockRequest(key, type, LONG, "contender-watch"), backend.pathOf(key),
				System.nanoTime() + LONG.toNanos());
	}

	/**
	 * Takes a {@code MUTEX} on a thread of the suite's, which the suite interrupts after the
	 * test.
	 * @param backend the backend to take it in
	 * @param key the lock key
	 * @return the lock, once held
	 */
	protected Future<BackendLock> acquireInBackground(LockBackend backend, String key) {
		return this.background.submit(() -> acquire(backend, key, LockType.MUTEX));
	}

	/**
	 * Waits until the watch is set ({@link #awaitWatchSet(String)}), and checks that it was not
	 * told of a contender while nobody else queued.
	 */
	private void awaitWatchSetWithNoContender(String key, CountDownLatch contender) throws Exception {
		awaitWatchSet(key);
		assertThat(contender.getCount()).as("fired with nobody else queued").isEqualTo(1);
	}

}
