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
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.dataWatches;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.expireSession;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Two-level locking, second level: a held {@code MUTEX} node passes to the next waiting thread
 * of the same JVM, within bounds, without a delete and a create.
 */
class HandoffMutexTests {

	private static final int THREADS = 8;

	private static final int ROUNDS = 20;

	private static final int MAX_HANDOFFS = 4;

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private CuratorFramework clientA;

	private CuratorFramework clientB;

	private ZookeeperLockRegistry first;

	private ZookeeperLockRegistry second;

	@BeforeEach
	void connect() throws Exception {
		this.clientA = connectedClient(zookeeper.connectString());
		this.clientB = connectedClient(zookeeper.connectString());
		ZookeeperLockRegistry.Options options = new ZookeeperLockRegistry.Options(false, true, MAX_HANDOFFS,
				Duration.ofSeconds(10));
		this.first = new ZookeeperLockRegistry(this.clientA, new ZnodeLockPathResolver("/Locks"), new LockListener() {
		}, options);
		this.second = new ZookeeperLockRegistry(this.clientB, new ZnodeLockPathResolver("/Locks"), new LockListener() {
		}, options);
	}

	@AfterEach
	void disconnect() {
		this.first.close();
		this.second.close();
		this.clientA.close();
		this.clientB.close();
	}

	private static LockRequest request(String key, Duration wait) {
		return new LockRequest(key, LockType.MUTEX, wait, "test");
	}

