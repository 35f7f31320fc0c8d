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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static io.github.distlock.zookeeper.RegistryInternals.cachedRecipeCount;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A ZooKeeper server stopped and restarted while locks are held and awaited.
 */
class ServerOutageFaultTests {

	private static final int SESSION_TIMEOUT_MS = 3_000;

	private TestingServer server;

	private CuratorFramework holderClient;

	private CuratorFramework otherClient;

	private RecordingLockListener listener;

	private ZookeeperLockRegistry holder;

	private ZookeeperLockRegistry other;

	@BeforeEach
	void start() throws Exception {
		// a short tick so that sessions may be short
		InstanceSpec spec = new InstanceSpec(null, -1, -1, -1, true, -1, 200, -1);
		this.server = new TestingServer(spec, true);
		this.holderClient = client();
		this.otherClient = client();
		this.listener = new RecordingLockListener();
		this.holder = new ZookeeperLockRegistry(this.holderClient, new ZnodeLockPathResolver("/Locks"), this.listener,
				ZookeeperLockRegistry.Options.DEFAULTS);
		this.other = new ZookeeperLockRegistry(this.otherClient, new ZnodeLockPathResolver("/Locks"));
	}

	private CuratorFramework client() throws InterruptedException {
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(this.server.getConnectString())
			.sessionTimeoutMs(SESSION_TIMEOUT_MS)
			.connectionTimeoutMs(1_000)
			.retryPolicy(new ExponentialBackoffRetry(100, 3, 500))
			.build();
		client.start();
		assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
		return client;
	}

	@AfterEach
	void stop() throws Exception {
		this.holder.close();
		this.other.close();
		this.holderClient.close();
		this.otherClient.close();
		this.server.close();
	}

	private static LockRequest request(String key, Duration wait) {
		return new LockRequest(key, LockType.MUTEX, wait, "fault");
	}

