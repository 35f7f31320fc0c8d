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
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AsyncLockHandle;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.test.zookeeper.FreezableTcpProxy;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.AddWatchMode;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.data.Stat;
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
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * {@link ZooKeeperLockBackend#acquireAsync} for {@code MUTEX}, against real ZooKeeper servers:
 * the same nodes, token and lock as the blocking path, in one queue with it and with Curator's
 * {@code InterProcessMutex}; the deadline, a cancellation and a closed backend leave no node and
 * no watch behind (a watch whose removal an outage dropped goes when its node changes), and no
 * create is sent again once the wait ended; no thread waits while the acquisition does; a lost
 * connection does not end the wait, a watch the client drops with it is set again, and an
 * expired session queues again.
 */
class AsyncMutexTests {

	private static final String ROOT = "/Locks";

	private static final ZnodeLockPathResolver paths = new ZnodeLockPathResolver(ROOT);

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final Duration SETTLE = Duration.ofMillis(300);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	/** Closed after each test, last opened first. */
	private final Deque<AutoCloseable> opened = new ArrayDeque<>();

	private final ExecutorService pool = Executors.newCachedThreadPool();

	private CuratorFramework observer;

	@BeforeEach
	void connectObserver() throws Exception {
		this.observer = opened(connectedClient(zookeeper.connectString()));
	}

	@AfterEach
	void closeAll() throws Exception {
		this.pool.shutdownNow();
		while (!this.opened.isEmpty()) {
			this.opened.pop().close();
		}
	}

	@Test
	void anUncontendedAcquisitionHoldsTheOnlyNodeWithItsCreationZxidAsToken() throws Exception {
		Contender async = contender();
		String path = paths.resolve("free");
		// a new lock path (made with the node in one transaction), then a known one (a protected create)
		long previousToken = 0;
		for (int round = 0; round < 2; round++) {
			ZooKeeperHeldLock lock = (ZooKeeperHeldLock) async.acquireAsync("free", WAIT).get(10, TimeUnit.SECONDS);
			assertThat(ephemeralNodesUnder(this.observer, path)).containsExactly(lock.nodePath());
			assertThat(ZKPaths.getNodeFromPath(lock.nodePath())).matches("_c_[0-9a-f-]{36}-lock-\\d{10}");
			Stat stat = this.observer.checkExists().forPath(lock.nodePath());
			assertThat(lock.fencingToken()).isEqualTo(FencingTokens.of(stat.getCzxid(), 0)).isGreaterThan(previousToken);
			assertThat(lock.sessionId()).isEqualTo(stat.getEphemeralOwner())
				.isEqualTo(async.client().getZookeeperClient().getZooKeeper().getSessionId());
			assertThat(lock.state()).isEqualTo(LockState.HELD);
			previousToken = lock.fencingToken();
			lock.release();
			await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty());
		}
		await().until(() -> async.backend().recipes().size() == 0);
	}

	@Test
	void theOwnerIsRecordedInTheNodeAsTheBlockingPathRecordsIt() throws Exception {
		Contender async = contender();
		Contender reader = contender();
		LockRequest request = request("owned").withOwner("worker-7");
		BackendLock lock = async.backend().acquireAsync(request, paths.resolve("owned"), deadline(WAIT))
			.get(10, TimeUnit.SECONDS);
		assertThat(reader.backend().ownerOf("owned", paths.resolve("owned"), LockType.MUTEX)).contains("worker-7");
		lock.release();
	}

	@Test
	void theLockIsTheBlockingPathsLockForHandOffAndContenderWatches() throws Exception {
		Contender async = contender();
		Contender other = contender();
		ZooKeeperHeldLock lock = (ZooKeeperHeldLock) async.acquireAsync("same", WAIT).get(10, TimeUnit.SECONDS);
		ZooKeeperHeldLock handedOn = (ZooKeeperHeldLock) lock.handOff();
		assertThat(handedOn.nodePath()).isEqualTo(lock.nodePath());
		assertThat(handedOn.fencingToken()).isEqualTo(lock.fencingToken() + 1);
		AtomicInteger contenders = new AtomicInteger();
		ContenderWatch watch = handedOn.watchContenders(contenders::incrementAndGet);
		assertThat(watch).isNotNull();
		CompletableFuture<BackendLock> queued = other.acquireAsync("same", WAIT);
		await().until(() -> contenders.get() > 0);
		handedOn.release();
		queued.get(10, TimeUnit.SECONDS).release();
	}

	@Test
	void aWaitEndsOnlyWhenABlockingHolderReleasesAndKeepsTheQueuesOrder() throws Exception {
		Contender holder = contender();
		Contender async = contender();
		Contender third = contender();
		String path = paths.resolve("fifo");
		BackendLock held = holder.acquire("fifo", WAIT);
		CompletableFuture<BackendLock> waiting = async.acquireAsync("fifo", WAIT);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 2);
		Future<BackendLock> behind = this.pool.submit(() -> third.acquire("fifo", WAIT));
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 3);
		Thread.sleep(SETTLE.toMillis());
		assertThat(waiting).as("the wait while the blocking holder holds").isNotDone();
		held.release();
		BackendLock granted = waiting.get(10, TimeUnit.SECONDS);
		assertThat(granted.fencingToken()).isGreaterThan(held.fencingToken());
		Thread.sleep(SETTLE.toMillis());
		assertThat(behind.isDone()).as("the blocking contender queued behind the async one").isFalse();
		granted.release();
		BackendLock last = behind.get(10, TimeUnit.SECONDS);
		assertThat(last.fencingToken()).isGreaterThan(granted.fencingToken());
		last.release();
	}

	@Test
	void curatorsInterProcessMutexAndTheAsyncPathExcludeEachOther() throws Exception {
		Contender async = contender();
		CuratorFramework curator = opened(connectedClient(zookeeper.connectString()));
		String path = paths.resolve("interop");
		InterProcessMutex mutex = new InterProcessMutex(curator, path);
		mutex.acquire();
		CompletableFuture<BackendLock> waiting = async.acquireAsync("interop", WAIT);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 2);
		Thread.sleep(SETTLE.toMillis());
		assertThat(waiting).as("the wait while InterProcessMutex holds").isNotDone();
		mutex.release();
		BackendLock granted = waiting.get(10, TimeUnit.SECONDS);
		assertThat(mutex.acquire(SETTLE.toMillis(), TimeUnit.MILLISECONDS)).as("InterProcessMutex while we hold")
			.isFalse();
		granted.release();
		assertThat(mutex.acquire(10, TimeUnit.SECONDS)).isTrue();
		mutex.release();
	}

	@Test
	void theEngineWaitsThroughThisBackendForAnInterProcessMutexHolder() throws Exception {
		Contender async = contender();
		LockEngine engine = opened(new LockEngine(async.backend(), new LockListener() {
		}, LockEngine.Options.STANDARD));
		CuratorFramework curator = opened(connectedClient(zookeeper.connectString()));
		String path = paths.resolve("engine");
		InterProcessMutex mutex = new InterProcessMutex(curator, path);
		mutex.acquire();
		assertThat(engine.asyncTypes()).contains(LockType.MUTEX);
		CompletableFuture<AsyncLockHandle> waiting = engine.acquireAsync(request("engine"));
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 2);
		Thread.sleep(SETTLE.toMillis());
		assertThat(waiting).isNotDone();
		mutex.release();
		try (AsyncLockHandle handle = waiting.get(10, TimeUnit.SECONDS)) {
			assertThat(handle.state()).isEqualTo(LockState.HELD);
			assertThat(ephemeralNodesUnder(this.observer, path)).hasSize(1);
		}
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty());
	}

	@Test
	void theDeadlineEndsTheWaitWithTheBlockingPathsFailureAndLeavesNoNodeNorWatch() throws Exception {
		Contender holder = contender();
		Contender async = contender();
		String path = paths.resolve("deadline");
		BackendLock held = holder.acquire("deadline", WAIT);
		Duration wait = Duration.ofMillis(700);
		long start = System.nanoTime();
		CompletableFuture<BackendLock> waiting = async.acquireAsync("deadline", wait);
		Throwable failure = catchThrowable(() -> waiting.get(10, TimeUnit.SECONDS));
		Duration took = Duration.ofNanos(System.nanoTime() - start);
		assertThat(failure).isInstanceOf(ExecutionException.class)
			.cause()
			.isInstanceOf(LockAcquisitionException.class)
			.hasMessageStartingWith("Could not acquire lock 'deadline' (" + path + ") within ")
			.hasNoCause();
		assertThat(took).isBetween(wait, wait.plusSeconds(2));
		await().untilAsserted(() -> {
			assertThat(ephemeralNodesUnder(this.observer, path)).as("the nodes left")
				.containsExactly(((ZooKeeperHeldLock) held).nodePath());
			assertThat(lockWatches(async.client())).as("the watches left").isEmpty();
		});
		assertThatExceptionOfType(LockAcquisitionException.class).as("the blocking path")
			.isThrownBy(() -> async.acquire("deadline", wait))
			.withMessageStartingWith("Could not acquire lock 'deadline' (" + path + ") within ");
		held.release();
		await().until(() -> async.backend().recipes().size() == 0);
	}

	@Test
	void aWaitTimeOfZeroTriesOnce() throws Exception {
		Contender holder = contender();
		Contender async = contender();
		String path = paths.resolve("once");
		BackendLock free = async.acquireAsync("once", Duration.ZERO).get(10, TimeUnit.SECONDS);
		free.release();
		BackendLock held = holder.acquire("once", WAIT);
		assertThat(catchThrowable(() -> async.acquireAsync("once", Duration.ZERO).get(10, TimeUnit.SECONDS)))
			.cause()
			.isInstanceOf(LockAcquisitionException.class);
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).hasSize(1));
		held.release();
	}

	@Test
	void aCancelledWaitLeavesNoNodeNorWatchAndTheNextContenderGetsTheLock() throws Exception {
		Contender holder = contender();
		Contender async = contender();
		Contender next = contender();
		String path = paths.resolve("cancel");
		BackendLock held = holder.acquire("cancel", WAIT);
		CompletableFuture<BackendLock> waiting = async.acquireAsync("cancel", WAIT);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 2);
		await().until(() -> !lockWatches(async.client()).isEmpty());
		assertThat(waiting.cancel(true)).isTrue();
		await().untilAsserted(() -> assertThat(lockWatches(async.client())).as("the watch on the holder's node").isEmpty());
		held.release();
		// at once: a node left by the cancelled wait would hold its place for as long as its
		// session lives, or until the sweep for stray nodes, a second after the failure
		next.acquire("cancel", Duration.ofMillis(700)).release();
		await().untilAsserted(() -> {
			assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty();
			assertThat(lockWatches(async.client())).isEmpty();
		});
		await().until(() -> async.backend().recipes().size() == 0);
	}

	@Test
	void aNodeWhoseCreateAnswersAfterTheCancellationIsDeleted() throws Exception {
		FreezableTcpProxy proxy = opened(new FreezableTcpProxy(zookeeper.server().getPort()));
		Contender async = contender(proxy.getConnectString());
		Contender next = contender();
		String path = paths.resolve("late-create");
		async.acquireAsync("late-create", WAIT).get(10, TimeUnit.SECONDS).release();
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty());
		proxy.freezeReplies();
		CompletableFuture<BackendLock> acquiring = async.acquireAsync("late-create", WAIT);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 1);
		assertThat(acquiring.cancel(true)).isTrue();
		proxy.thaw();
		// at once, before the sweep for stray nodes a second after the failure
		next.acquire("late-create", Duration.ofMillis(700)).release();
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty());
	}

	@Test
	void aCreateRefusedForAGoneLockPathAfterTheCancellationIsNotSentAgain() throws Exception {
		FreezableTcpProxy proxy = opened(new FreezableTcpProxy(zookeeper.server().getPort()));
		Contender async = contender(proxy.getConnectString());
		String path = paths.resolve("gone-path");
		// the lock path known, then deleted: the next create is refused (NONODE)
		async.acquireAsync("gone-path", WAIT).get(10, TimeUnit.SECONDS).release();
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty());
		this.observer.delete().quietly().forPath(path);
		List<String> created = createdUnder(path);
		proxy.freezeReplies();
		CompletableFuture<BackendLock> acquiring = async.acquireAsync("gone-path", WAIT);
		Thread.sleep(SETTLE.toMillis());
		assertThat(acquiring.cancel(true)).isTrue();
		proxy.thaw();
		Thread.sleep(Duration.ofSeconds(1).toMillis());
		assertThat(created).as("the nodes created after the cancellation").isEmpty();
	}

	@Test
	void aTransactionUnansweredAfterTheCancellationIsNotFollowedByACreate() throws Exception {
		FreezableTcpProxy proxy = opened(new FreezableTcpProxy(zookeeper.server().getPort()));
		Contender async = contender(proxy.getConnectString());
		String path = paths.resolve("unanswered");
		List<String> created = createdUnder(path);
		// a new lock path: the lock path and the node in one transaction, whose answer is lost
		proxy.freezeReplies();
		CompletableFuture<BackendLock> acquiring = async.acquireAsync("unanswered", WAIT);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 1);
		assertThat(acquiring.cancel(true)).isTrue();
		proxy.cut();
		await().until(() -> !async.client().getZookeeperClient().isConnected());
		proxy.heal();
		await().atMost(Duration.ofSeconds(20)).until(() -> async.client().getZookeeperClient().isConnected());
		// the transaction's node, searched and deleted
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty());
		Thread.sleep(Duration.ofSeconds(1).toMillis());
		assertThat(created).as("the nodes created").hasSize(1);
	}

	@Test
	void aCancellationRacingTheGrantLeavesNoNode() throws Exception {
		Contender async = contender();
		Contender next = contender();
		String path = paths.resolve("race");
		for (int round = 0; round < 20; round++) {
			CompletableFuture<BackendLock> acquiring = async.acquireAsync("race", WAIT);
			if (round % 2 == 1) {
				Thread.sleep(round % 5);
			}
			if (!acquiring.cancel(true)) {
				// granted first
				acquiring.get().release();
			}
		}
		// at once, before the sweep for stray nodes a second after the first failure
		next.acquire("race", Duration.ofMillis(700)).release();
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty());
		await().until(() -> async.backend().recipes().size() == 0);
	}

	@Test
	void aLockGrantedToAFutureCancelledMeanwhileIsReleased() throws Exception {
		Contender async = contender();
		String path = paths.resolve("granted-cancelled");
		CountDownLatch timerHeld = new CountDownLatch(1);
		// the future completes on the backend's timer thread: keep it busy past the grant
		async.backend().asyncTimer().execute(() -> {
			try {
				timerHeld.await(20, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		CompletableFuture<BackendLock> acquiring = async.acquireAsync("granted-cancelled", WAIT);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 1);
		Thread.sleep(SETTLE.toMillis());
		assertThat(acquiring.cancel(true)).isTrue();
		timerHeld.countDown();
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty());
		await().until(() -> async.backend().recipes().size() == 0);
	}

	@Test
	void noThreadWaitsInOurCodeWhileTheAcquisitionWaits() throws Exception {
		Contender holder = contender();
		Contender async = contender();
		String path = paths.resolve("threadless");
		BackendLock held = holder.acquire("threadless", WAIT);
		Set<String> waitingBefore = threadsWaitingInOurCode().keySet();
		CompletableFuture<BackendLock> waiting = async.acquireAsync("threadless", WAIT);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 2);
		Thread.sleep(SETTLE.toMillis());
		Map<String, String> waitingNow = threadsWaitingInOurCode();
		waitingNow.keySet().removeAll(waitingBefore);
		assertThat(waitingNow).as("threads waiting in io.github.distlock code").isEmpty();
		assertThat(waiting).isNotDone();
		held.release();
		waiting.get(10, TimeUnit.SECONDS).release();
	}

	@Test
	void aLostConnectionDoesNotEndTheWaitWhileTheSessionLives() throws Exception {
		TestingServer server = opened(new TestingServer(true));
		CuratorFramework observer = opened(connectedClient(server.getConnectString()));
		Contender holder = contender(server.getConnectString());
		Contender async = contender(server.getConnectString());
		String path = paths.resolve("outage");
		BackendLock held = holder.acquire("outage", WAIT);
		long session = async.client().getZookeeperClient().getZooKeeper().getSessionId();
		CompletableFuture<BackendLock> waiting = async.acquireAsync("outage", Duration.ofSeconds(60));
		String ours = await().until(() -> nodeOtherThan(observer, path, held), (node) -> node != null);
		server.stop();
		await().until(() -> !async.client().getZookeeperClient().isConnected());
		// past the connection timeout, so that Curator's retries are spent
		Thread.sleep(2_500);
		assertThat(waiting).as("the wait while the server is down").isNotDone();
		server.restart();
		await().atMost(Duration.ofSeconds(20)).until(() -> async.client().getZookeeperClient().isConnected());
		assertThat(async.client().getZookeeperClient().getZooKeeper().getSessionId()).as("the same session")
			.isEqualTo(session);
		Thread.sleep(SETTLE.toMillis());
		assertThat(waiting).as("the wait once reconnected").isNotDone();
		held.release();
		ZooKeeperHeldLock granted = (ZooKeeperHeldLock) waiting.get(20, TimeUnit.SECONDS);
		assertThat(granted.nodePath()).as("the node queued before the outage").isEqualTo(ours);
		granted.release();
	}

	@Test
	void aRequestLostWithTheConnectionIsSentAgainOnceConnected() throws Exception {
		FreezableTcpProxy proxy = opened(new FreezableTcpProxy(zookeeper.server().getPort()));
		Contender async = contender(proxy.getConnectString());
		String path = paths.resolve("in-flight");
		// the lock path known: the create is Curator's protected create, with Curator's retries
		async.acquireAsync("in-flight", WAIT).get(10, TimeUnit.SECONDS).release();
		long session = async.client().getZookeeperClient().getZooKeeper().getSessionId();
		proxy.freezeReplies();
		CompletableFuture<BackendLock> acquiring = async.acquireAsync("in-flight", WAIT);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 1);
		proxy.cut();
		// past the connection timeout, so that Curator's retries are spent and the create fails
		Thread.sleep(3_000);
		assertThat(acquiring).as("the acquisition while the connection is cut").isNotDone();
		proxy.heal();
		ZooKeeperHeldLock granted = (ZooKeeperHeldLock) acquiring.get(20, TimeUnit.SECONDS);
		assertThat(granted.sessionId()).as("the same session").isEqualTo(session);
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).as(
				"the nodes, once the one whose answer was lost is deleted").containsExactly(granted.nodePath()));
		granted.release();
	}

	@Test
	void aWatchTheClientDropsOnDisconnectingIsSetAgainOnceConnected() throws Exception {
		FreezableTcpProxy proxy = opened(new FreezableTcpProxy(zookeeper.server().getPort()));
		ZKClientConfig config = new ZKClientConfig();
		config.setProperty(ZKClientConfig.DISABLE_AUTO_WATCH_RESET, "true");
		CuratorFramework client = opened(CuratorFrameworkFactory.builder()
			.connectString(proxy.getConnectString())
			.sessionTimeoutMs(30_000)
			.connectionTimeoutMs(1_000)
			.retryPolicy(new RetryOneTime(100))
			.zkClientConfig(config)
			.build());
		client.start();
		assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
		Contender async = new Contender(client, opened(new ZooKeeperLockBackend(client, paths)));
		Contender holder = contender();
		String path = paths.resolve("no-reset");
		BackendLock held = holder.acquire("no-reset", WAIT);
		long session = client.getZookeeperClient().getZooKeeper().getSessionId();
		CompletableFuture<BackendLock> waiting = async.acquireAsync("no-reset", Duration.ofSeconds(60));
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 2);
		await().until(() -> !lockWatches(client).isEmpty());
		// the client forgets its watches on disconnecting, and does not set them again
		proxy.cut();
		await().until(() -> !client.getZookeeperClient().isConnected());
		proxy.heal();
		await().atMost(Duration.ofSeconds(20)).until(() -> client.getZookeeperClient().isConnected());
		assertThat(client.getZookeeperClient().getZooKeeper().getSessionId()).as("the same session").isEqualTo(session);
		await().untilAsserted(() -> assertThat(lockWatches(client)).as("the watch set again").hasSize(1));
		assertThat(waiting).isNotDone();
		held.release();
		ZooKeeperHeldLock granted = (ZooKeeperHeldLock) waiting.get(10, TimeUnit.SECONDS);
		assertThat(lockWatches(client)).as("the watches left").isEmpty();
		granted.release();
	}

	@Test
	void theDeadlineEndsTheWaitWhileDisconnected() throws Exception {
		TestingServer server = opened(new TestingServer(true));
		CuratorFramework observer = opened(connectedClient(server.getConnectString()));
		Contender holder = contender(server.getConnectString());
		Contender async = contender(server.getConnectString());
		String path = paths.resolve("cut");
		BackendLock held = holder.acquire("cut", WAIT);
		Duration wait = Duration.ofSeconds(3);
		long start = System.nanoTime();
		CompletableFuture<BackendLock> waiting = async.acquireAsync("cut", wait);
		await().until(() -> nodeOtherThan(observer, path, held) != null);
		server.stop();
		Throwable failure = catchThrowable(() -> waiting.get(10, TimeUnit.SECONDS));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isBetween(wait, wait.plusSeconds(1));
		assertThat(failure).cause()
			.isInstanceOf(LockBackendException.class)
			.hasMessageContaining("lost the connection to ZooKeeper");
		// past Curator's retries of the removal of the watch, sent at the deadline: it is dropped
		Thread.sleep(2_500);
		server.restart();
		await().atMost(Duration.ofSeconds(20))
			.untilAsserted(() -> assertThat(nodeOtherThan(observer, path, held)).as("our node, once reconnected")
				.isNull());
		// the removal dropped, the client set the watch on the holder's node again on reconnecting:
		// it goes when that node changes, and fires once at a wait that has ended
		held.release();
		await().untilAsserted(() -> {
			assertThat(lockWatches(async.client())).as("the watches left").isEmpty();
			assertThat(ephemeralNodesUnder(observer, path)).as("the nodes left").isEmpty();
		});
	}

	@Test
	void anExpiredSessionQueuesAgainWithinTheWaitTime() throws Exception {
		Contender holder = contender();
		Contender async = contender();
		String path = paths.resolve("expiry");
		BackendLock held = holder.acquire("expiry", WAIT);
		long session = async.client().getZookeeperClient().getZooKeeper().getSessionId();
		CompletableFuture<BackendLock> waiting = async.acquireAsync("expiry", Duration.ofSeconds(60));
		String first = await().until(() -> nodeOtherThan(path, held), (node) -> node != null);
		expireSession(async.client());
		String second = await().atMost(Duration.ofSeconds(30))
			.until(() -> nodeOtherThan(path, held), (node) -> node != null && !node.equals(first));
		assertThat(waiting).isNotDone();
		held.release();
		ZooKeeperHeldLock granted = (ZooKeeperHeldLock) waiting.get(20, TimeUnit.SECONDS);
		assertThat(granted.nodePath()).isEqualTo(second);
		assertThat(granted.sessionId()).isNotEqualTo(session)
			.isEqualTo(async.client().getZookeeperClient().getZooKeeper().getSessionId());
		assertThat(granted.state()).isEqualTo(LockState.HELD);
		granted.release();
	}

	@Test
	void aClientNotStartedOrClosedFailsAsTheBlockingPathDoes() throws Exception {
		CuratorFramework notStarted = CuratorFrameworkFactory.newClient(zookeeper.connectString(), new RetryOneTime(100));
		opened(notStarted);
		CuratorFramework closed = opened(connectedClient(zookeeper.connectString()));
		closed.close();
		for (CuratorFramework client : List.of(notStarted, closed)) {
			Contender contender = new Contender(client, opened(new ZooKeeperLockBackend(client, paths)));
			Duration wait = Duration.ofMillis(300);
			Throwable blocking = catchThrowable(() -> contender.acquire("idle", wait));
			Throwable async = catchThrowable(() -> contender.acquireAsync("idle", wait).get(10, TimeUnit.SECONDS));
			assertThat(blocking).isInstanceOf(LockBackendException.class);
			assertThat(async).cause().isInstanceOf(LockBackendException.class).hasMessage(blocking.getMessage());
		}
	}

	@Test
	void aClosedBackendFailsItsWaitsAndLeavesNoNode() throws Exception {
		Contender holder = contender();
		Contender async = contender();
		String path = paths.resolve("closing");
		BackendLock held = holder.acquire("closing", WAIT);
		CompletableFuture<BackendLock> waiting = async.acquireAsync("closing", WAIT);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 2);
		async.backend().close();
		assertThat(catchThrowable(() -> waiting.get(10, TimeUnit.SECONDS))).cause()
			.isInstanceOf(LockBackendException.class)
			.hasMessageEndingWith("the ZooKeeper lock backend is closed");
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).hasSize(1));
		assertThat(async.acquireAsync("closing", WAIT)).isCompletedExceptionally();
		held.release();
	}

	@Test
	void otherTypesAreRefused() throws Exception {
		Contender async = contender();
		assertThat(async.backend().asyncTypes()).isEqualTo(EnumSet.of(LockType.MUTEX, LockType.READ, LockType.WRITE));
		CompletableFuture<BackendLock> semaphore = async.backend()
			.acquireAsync(request("typed").withType(LockType.SEMAPHORE_MUTEX), paths.resolve("typed"), deadline(WAIT));
		assertThat(catchThrowable(() -> semaphore.get(10, TimeUnit.SECONDS))).cause()
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("SEMAPHORE_MUTEX");
		assertThat(ephemeralNodesUnder(this.observer, paths.resolve("typed"))).isEmpty();
	}

	/** The data watches a client set on lock nodes (Curator watches the ensemble's configuration too). */
	private static List<String> lockWatches(CuratorFramework client) throws Exception {
		return dataWatches(client).stream().filter((path) -> path.startsWith(ROOT + "/")).toList();
	}

	/**
	 * The nodes created under a lock path from now on (not the lock path itself), as the
	 * observer's persistent watch sees them.
	 */
	private List<String> createdUnder(String path) throws Exception {
		List<String> created = new CopyOnWriteArrayList<>();
		this.observer.watchers().add().withMode(AddWatchMode.PERSISTENT_RECURSIVE).usingWatcher((Watcher) (event) -> {
			if (event.getType() == Watcher.Event.EventType.NodeCreated && event.getPath().startsWith(path + "/")) {
				created.add(event.getPath());
			}
		}).forPath(path);
		return created;
	}

	/** Our node among the lock path's nodes: the one the holder does not hold. */
	private String nodeOtherThan(String path, BackendLock held) throws Exception {
		return nodeOtherThan(this.observer, path, held);
	}

	private static String nodeOtherThan(CuratorFramework observer, String path, BackendLock held) throws Exception {
		List<String> others = ephemeralNodesUnder(observer, path).stream()
			.filter((node) -> !node.equals(((ZooKeeperHeldLock) held).nodePath()))
			.toList();
		return others.isEmpty() ? null : others.get(0);
	}

	/**
	 * The threads, other than this one, that wait or are blocked with a frame of our code on
	 * their stack, by name, with that stack.
	 */
	private static Map<String, String> threadsWaitingInOurCode() {
		Map<String, String> waiting = new TreeMap<>();
		Thread.getAllStackTraces().forEach((thread, stack) -> {
			Thread.State state = thread.getState();
			boolean waits = state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING
					|| state == Thread.State.BLOCKED;
			if (thread != Thread.currentThread() && waits && List.of(stack)
				.stream()
				.anyMatch((frame) -> frame.getClassName().startsWith("io.github.distlock."))) {
				waiting.put(thread.getName() + "#" + thread.getId(), List.of(stack)
					.stream()
					.map(StackTraceElement::toString)
					.collect(Collectors.joining("\n\t", state + "\n\t", "")));
			}
		});
		return waiting;
	}

	private Contender contender() throws Exception {
		return contender(zookeeper.connectString());
	}

	/** A client (a session of 30 s) and a backend over it. */
	private Contender contender(String connectString) throws Exception {
		CuratorFramework client = opened(connectedClient(connectString, 30_000, 1_000));
		return new Contender(client, opened(new ZooKeeperLockBackend(client, paths)));
	}

	private <T extends AutoCloseable> T opened(T closeable) {
		this.opened.push(closeable);
		return closeable;
	}

	private static LockRequest request(String key) {
		return new LockRequest(key, LockType.MUTEX, WAIT, "async");
	}

	private static long deadline(Duration wait) {
		return System.nanoTime() + wait.toNanos();
	}

	private record Contender(CuratorFramework client, ZooKeeperLockBackend backend) {

		CompletableFuture<BackendLock> acquireAsync(String key, Duration wait) {
			return this.backend.acquireAsync(request(key).withWaitTime(wait), paths.resolve(key), deadline(wait));
		}

		BackendLock acquire(String key, Duration wait) throws InterruptedException {
			return this.backend.acquire(request(key).withWaitTime(wait), paths.resolve(key), deadline(wait));
		}

	}

}
