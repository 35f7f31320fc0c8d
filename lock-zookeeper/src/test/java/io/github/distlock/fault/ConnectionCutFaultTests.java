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

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.test.zookeeper.FreezableTcpProxy;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.CachedLock;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryNTimes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * A client's connection cut through a proxy for longer than Curator's connection timeout and
 * retries, but shorter than its session: its nodes live on, and so must its locks and waits.
 */
class ConnectionCutFaultTests {

	private static final int SESSION_TIMEOUT_MS = 30_000;

	private static final int CONNECTION_TIMEOUT_MS = 1_000;

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	/**
	 * The first node of a new key is created in one transaction. When the transaction is
	 * applied but its answer is lost with the connection, the node may exist, owned by a
	 * session that lives on: unless it is found and deleted, it blocks the key for every
	 * process until that session ends. The outage outlasts Curator's connection timeout and
	 * retries (so a background search started at the loss gives up once), but not the session.
	 */
	@Test
	void nodeOfAnUnansweredTransactionIsDeletedOnceTheConnectionIsBackInTheSameSession() throws Exception {
		CuratorFramework observer = connectedClient(zookeeper.connectString());
		ExecutorService pool = Executors.newSingleThreadExecutor();
		try (FreezableTcpProxy proxy = new FreezableTcpProxy(zookeeper.server().getPort());
				CuratorFramework client = client(proxy.getConnectString());
				ZookeeperLockRegistry registry = new ZookeeperLockRegistry(client, new ZnodeLockPathResolver("/Locks"),
						new LockListener() {
						}, ZookeeperLockRegistry.Options.DEFAULTS)) {
			registry.acquire(request("makes-the-root", Duration.ofSeconds(5))).close();
			long session = client.getZookeeperClient().getZooKeeper().getSessionId();
			proxy.freezeReplies();
			Future<Throwable> acquisition = pool
				.submit(() -> catchThrowable(() -> registry.acquire(request("unanswered", Duration.ofSeconds(3)))));
			await().atMost(Duration.ofSeconds(30))
				.until(() -> observer.checkExists().forPath("/Locks/unanswered") != null
						&& !observer.getChildren().forPath("/Locks/unanswered").isEmpty());
			proxy.cut();
			assertThat(acquisition.get(60, TimeUnit.SECONDS)).isInstanceOf(DistributedLockException.class);
			// longer than the connection timeout and the retries, shorter than the session
			Thread.sleep(5 * CONNECTION_TIMEOUT_MS);
			proxy.heal();
			await().atMost(Duration.ofSeconds(20)).until(() -> client.getZookeeperClient().isConnected());
			assertThat(client.getZookeeperClient().getZooKeeper().getSessionId()).as("the same session")
				.isEqualTo(session);
			await().atMost(Duration.ofSeconds(20))
				.until(() -> observer.getChildren().forPath("/Locks/unanswered").isEmpty());
			try (LockHandle other = new ZookeeperLockRegistry(observer, new ZnodeLockPathResolver("/Locks"))
				.acquire(request("unanswered", Duration.ofSeconds(5)))) {
				assertThat(other.isHeld()).isTrue();
			}
		}
		finally {
			pool.shutdownNow();
			observer.close();
		}
	}

