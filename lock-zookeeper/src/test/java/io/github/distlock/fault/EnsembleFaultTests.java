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
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.curator.test.TestingZooKeeperServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.serverMode;
import static io.github.distlock.zookeeper.RegistryInternals.cachedRecipeCount;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A three-server ensemble whose leader is killed while a lock is held and while another client
 * waits for it.
 */
class EnsembleFaultTests {

	private TestingCluster cluster;

	private CuratorFramework holderClient;

	private CuratorFramework otherClient;

	private RecordingLockListener listener;

	private ZookeeperLockRegistry holder;

	private ZookeeperLockRegistry other;

	@BeforeEach
	void start() throws Exception {
		this.cluster = new TestingCluster(3);
		this.cluster.start();
		this.holderClient = connectedClient(this.cluster.getConnectString());
		this.otherClient = connectedClient(this.cluster.getConnectString());
		this.listener = new RecordingLockListener();
		this.holder = new ZookeeperLockRegistry(this.holderClient, new ZnodeLockPathResolver("/Locks"), this.listener,
				ZookeeperLockRegistry.Options.DEFAULTS);
		this.other = new ZookeeperLockRegistry(this.otherClient, new ZnodeLockPathResolver("/Locks"));
	}

	@AfterEach
	void stop() throws Exception {
		this.holder.close();
		this.other.close();
		this.holderClient.close();
		this.otherClient.close();
		this.cluster.close();
	}

	private static LockRequest request(String key, Duration wait) {
		return new LockRequest(key, LockType.MUTEX, wait, "ensemble");
	}

	private InstanceSpec killLeader() throws Exception {
		for (TestingZooKeeperServer server : this.cluster.getServers()) {
			if (serverMode(server.getInstanceSpec().getPort()).equals("leader")) {
				InstanceSpec leader = server.getInstanceSpec();
				assertThat(this.cluster.killServer(leader)).isTrue();
				return leader;
			}
		}
		throw new IllegalStateException("The ensemble has no leader");
	}

	@Test
	void leaderKilledWhileHoldingKeepsTheLockExclusive() throws Exception {
		LockHandle lock = this.holder.acquire(request("leader-hold", Duration.ofSeconds(5)));
		killLeader();
		await().atMost(Duration.ofSeconds(60))
			.until(() -> this.holderClient.getZookeeperClient().isConnected()
					&& this.otherClient.getZookeeperClient().isConnected());
		// the holder was told: in doubt while its server went away, held again in the same session
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.listener.changes.contains("leader-hold:IN_DOUBT->HELD"));
		assertThat(this.listener.changes).startsWith("leader-hold:HELD->IN_DOUBT")
			.doesNotContain("leader-hold:IN_DOUBT->LOST", "leader-hold:HELD->LOST");
		assertThat(lock.state()).isEqualTo(LockState.HELD);
		assertThatExceptionOfType(LockAcquisitionException.class)
			.isThrownBy(() -> this.other.acquire(request("leader-hold", Duration.ofMillis(500))));
		long token = lock.fencingToken();
		lock.close();
		long nextToken;
		try (LockHandle next = this.other.acquire(request("leader-hold", Duration.ofSeconds(30)))) {
			nextToken = next.fencingToken();
			assertThat(nextToken).isGreaterThan(token);
		}
		holderRegistryStillWorks("leader-hold", nextToken);
	}

	@Test
	void leaderKilledWhileWaitingStillHandsTheLockOver() throws Exception {
		LockHandle lock = this.holder.acquire(request("leader-wait", Duration.ofSeconds(5)));
		CompletableFuture<Long> waiter = CompletableFuture.supplyAsync(() -> {
			try (LockHandle next = this.other.acquire(request("leader-wait", Duration.ofSeconds(90)))) {
				return next.fencingToken();
			}
		});
		await().until(() -> this.other.waiters().size() == 1);
		killLeader();
		await().atMost(Duration.ofSeconds(60)).until(() -> this.holderClient.getZookeeperClient().isConnected());
		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.listener.changes.contains("leader-wait:IN_DOUBT->HELD"));
		assertThat(lock.state()).isEqualTo(LockState.HELD);
		assertThat(waiter).isNotDone();
		long token = lock.fencingToken();
		lock.close();
		long waiterToken = waiter.get(90, TimeUnit.SECONDS);
		assertThat(waiterToken).isGreaterThan(token);
		holderRegistryStillWorks("leader-wait", waiterToken);
	}

	/** After the fault, the holder's registry takes the lock again, and nothing is left behind. */
	private void holderRegistryStillWorks(String key, long lastToken) throws Exception {
		try (LockHandle again = this.holder.acquire(request(key, Duration.ofSeconds(30)))) {
			assertThat(again.isHeld()).isTrue();
			assertThat(again.fencingToken()).isGreaterThan(lastToken);
		}
		assertThat(cachedRecipeCount(this.holder)).isZero();
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(ephemeralNodesUnder(this.otherClient, "/Locks")).isEmpty());
	}

}
