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

package io.github.distlock.zookeeper;

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
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.expireSession;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The watch on a held {@code MUTEX} node's queue, for lock caching, on a real ZooKeeper: it
 * tells of a contender of another session, whether it queued before the watch or after, and of
 * nothing else (our own revocation marker, a hand-off); it ends when closed or released, and
 * outlives a hand-off. An expired session counts as a contender, on the safe side; a closed
 * client gives no watch.
 */
class ZooKeeperContenderWatchTests {

	private static final Duration LONG = Duration.ofSeconds(10);

	/** How long a watch must stay silent to pass for one that does not fire. */
	private static final long QUIET_MILLIS = 500;

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final ExecutorService background = Executors.newCachedThreadPool();

	private CuratorFramework clientA;

	private CuratorFramework clientB;

	private ZooKeeperLockBackend first;

	private ZooKeeperLockBackend second;

	@BeforeEach
	void connect() throws Exception {
		this.clientA = connectedClient(zookeeper.connectString());
		this.clientB = connectedClient(zookeeper.connectString());
		this.first = new ZooKeeperLockBackend(this.clientA, new ZnodeLockPathResolver("/Locks"));
		this.second = new ZooKeeperLockBackend(this.clientB, new ZnodeLockPathResolver("/Locks"));
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
	void firesWhenAnotherSessionQueuesAndTheContenderGetsTheLockOnceReleased() throws Exception {
		BackendLock held = acquire(this.first, "queued-after", LockType.MUTEX);
		CountDownLatch contender = new CountDownLatch(1);
		ContenderWatch watch = held.watchContenders(contender::countDown);
		assertThat(watch).isNotNull();
		awaitWatchSet("queued-after", contender);
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
		((ZooKeeperHeldLock) held).watchRevocation(marked::countDown);
		assertThat(this.second.requestRevocation("alone", this.second.pathOf("alone"), LockType.MUTEX)).isTrue();
		assertThat(marked.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("revocation marker written").isTrue();
		BackendLock handedOn = held.handOff();
		assertThat(handedOn).isNotNull();
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired for our own marker or hand-off").hasValue(0);
		watch.close();
		handedOn.release();
	}

	@Test
	void doesNotFireOnceClosed() throws Exception {
		BackendLock held = acquire(this.first, "closed", LockType.MUTEX);
		AtomicInteger fired = new AtomicInteger();
		ContenderWatch watch = held.watchContenders(fired::incrementAndGet);
		String lockPath = this.first.pathOf("closed");
		await().atMost(LONG).until(() -> childWatches(this.clientA).contains(lockPath));
		watch.close();
		await().atMost(LONG).until(() -> !childWatches(this.clientA).contains(lockPath));
		Future<BackendLock> waiting = acquireInBackground(this.second, "closed");
		await().atMost(LONG).until(() -> this.first.participants("closed", LockType.MUTEX).size() == 2);
		Thread.sleep(QUIET_MILLIS);
		assertThat(fired).as("fired once closed").hasValue(0);
		held.release();
		waiting.get(LONG.toSeconds(), TimeUnit.SECONDS).release();
	}

	@Test
	void doesNotFireOnceTheNodeIsReleased() throws Exception {
		BackendLock held = acquire(this.first, "released", LockType.MUTEX);
		AtomicInteger fired = new AtomicInteger();
		held.watchContenders(fired::incrementAndGet);
		BackendLock handedOn = held.handOff();
		assertThat(handedOn).isNotNull();
		handedOn.release();
		// the queue changes (our node went, another comes): a watch still set would fire
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
		awaitWatchSet("handed-on", contender);
		BackendLock handedOn = held.handOff();
		assertThat(handedOn).isNotNull();
		Future<BackendLock> waiting = acquireInBackground(this.second, "handed-on");
		assertThat(contender.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("told of the contender").isTrue();
		watch.close();
		handedOn.release();
		waiting.get(LONG.toSeconds(), TimeUnit.SECONDS).release();
	}

	@Test
	void firesWhenTheSessionExpires() throws Exception {
		BackendLock held = acquire(this.first, "expired", LockType.MUTEX);
		CountDownLatch contender = new CountDownLatch(1);
		ContenderWatch watch = held.watchContenders(contender::countDown);
		awaitWatchSet("expired", contender);
		expireSession(this.clientA);
		assertThat(contender.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("told, on the safe side").isTrue();
		watch.close();
		held.release();
	}

	@Test
	void noWatchFromAClosedClient() throws Exception {
		BackendLock held = acquire(this.first, "closed-client", LockType.MUTEX);
		this.clientA.close();
		AtomicInteger fired = new AtomicInteger();
		assertThat(held.watchContenders(fired::incrementAndGet)).isNull();
		assertThat(fired).as("called back on the caller's thread").hasValue(0);
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
	 * Waits until the client watches the lock path's children: a contender that queues after
	 * that is one the watch must see come.
	 */
	private void awaitWatchSet(String key, CountDownLatch contender) {
		String lockPath = this.first.pathOf(key);
		await().atMost(LONG).until(() -> childWatches(this.clientA).contains(lockPath));
		assertThat(contender.getCount()).as("fired with nobody else queued").isEqualTo(1);
	}

	private static BackendLock acquire(ZooKeeperLockBackend backend, String key, LockType type)
			throws InterruptedException {
		return backend.acquire(new LockRequest(key, type, LONG, "contender-watch"), backend.pathOf(key),
				System.nanoTime() + LONG.toNanos());
	}

	private Future<BackendLock> acquireInBackground(ZooKeeperLockBackend backend, String key) {
		return this.background.submit(() -> acquire(backend, key, LockType.MUTEX));
	}

	@SuppressWarnings("unchecked")
	private static List<String> childWatches(CuratorFramework client) throws Exception {
		org.apache.zookeeper.ZooKeeper zookeeper = client.getZookeeperClient().getZooKeeper();
		java.lang.reflect.Method method = org.apache.zookeeper.ZooKeeper.class.getDeclaredMethod("getChildWatches");
		method.setAccessible(true);
		return (List<String>) method.invoke(zookeeper);
	}

}