	/**
	 * A waiter is woken by the disconnection (ZooKeeper tells every watcher) and reads the lock's
	 * children while the connection is down: it waits for the connection within its wait time
	 * instead of failing when Curator's retries are used up (the {@code MUTEX} recipe keeps its
	 * node, which lives on with its session; Curator's recipes delete theirs and queue again).
	 */
	@ParameterizedTest
	@CsvSource({ "MUTEX, 8", "MUTEX, 0", "WRITE, 8", "SEMAPHORE_MUTEX, 8" })
	void waiterKeepsWaitingThroughACutShorterThanItsSession(LockType type, int maxHandoffs) throws Exception {
		CuratorFramework holderClient = connectedClient(zookeeper.connectString());
		ExecutorService pool = Executors.newSingleThreadExecutor();
		try (FreezableTcpProxy proxy = new FreezableTcpProxy(zookeeper.server().getPort());
				CuratorFramework client = client(proxy.getConnectString());
				ZookeeperLockRegistry waiterRegistry = new ZookeeperLockRegistry(client,
						new ZnodeLockPathResolver("/Locks"), new LockListener() {
						}, new ZookeeperLockRegistry.Options(false, true, maxHandoffs, Duration.ofMillis(100)));
				ZookeeperLockRegistry holderRegistry = new ZookeeperLockRegistry(holderClient,
						new ZnodeLockPathResolver("/Locks"))) {
			String key = "cut-waiter-" + type + "-" + maxHandoffs;
			LockHandle held = holderRegistry.acquire(new LockRequest(key, type, Duration.ofSeconds(5), "cut"));
			long session = client.getZookeeperClient().getZooKeeper().getSessionId();
			Future<Long> waiter = pool.submit(() -> {
				try (LockHandle lock = waiterRegistry.acquire(new LockRequest(key, type, Duration.ofSeconds(60), "cut"))) {
					return lock.fencingToken();
				}
			});
			await().until(() -> waiterRegistry.waiters().size() == 1
					&& ephemeralNodesUnder(holderClient, "/Locks/" + key).size() >= 2);
			proxy.cut();
			// longer than the connection timeout and the retries, shorter than the session
			Thread.sleep(5 * CONNECTION_TIMEOUT_MS);
			proxy.heal();
			await().atMost(Duration.ofSeconds(20)).until(() -> client.getZookeeperClient().isConnected());
			assertThat(client.getZookeeperClient().getZooKeeper().getSessionId()).as("the same session")
				.isEqualTo(session);
			assertThat(waiter).isNotDone();
			long heldToken = held.fencingToken();
			held.close();
			assertThat(waiter.get(30, TimeUnit.SECONDS)).isGreaterThan(heldToken);
		}
		finally {
			pool.shutdownNow();
			holderClient.close();
		}
	}

	/**
	 * A waiter whose connection is cut gives up at its wait time, not once the connection is
	 * back: Curator retries each request over a lost connection, and its recipes delete the node
	 * they give up in the foreground, with retries of their own, after swallowing the interrupt
	 * that ended the wait. The client retries for far longer than the test waits.
	 */
	@ParameterizedTest
	@CsvSource({ "MUTEX, 8", "MUTEX, 0", "WRITE, 8", "READ, 8", "SEMAPHORE_MUTEX, 8" })
	void waiterCutOffGivesUpAtItsWaitTimeWhileTheConnectionIsDown(LockType type, int maxHandoffs) throws Exception {
		CuratorFramework holderClient = connectedClient(zookeeper.connectString());
		ExecutorService pool = Executors.newSingleThreadExecutor();
		try (FreezableTcpProxy proxy = new FreezableTcpProxy(zookeeper.server().getPort());
				CuratorFramework client = slowRetryingClient(proxy.getConnectString());
				ZookeeperLockRegistry waiterRegistry = new ZookeeperLockRegistry(client,
						new ZnodeLockPathResolver("/Locks"), new LockListener() {
						}, new ZookeeperLockRegistry.Options(false, true, maxHandoffs, Duration.ofMillis(100)));
				ZookeeperLockRegistry holderRegistry = new ZookeeperLockRegistry(holderClient,
						new ZnodeLockPathResolver("/Locks"))) {
			String key = "cut-gives-up-" + type + "-" + maxHandoffs;
			LockType holderType = (type == LockType.READ) ? LockType.WRITE : type;
			LockHandle held = holderRegistry.acquire(new LockRequest(key, holderType, Duration.ofSeconds(5), "cut"));
			Future<Throwable> waiter = pool.submit(() -> catchThrowable(
					() -> waiterRegistry.acquire(new LockRequest(key, type, Duration.ofSeconds(2), "cut")).close()));
			await().until(() -> waiterRegistry.waiters().size() == 1
					&& ephemeralNodesUnder(holderClient, "/Locks/" + key).size() >= 2);
			proxy.cut();
			try {
				assertThat(waiter.get(25, TimeUnit.SECONDS)).as("gave up while the connection was still cut")
					.isInstanceOf(DistributedLockException.class);
			}
			finally {
				proxy.heal();
			}
			await().atMost(Duration.ofSeconds(20)).until(() -> client.getZookeeperClient().isConnected());
			held.close();
			await().atMost(Duration.ofSeconds(20))
				.until(() -> ephemeralNodesUnder(holderClient, "/Locks/" + key).isEmpty());
			try (LockHandle again = waiterRegistry.acquire(new LockRequest(key, type, Duration.ofSeconds(10), "cut"))) {
				assertThat(again.isHeld()).isTrue();
			}
		}
		finally {
			pool.shutdownNow();
			holderClient.close();
		}
	}

