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
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.etcd.jetcd.Client;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The watch on a held {@code MUTEX} key's queue, for lock caching, on a real etcd: it tells of
 * a contender of another client and lease, whether it queued before the watch or after, and of
 * nothing else (our own revocation marker, a hand-off, floor keys, other kinds of lock on the
 * key); it ends when closed or released, and outlives a hand-off.
 */
class EtcdContenderWatchTests {

	private static final Duration LONG = Duration.ofSeconds(10);

	/** How long a watch must stay silent to pass for one that does not fire. */
	private static final long QUIET_MILLIS = 500;

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private final ExecutorService background = Executors.newCachedThreadPool();

	private Client clientA;

	private Client clientB;

	private EtcdLockBackend first;

	private EtcdLockBackend second;

	@BeforeEach
	void connect() {
		this.clientA = client();
		this.clientB = client();
		this.first = new EtcdLockBackend(this.clientA, new EtcdLockPathResolver("/contender-watch"), LONG);
		this.second = new EtcdLockBackend(this.clientB, new EtcdLockPathResolver("/contender-watch"), LONG);
	}

	@AfterEach
	void disconnect() {
		this.background.shutdownNow();
		this.first.close();
		this.second.close();
		this.clientA.close();
		this.clientB.close();
	}

	@Test
	void firesWhenAnotherClientQueuesAndTheContenderGetsTheLockOnceReleased() throws Exception {
		BackendLock held = acquire(this.first, "queued-after", LockType.MUTEX);
		CountDownLatch contender = new CountDownLatch(1);
		ContenderWatch watch = held.watchContenders(contender::countDown);
		assertThat(watch).isNotNull();
		awaitWatchSet(contender);
		Future<BackendLock> waiting = acquireInBackground(this.second, "queued-after");
		assertThat(contender.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("told of the contender").isTrue();
		watch.close();
		held.release();
		BackendLock next = waiting.get(LONG.toSeconds(), TimeUnit.SECONDS);
		assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
		next.release();
	}

	@Test
	void firesForAContenderThatQueuedBeforeTheWatch() throws Exception {
		BackendLock held = acquire(this.first, "queued-before", LockType.MUTEX);
		Future<BackendLock> waiting = acquireInBackground(this.second, "queued-before");
		await().atMost(LONG).until(() -> this.first.participants("queued-before", LockType.MUTEX).size() == 2);
		CountDownLatch contender = new CountDownLatch(1);
		ContenderWatch watch = held.watchContenders(contender::countDown);
		assertThat(contender.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("told of the contender").isTrue();
		assertThat(watch.confirmed()).as("the queue read clean").isFalse();
		watch.close();
		held.release();
		waiting.get(LONG.toSeconds(), TimeUnit.SECONDS).release();
	}

	@Test
	void doesNotFireWhileNobodyElseQueuesEvenForOurRevocationMarkerAndAHandOff() throws Exception {
		BackendLock held = acquire(this.first, "alone", LockType.MUTEX);
		AtomicInteger fired = new AtomicInteger();
		ContenderWatch watch = held.watchContenders(fired::incrementAndGet);
		await().atMost(LONG).until(watch::confirmed);
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired with nobody else queued").hasValue(0);
		CountDownLatch marked = new CountDownLatch(1);
		((EtcdHeldLock) held).watchRevocation(marked::countDown);
		assertThat(this.second.requestRevocation("alone", this.second.pathOf("alone"), LockType.MUTEX)).isTrue();
		assertThat(marked.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("revocation marker written").isTrue();
		BackendLock handedOn = held.handOff();
		assertThat(handedOn).isNotNull();
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired for our own marker or hand-off").hasValue(0);
		watch.close();
		handedOn.release();
	}

	/**
	 * The floor keys are under the path of a key of their own, {@link EtcdLockBackend#FLOORS_KEY}:
	 * a lock on that very key has its queues next to them, never over them.
	 */
	@Test
	void doesNotFireForFloorKeysOrOtherKindsOfLockOnTheKey() throws Exception {
		String key = EtcdLockBackend.FLOORS_KEY;
		BackendLock held = acquire(this.first, key, LockType.MUTEX);
		AtomicInteger fired = new AtomicInteger();
		ContenderWatch watch = held.watchContenders(fired::incrementAndGet);
		// the other backend's lease puts its floor key, and each release of a key raises it
		BackendLock semaphore = acquire(this.second, key, LockType.SEMAPHORE_MUTEX);
		BackendLock write = acquire(this.second, key, LockType.WRITE);
		assertThat(this.second.floorKey(this.second.currentLeaseId())).startsWith(this.second.pathOf(key) + "/");
		semaphore.release();
		write.release();
		acquire(this.second, "elsewhere", LockType.MUTEX).release();
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired for floor keys or other kinds of lock").hasValue(0);
		watch.close();
		held.release();
	}

	@Test
	void doesNotFireOnceClosed() throws Exception {
		BackendLock held = acquire(this.first, "closed", LockType.MUTEX);
		AtomicInteger fired = new AtomicInteger();
		ContenderWatch watch = held.watchContenders(fired::incrementAndGet);
		watch.close();
		Future<BackendLock> waiting = acquireInBackground(this.second, "closed");
		await().atMost(LONG).until(() -> this.first.participants("closed", LockType.MUTEX).size() == 2);
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired once closed").hasValue(0);
		held.release();
		waiting.get(LONG.toSeconds(), TimeUnit.SECONDS).release();
	}

	@Test
	void doesNotFireOnceTheKeyIsReleased() throws Exception {
		BackendLock held = acquire(this.first, "released", LockType.MUTEX);
		AtomicInteger fired = new AtomicInteger();
		held.watchContenders(fired::incrementAndGet);
		BackendLock handedOn = held.handOff();
		assertThat(handedOn).isNotNull();
		handedOn.release();
		// another contender comes: a watch still set would fire
		BackendLock other = acquire(this.second, "released", LockType.MUTEX);
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired once released").hasValue(0);
		other.release();
	}

	@Test
	void stillFiresAfterAHandOff() throws Exception {
		BackendLock held = acquire(this.first, "handed-on", LockType.MUTEX);
		CountDownLatch contender = new CountDownLatch(1);
		ContenderWatch watch = held.watchContenders(contender::countDown);
		awaitWatchSet(contender);
		BackendLock handedOn = held.handOff();
		assertThat(handedOn).isNotNull();
		Future<BackendLock> waiting = acquireInBackground(this.second, "handed-on");
		assertThat(contender.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("told of the contender").isTrue();
		watch.close();
		handedOn.release();
		waiting.get(LONG.toSeconds(), TimeUnit.SECONDS).release();
	}

	@Test
	void noWatchFromAClosedWatchClient() throws Exception {
		BackendLock held = acquire(this.first, "closed-watch-client", LockType.MUTEX);
		this.clientA.getWatchClient().close();
		AtomicInteger fired = new AtomicInteger();
		assertThat(held.watchContenders(fired::incrementAndGet)).isNull();
		assertThat(fired).as("called back on the caller's thread").hasValue(0);
		held.release();
	}

	@Test
	void otherTypesHaveNoWatch() throws Exception {
		for (LockType type : List.of(LockType.SEMAPHORE_MUTEX, LockType.READ, LockType.WRITE)) {
			BackendLock held = acquire(this.first, "type-" + type, type);
			try {
				assertThat(held.watchContenders(() -> {
				})).as(type.toString()).isNull();
			}
			finally {
				held.release();
			}
		}
	}

	/**
	 * Gives a watch the time to be set in etcd, which tells nothing when it is (the confirmation
	 * and the read that follows it are the watch's own): a contender that queues after that is
	 * one the watch must see come. A watch still not set by then only makes the test easier to
	 * pass, never fail.
	 */
	private static void awaitWatchSet(CountDownLatch contender) throws InterruptedException {
		Thread.sleep(QUIET_MILLIS);
		assertThat(contender.getCount()).as("fired with nobody else queued").isEqualTo(1);
	}

	private static Client client() {
		return Client.builder().endpoints(etcd.endpoint()).connectTimeout(Duration.ofMillis(500)).build();
	}

	private static BackendLock acquire(EtcdLockBackend backend, String key, LockType type)
			throws InterruptedException {
		return backend.acquire(new LockRequest(key, type, LONG, "contender-watch"), backend.pathOf(key),
				System.nanoTime() + LONG.toNanos());
	}

	private Future<BackendLock> acquireInBackground(EtcdLockBackend backend, String key) {
		return this.background.submit(() -> acquire(backend, key, LockType.MUTEX));
	}

}
