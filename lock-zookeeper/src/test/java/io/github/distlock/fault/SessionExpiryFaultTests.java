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

package io.github.distlock.fault;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.expireSession;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A holder's ZooKeeper session expired on purpose, as a long GC pause or a partition would.
 */
class SessionExpiryFaultTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private CuratorFramework holderClient;

	private CuratorFramework otherClient;

	private RecordingLockListener listener;

	private ZookeeperLockRegistry other;

	@BeforeEach
	void connect() throws Exception {
		this.holderClient = connectedClient(zookeeper.connectString());
		this.otherClient = connectedClient(zookeeper.connectString());
		this.listener = new RecordingLockListener();
		this.other = new ZookeeperLockRegistry(this.otherClient, new ZnodeLockPathResolver("/Locks"));
	}

	@AfterEach
	void disconnect() {
		this.other.close();
		this.holderClient.close();
		this.otherClient.close();
	}

	private ZookeeperLockRegistry holder(boolean interruptOnLoss) {
		return new ZookeeperLockRegistry(this.holderClient, new ZnodeLockPathResolver("/Locks"), this.listener,
				new ZookeeperLockRegistry.Options(interruptOnLoss, true, 8, Duration.ofMillis(100)));
	}

	private static LockRequest request(String key) {
		return new LockRequest(key, LockType.MUTEX, Duration.ofSeconds(10), "fault");
	}

	@Test
	void holderIsToldAndItsThreadInterruptedWhenConfigured() throws Exception {
		try (ZookeeperLockRegistry holder = holder(true)) {
			CountDownLatch holding = new CountDownLatch(1);
			AtomicReference<LockState> stateWhenInterrupted = new AtomicReference<>();
			Thread worker = new Thread(() -> {
				LockHandle lock = holder.acquire(request("interrupted"));
				try {
					holding.countDown();
					Thread.sleep(60_000);
				}
				catch (InterruptedException ex) {
					stateWhenInterrupted.set(lock.state());
				}
				finally {
					lock.close();
				}
			});
			worker.start();
			holding.await();
			expireSession(this.holderClient);
			worker.join(30_000);
			assertThat(worker.isAlive()).isFalse();
			assertThat(stateWhenInterrupted.get()).isEqualTo(LockState.LOST);
			// the holder is interrupted first, then the listener is told
			await().untilAsserted(
					() -> assertThat(this.listener.changes).last().isEqualTo("interrupted:IN_DOUBT->LOST"));
		}
	}

	@Test
	void holderIsNotInterruptedByDefault() throws Exception {
		try (ZookeeperLockRegistry holder = holder(false)) {
			LockHandle lock = holder.acquire(request("not-interrupted"));
			expireSession(this.holderClient);
			await().until(() -> lock.state() == LockState.LOST);
			assertThat(Thread.currentThread().isInterrupted()).isFalse();
			assertThat(this.listener.changes).containsExactly("not-interrupted:HELD->IN_DOUBT",
					"not-interrupted:IN_DOUBT->LOST");
			lock.close();
		}
	}

	@Test
	void holderThatReleasedBeforeItWasToldOfTheLossIsNotInterrupted() throws Exception {
		// The loss of two locks is told one after the other; the second holder releases its lock
		// while the first is being told, and moves on: an interrupt then would hit unrelated work.
		AtomicReference<String> toldFirst = new AtomicReference<>();
		CountDownLatch firstTold = new CountDownLatch(1);
		CountDownLatch secondReleased = new CountDownLatch(1);
		CountDownLatch secondTold = new CountDownLatch(1);
		LockListener listener = new LockListener() {
			@Override
			public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
				if (current != LockState.LOST) {
					return;
				}
				if (toldFirst.compareAndSet(null, lock.key())) {
					firstTold.countDown();
					awaitQuietly(secondReleased);
				}
				else {
					secondTold.countDown();
				}
			}
		};
		try (ZookeeperLockRegistry holder = new ZookeeperLockRegistry(this.holderClient,
				new ZnodeLockPathResolver("/Locks"), listener,
				new ZookeeperLockRegistry.Options(true, true, 8, Duration.ofMillis(100)))) {
			CountDownLatch holding = new CountDownLatch(2);
			ExecutorService threads = Executors.newFixedThreadPool(2);
			try {
				List<Future<String>> outcomes = new ArrayList<>();
				for (String key : List.of("released-a", "released-b")) {
					outcomes.add(threads.submit(() -> {
						LockHandle lock = holder.acquire(request(key));
						holding.countDown();
						boolean interrupted = interruptedWhileAwaiting(firstTold);
						// the holder is interrupted before the listener is told: wait for its name
						awaitUninterruptibly(firstTold);
						if (key.equals(toldFirst.get())) {
							lock.close();
							return interrupted ? "interrupted while holding" : "not interrupted while holding";
						}
						lock.close();
						secondReleased.countDown();
						return interruptedWhileAwaiting(secondTold) ? "interrupted after release"
								: "not interrupted after release";
					}));
				}
				assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
				expireSession(this.holderClient);
				List<String> results = new ArrayList<>();
				for (Future<String> outcome : outcomes) {
					results.add(outcome.get(30, TimeUnit.SECONDS));
				}
				assertThat(results).containsExactlyInAnyOrder("interrupted while holding",
						"not interrupted after release");
			}
			finally {
				threads.shutdownNow();
			}
		}
	}

	/**
	 * Awaits the latch; an interrupt before or during the wait is reported, not thrown.
	 */
	private static boolean interruptedWhileAwaiting(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
			return Thread.interrupted();
		}
		catch (InterruptedException ex) {
			return true;
		}
	}

	/** Waits for the latch; an interrupt meanwhile is not this wait's business. */
	private static void awaitUninterruptibly(CountDownLatch latch) {
		while (true) {
			try {
				latch.await(10, TimeUnit.SECONDS);
				return;
			}
			catch (InterruptedException ex) {
				// wait on
			}
		}
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Test
	void threadCannotReenterALockItLost() throws Exception {
		try (ZookeeperLockRegistry holder = holder(false)) {
			LockHandle lock = holder.acquire(request("reenter"));
			expireSession(this.holderClient);
			await().until(() -> lock.state() == LockState.LOST);
			try (LockHandle taken = this.other.acquire(request("reenter"))) {
				assertThatExceptionOfType(LockLostException.class).isThrownBy(() -> holder.acquire(request("reenter")))
					.withMessageContaining("'reenter'");
			}
			lock.close();
			await().until(() -> this.holderClient.getZookeeperClient().isConnected());
			try (LockHandle fresh = holder.acquire(request("reenter"))) {
				assertThat(fresh.isHeld()).isTrue();
				assertThat(fresh.fencingToken()).isGreaterThan(lock.fencingToken());
			}
		}
		assertThat(ephemeralNodesUnder(this.otherClient, "/Locks")).isEmpty();
	}

	/**
	 * A waiter's node goes with its session: it queues again in the new session, within its
	 * wait time, and the lock it gets is held in that session (never one it only believes it
	 * holds), with and without local hand-off.
	 */
	@ParameterizedTest
	@ValueSource(ints = { 8, 0 })
	void waiterWhoseSessionExpiresQueuesAgainInTheNewSession(int maxHandoffs) throws Exception {
		String key = "requeue-" + maxHandoffs;
		try (ZookeeperLockRegistry holder = new ZookeeperLockRegistry(this.holderClient,
				new ZnodeLockPathResolver("/Locks"), this.listener,
				new ZookeeperLockRegistry.Options(false, true, maxHandoffs, Duration.ofMillis(100)))) {
			LockHandle taken = this.other.acquire(request(key));
			long oldSession = this.holderClient.getZookeeperClient().getZooKeeper().getSessionId();
			ExecutorService pool = Executors.newSingleThreadExecutor();
			try {
				Future<long[]> waiter = pool.submit(() -> {
					try (LockHandle lock = holder.acquire(new LockRequest(key, LockType.MUTEX, Duration.ofSeconds(60),
							"fault"))) {
						long session = this.holderClient.getZookeeperClient().getZooKeeper().getSessionId();
						long owner = this.otherClient.checkExists()
							.forPath(lock.path() + "/"
									+ this.otherClient.getChildren().forPath(lock.path()).get(0))
							.getEphemeralOwner();
						return new long[] { lock.fencingToken(), session, owner, lock.isHeld() ? 1 : 0 };
					}
				});
				await().until(() -> this.otherClient.getChildren().forPath("/Locks/" + key).size() == 2);
				expireSession(this.holderClient);
				await().atMost(Duration.ofSeconds(30))
					.until(() -> this.holderClient.getZookeeperClient().isConnected()
							&& this.holderClient.getZookeeperClient().getZooKeeper().getSessionId() != oldSession);
				// queued again: a node of the new session waits behind the holder
				await().atMost(Duration.ofSeconds(30))
					.until(() -> this.otherClient.getChildren().forPath("/Locks/" + key).size() == 2);
				assertThat(waiter).isNotDone();
				long holderToken = taken.fencingToken();
				taken.close();
				long[] result = waiter.get(60, TimeUnit.SECONDS);
				assertThat(result[0]).isGreaterThan(holderToken);
				assertThat(result[1]).isNotEqualTo(oldSession);
				assertThat(result[2]).as("the node's owner is the new session").isEqualTo(result[1]);
				assertThat(result[3]).isOne();
			}
			finally {
				pool.shutdownNow();
			}
		}
		assertThat(ephemeralNodesUnder(this.otherClient, "/Locks")).isEmpty();
	}

	@Test
	void staleHolderCannotOverwriteTheNewHoldersWrite() throws Exception {
		try (ZookeeperLockRegistry holder = holder(false);
				Connection db = DriverManager.getConnection("jdbc:h2:mem:fencing;DB_CLOSE_DELAY=-1")) {
			try (Statement statement = db.createStatement()) {
				statement.execute("CREATE TABLE resource (id INT PRIMARY KEY, content VARCHAR(20), fence BIGINT)");
				statement.execute("INSERT INTO resource VALUES (1, 'initial', 0)");
			}
			LockHandle stale = holder.acquire(request("fenced-resource"));
			// the holder pauses; its session expires and another process takes the lock and writes
			expireSession(this.holderClient);
			try (LockHandle current = this.other.acquire(request("fenced-resource"))) {
				assertThat(current.fencingToken()).isGreaterThan(stale.fencingToken());
				assertThat(write(db, "new holder", current.fencingToken())).isOne();
			}
			// the stale holder wakes up and writes with its old token
			assertThat(write(db, "stale holder", stale.fencingToken())).isZero();
			assertThat(read(db)).isEqualTo("new holder");
			await().until(() -> stale.state() == LockState.LOST);
			stale.close();
		}
	}

	private static int write(Connection db, String content, long token) throws Exception {
		try (PreparedStatement update = db
			.prepareStatement("UPDATE resource SET content = ?, fence = ? WHERE id = 1 AND fence < ?")) {
			update.setString(1, content);
			update.setLong(2, token);
			update.setLong(3, token);
			return update.executeUpdate();
		}
	}

	private static String read(Connection db) throws Exception {
		try (Statement statement = db.createStatement();
				ResultSet result = statement.executeQuery("SELECT content FROM resource WHERE id = 1")) {
			result.next();
			return result.getString(1);
		}
	}

}