	@Test
	void handOffKeepsExclusionAndTokensGrowWithEveryHolder() throws Exception {
		List<Long> tokens = Collections.synchronizedList(new ArrayList<>());
		Set<String> nodes = Collections.synchronizedSet(new HashSet<>());
		int[] counter = new int[1];
		ExecutorService pool = Executors.newFixedThreadPool(THREADS);
		try {
			List<Future<?>> workers = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				workers.add(pool.submit(() -> {
					for (int i = 0; i < ROUNDS; i++) {
						try (LockHandle lock = this.first.acquire(request("hot", Duration.ofSeconds(60)))) {
							tokens.add(lock.fencingToken());
							nodes.add(this.first.nodePathOf(lock));
							int read = counter[0];
							Thread.sleep(1);
							counter[0] = read + 1;
						}
					}
					return null;
				}));
			}
			for (Future<?> worker : workers) {
				worker.get(120, TimeUnit.SECONDS);
			}
		}
		finally {
			pool.shutdownNow();
		}
		assertThat(counter[0]).isEqualTo(THREADS * ROUNDS);
		assertThat(tokens).hasSize(THREADS * ROUNDS).isSorted().doesNotHaveDuplicates();
		// handed off: fewer ZooKeeper nodes than holders, but never more than the bound per node
		assertThat(nodes.size()).isLessThan(THREADS * ROUNDS)
			.isGreaterThanOrEqualTo(THREADS * ROUNDS / (MAX_HANDOFFS + 1));
		assertThat(ephemeralNodesUnder(this.clientB, "/Locks")).isEmpty();
	}

	@Test
	void aNodeHandedOnIsReadWithItsNewHoldersOwner() throws Exception {
		List<String> wrong = Collections.synchronizedList(new ArrayList<>());
		ExecutorService pool = Executors.newFixedThreadPool(THREADS);
		try {
			List<Future<?>> workers = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				String owner = "owner-" + (t % 2);
				workers.add(pool.submit(() -> {
					for (int round = 0; round < 20; round++) {
						try (LockHandle lock = this.first.acquire(new LockRequest("owned", LockType.MUTEX,
								Duration.ofSeconds(30), "handoff").withOwner(owner))) {
							String recorded = this.second.ownerOf("owned", LockType.MUTEX).orElse("none");
							if (!recorded.equals(owner)) {
								wrong.add(owner + " held " + lock.fencingToken() + " recorded as " + recorded);
							}
						}
					}
					return null;
				}));
			}
			for (Future<?> worker : workers) {
				worker.get(60, TimeUnit.SECONDS);
			}
		}
		finally {
			pool.shutdownNow();
		}
		assertThat(wrong).isEmpty();
	}

	@Test
	void anotherProcessGetsItsTurnWhileThisOneHandsOff() throws Exception {
		AtomicBoolean running = new AtomicBoolean(true);
		ExecutorService pool = Executors.newFixedThreadPool(4);
		try {
			for (int t = 0; t < 4; t++) {
				pool.submit(() -> {
					while (running.get()) {
						this.first.acquire(request("contended", Duration.ofSeconds(60))).close();
					}
					return null;
				});
			}
			await().until(() -> !this.first.heldLocks().isEmpty() || !this.first.waiters().isEmpty());
			for (int i = 0; i < 5; i++) {
				try (LockHandle lock = this.second.acquire(request("contended", Duration.ofSeconds(30)))) {
					assertThat(lock.isHeld()).isTrue();
				}
			}
		}
		finally {
			running.set(false);
			pool.shutdown();
			assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
		}
	}

	@Test
	void interoperatesWithInterProcessMutexOnTheSamePath() throws Exception {
		InterProcessMutex raw = new InterProcessMutex(this.clientB, "/Locks/interop");
		raw.acquire();
		assertThatExceptionOfType(LockAcquisitionException.class)
			.isThrownBy(() -> this.first.acquire(request("interop", Duration.ofMillis(300))));
		raw.release();
		try (LockHandle lock = this.first.acquire(request("interop", Duration.ofSeconds(5)))) {
			assertThat(raw.acquire(300, TimeUnit.MILLISECONDS)).isFalse();
		}
		assertThat(raw.acquire(5, TimeUnit.SECONDS)).isTrue();
		raw.release();
	}

	@Test
	void lostNodeIsNotHandedOff() throws Exception {
		LockHandle held = this.first.acquire(request("lost-handoff", Duration.ofSeconds(5)));
		CountDownLatch queued = new CountDownLatch(1);
		ExecutorService pool = Executors.newSingleThreadExecutor();
		try {
			Future<long[]> next = pool.submit(() -> {
				queued.countDown();
				try (LockHandle lock = this.first.acquire(request("lost-handoff", Duration.ofSeconds(60)))) {
					return new long[] { lock.fencingToken(), (lock.state() == LockState.HELD) ? 1 : 0 };
				}
			});
			queued.await();
			await().until(() -> this.first.waiters().size() == 1);
			expireSession(this.clientA);
			await().atMost(Duration.ofSeconds(30)).until(() -> held.state() == LockState.LOST);
			await().until(() -> this.clientA.getZookeeperClient().isConnected());
			held.close();
			long[] result = next.get(60, TimeUnit.SECONDS);
			assertThat(result[0] >> 10).as("a new node, not the lost one").isGreaterThan(held.fencingToken() >> 10);
			assertThat(result[1]).isOne();
		}
		finally {
			pool.shutdownNow();
		}
	}

	/**
	 * A waiter's thread may be stuck in a call to ZooKeeper (retrying over a lost connection)
	 * while the predecessor it watched changes. Its watcher runs on the client's only event
	 * thread, which also delivers the connection events behind SUSPENDED and LOST: it must not
	 * wait for anything that thread holds. Here a stand-in holds the recipe's monitor, as a
	 * waiter stuck inside a synchronized ZooKeeper call would.
	 */
	@Test
	void watcherNeverBlocksTheEventThread() throws Exception {
		MutexRecipe recipe = new MutexRecipe(this.clientA, "/Locks/event-thread",
				new LockNodeCreator(new KnownLockPaths(16), new DeferredDeletes(this.clientA, new AsyncTimer())));
		InterProcessMutex holder = new InterProcessMutex(this.clientB, "/Locks/event-thread");
		holder.acquire();
		this.clientB.create().forPath("/probe-event-thread");
		ExecutorService pool = Executors.newSingleThreadExecutor();
		try {
			Future<HeldNode> waiter = pool.submit(() -> recipe.acquire(LockType.MUTEX, TimeUnit.SECONDS.toNanos(60)));
			await().until(() -> this.clientB.getChildren().forPath("/Locks/event-thread").size() == 2
					&& dataWatches(this.clientA).contains("/Locks/event-thread/" + holderNode(holder)));
			CountDownLatch probed = new CountDownLatch(1);
			synchronized (recipe) {
				holder.release();
				this.clientA.getData().usingWatcher((org.apache.zookeeper.Watcher) (event) -> probed.countDown())
					.forPath("/probe-event-thread");
				this.clientB.setData().forPath("/probe-event-thread", new byte[] { 1 });
				assertThat(probed.await(20, TimeUnit.SECONDS)).as("the event thread delivered a later event").isTrue();
				assertThat(waiter.get(20, TimeUnit.SECONDS)).as("the waiter was woken").isNotNull();
			}
			HeldNode node = waiter.get();
			pool.submit(() -> {
				recipe.release(LockType.MUTEX, node);
				return null;
			}).get(20, TimeUnit.SECONDS);
		}
		finally {
			pool.shutdownNow();
			this.clientB.delete().forPath("/probe-event-thread");
		}
	}

	/**
	 * A try-once on a key held elsewhere, as a polling {@code SKIP} job makes, watches the
	 * holder's node while it waits; once it gives up, the watch goes, so that polling for as
	 * long as the other process holds does not pile up watchers (and the recipes they pin).
	 */
	@Test
	void waiterThatGivesUpLeavesNoWatcher() throws Exception {
		InterProcessMutex holder = new InterProcessMutex(this.clientB, "/Locks/polled");
		holder.acquire();
		try {
			String holderNode = "/Locks/polled/" + holderNode(holder);
			for (int i = 0; i < 3; i++) {
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> this.first.acquire(request("polled", Duration.ofMillis(50))));
			}
			await().until(() -> !dataWatches(this.clientA).contains(holderNode));
			assertThat(this.first.cachedRecipeCount()).isZero();
		}
		finally {
			holder.release();
		}
	}

	private static String holderNode(InterProcessMutex holder) throws Exception {
		return org.apache.curator.utils.ZKPaths.getNodeFromPath(holder.getParticipantNodes().iterator().next());
	}

}