	@Test
	void shortOutageKeepsTheLockAndTellsTheHolder() throws Exception {
		try (LockHandle lock = this.holder.acquire(request("short", Duration.ofSeconds(1)))) {
			this.server.stop();
			await().until(() -> lock.state() == LockState.IN_DOUBT);
			assertThat(lock.isHeld()).isFalse();
			this.server.restart();
			await().atMost(Duration.ofSeconds(30)).until(() -> lock.state() == LockState.HELD);
			assertThat(this.listener.changes).containsExactly("short:HELD->IN_DOUBT", "short:IN_DOUBT->HELD");
			await().until(() -> this.otherClient.getZookeeperClient().isConnected());
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> this.other.acquire(request("short", Duration.ofMillis(300))));
		}
		try (LockHandle next = this.other.acquire(request("short", Duration.ofSeconds(10)))) {
			assertThat(next.isHeld()).isTrue();
		}
	}

	@Test
	void longOutageLosesTheLockAndAnotherClientGetsItOnlyAfterTheLoss() throws Exception {
		LockHandle lock = this.holder.acquire(request("long", Duration.ofSeconds(1)));
		this.server.stop();
		await().atMost(Duration.ofSeconds(30)).until(() -> lock.state() == LockState.LOST);
		assertThat(this.listener.changes).containsExactly("long:HELD->IN_DOUBT", "long:IN_DOUBT->LOST");
		this.server.restart();
		try (LockHandle next = this.other.acquire(request("long", Duration.ofSeconds(30)))) {
			assertThat(lock.state()).isEqualTo(LockState.LOST);
			assertThat(next.fencingToken()).isGreaterThan(lock.fencingToken());
		}
		lock.close();
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(ephemeralNodesUnder(this.otherClient, "/Locks")).isEmpty());
		try (LockHandle again = this.holder.acquire(request("long", Duration.ofSeconds(10)))) {
			assertThat(again.isHeld()).isTrue();
		}
	}

	/**
	 * CURATOR-678: a release while ZooKeeper is unreachable must not leave a node that blocks
	 * every later acquire. The holder's session survives the outage, so the node goes because
	 * the release deleted it once the server was back, not because its session ended.
	 */
	@ParameterizedTest(name = "{0}, max-handoffs {1}")
	@CsvSource({ "MUTEX, 8", "MUTEX, 0", "SEMAPHORE_MUTEX, 8", "READ, 8", "WRITE, 8" })
	void releaseDuringAnOutageLeavesNoNodeThatBlocksLaterAcquires(LockType type, int maxHandoffs) throws Exception {
		String key = "release-offline-" + type + "-" + maxHandoffs;
		try (ZookeeperLockRegistry registry = new ZookeeperLockRegistry(this.holderClient,
				new ZnodeLockPathResolver("/Locks"), this.listener,
				new ZookeeperLockRegistry.Options(false, true, maxHandoffs, Duration.ofMillis(100)))) {
			long session = this.holderClient.getZookeeperClient().getZooKeeper().getSessionId();
			LockHandle lock = registry.acquire(new LockRequest(key, type, Duration.ofSeconds(1), "fault"));
			this.server.stop();
			await().until(() -> lock.state() == LockState.IN_DOUBT);
			lock.close();
			assertThat(lock.state()).isEqualTo(LockState.RELEASED);
			this.server.restart();
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(ephemeralNodesUnder(this.otherClient, "/Locks")).isEmpty());
			assertThat(this.holderClient.getZookeeperClient().getZooKeeper().getSessionId())
				.as("the holder's session survived the outage").isEqualTo(session);
			assertThat(this.listener.changes).noneMatch((change) -> change.endsWith("LOST"));
			LockType exclusive = (type == LockType.READ) ? LockType.WRITE : type;
			try (LockHandle next = this.other
				.acquire(new LockRequest(key, exclusive, Duration.ofSeconds(10), "fault"))) {
				assertThat(next.isHeld()).isTrue();
			}
			assertThat(registry.heldLocks()).isEmpty();
			assertThat(cachedRecipeCount(registry)).isZero();
		}
	}

	@Test
	void acquireWhileZooKeeperIsDownFailsWithinTheWaitTime() throws Exception {
		this.server.stop();
		await().until(() -> !this.holderClient.getZookeeperClient().isConnected());
		assertThatExceptionOfType(LockBackendException.class)
			.isThrownBy(() -> this.holder.acquire(request("down", Duration.ofMillis(500))))
			.withMessageContaining("not connected to ZooKeeper at '" + this.server.getConnectString() + "'");
	}

	@Test
	void waiterWhoseServerGoesAwayFailsWithinItsWaitTimeNotCuratorsRetryTime() throws Exception {
		// each of Curator's attempts may wait the connection timeout (20s here), and it retries
		CuratorFramework patient = CuratorFrameworkFactory.builder()
			.connectString(this.server.getConnectString())
			.sessionTimeoutMs(SESSION_TIMEOUT_MS)
			.connectionTimeoutMs(20_000)
			.retryPolicy(new ExponentialBackoffRetry(1_000, 5, 5_000))
			.build();
		patient.start();
		assertThat(patient.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
		try (ZookeeperLockRegistry patientRegistry = new ZookeeperLockRegistry(patient,
				new ZnodeLockPathResolver("/Locks"))) {
			LockHandle lock = this.holder.acquire(request("waiting", Duration.ofSeconds(1)));
			long start = System.nanoTime();
			CompletableFuture<Thread> waiterThread = new CompletableFuture<>();
			CompletableFuture<LockHandle> waiter = CompletableFuture.supplyAsync(() -> {
				waiterThread.complete(Thread.currentThread());
				return patientRegistry.acquire(request("waiting", Duration.ofSeconds(2)));
			});
			await().until(() -> patientRegistry.waiters().size() == 1);
			this.server.stop();
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> waiter.get(120, TimeUnit.SECONDS))
				.havingCause()
				.isInstanceOfAny(LockBackendException.class, LockAcquisitionException.class);
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
			assertThat(waiterThread.get().isInterrupted()).isFalse();
			this.server.restart();
			lock.close();
			await().atMost(Duration.ofSeconds(30))
				.untilAsserted(() -> assertThat(ephemeralNodesUnder(this.otherClient, "/Locks")).isEmpty());
		}
		finally {
			patient.close();
		}
	}

}