	/**
	 * A cached lock is given up when the connection is cut (its session in doubt), and not
	 * handed out while the connection is down: an acquisition then waits for the service. Once
	 * the connection is back in the same session, the node is gone and the next lock is a new
	 * one, with a greater token.
	 */
	@Test
	void cachedLockIsGivenUpWhenTheConnectionIsCutAndNotHandedOutMeanwhile() throws Exception {
		CuratorFramework observer = connectedClient(zookeeper.connectString());
		try (FreezableTcpProxy proxy = new FreezableTcpProxy(zookeeper.server().getPort());
				CuratorFramework client = client(proxy.getConnectString());
				ZooKeeperLockBackend backend = new ZooKeeperLockBackend(client, new ZnodeLockPathResolver("/Locks"));
				LockEngine engine = new LockEngine(backend, new LockListener() {
				}, LockEngine.Options.STANDARD.withCaching(LockEngine.Caching.of(Duration.ofMinutes(2), 10)))) {
			long cachedToken = 0;
			// a key's second use is cached
			for (int use = 0; use < 2; use++) {
				try (LockHandle lock = engine.acquire(request("cached-cut", Duration.ofSeconds(5)))) {
					cachedToken = lock.fencingToken();
				}
			}
			assertThat(engine.cachedLocks()).extracting(CachedLock::key).containsExactly("cached-cut");
			long session = client.getZookeeperClient().getZooKeeper().getSessionId();
			proxy.cut();
			// given up for the doubt, well before the session could expire
			await().atMost(Duration.ofSeconds(SESSION_TIMEOUT_MS / 3_000)).until(() -> engine.cachedLocks().isEmpty());
			assertThat(catchThrowable(() -> engine.acquire(request("cached-cut", Duration.ofMillis(500))).close()))
				.as("an acquisition while the connection is down")
				.isInstanceOf(DistributedLockException.class);
			proxy.heal();
			await().atMost(Duration.ofSeconds(20)).until(() -> client.getZookeeperClient().isConnected());
			assertThat(client.getZookeeperClient().getZooKeeper().getSessionId()).as("the same session")
				.isEqualTo(session);
			await().atMost(Duration.ofSeconds(20))
				.until(() -> ephemeralNodesUnder(observer, "/Locks/cached-cut").isEmpty());
			try (LockHandle lock = engine.acquire(request("cached-cut", Duration.ofSeconds(5)))) {
				assertThat(lock.fencingToken() >> 10).as("a node created after the cut")
					.isGreaterThan(cachedToken >> 10);
			}
		}
		finally {
			observer.close();
		}
	}

	private static CuratorFramework slowRetryingClient(String connectString) throws InterruptedException {
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs(SESSION_TIMEOUT_MS)
			.connectionTimeoutMs(5_000)
			.retryPolicy(new RetryNTimes(10, 1_000))
			.build();
		client.start();
		if (!client.blockUntilConnected(10, TimeUnit.SECONDS)) {
			client.close();
			throw new IllegalStateException("Could not connect to " + connectString);
		}
		return client;
	}

	private static LockRequest request(String key, Duration wait) {
		return new LockRequest(key, LockType.MUTEX, wait, "unanswered");
	}

	private static CuratorFramework client(String connectString) throws InterruptedException {
		return connectedClient(connectString, SESSION_TIMEOUT_MS, CONNECTION_TIMEOUT_MS);
	}

}
