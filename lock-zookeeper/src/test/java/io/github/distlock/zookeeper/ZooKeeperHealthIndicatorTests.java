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

import io.github.distlock.test.zookeeper.FreezableTcpProxy;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The ZooKeeper health indicator against a real server that is stopped, restarted and hung.
 */
class ZooKeeperHealthIndicatorTests {

	private static final Duration TIMEOUT = Duration.ofMillis(500);

	private TestingServer server;

	@BeforeEach
	void startServer() throws Exception {
		this.server = new TestingServer(true);
	}

	@AfterEach
	void stopServer() throws Exception {
		this.server.close();
	}

	@Test
	void upWhenConnectedWithConnectStringAndState() throws Exception {
		try (CuratorFramework client = connectedClient(this.server.getConnectString());
				ZooKeeperHealthIndicator indicator = new ZooKeeperHealthIndicator(client, "/Locks", TIMEOUT)) {
			Health health = indicator.health();
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("connectString", this.server.getConnectString())
				.containsEntry("state", "CONNECTED");
			assertThat(client.checkExists().forPath("/Locks")).as("the check writes nothing").isNull();
		}
	}

	@Test
	void downWhenTheServerStopsAndUpAfterItRestarts() throws Exception {
		try (CuratorFramework client = connectedClient(this.server.getConnectString());
				ZooKeeperHealthIndicator indicator = new ZooKeeperHealthIndicator(client, "/Locks", TIMEOUT)) {
			assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
			this.server.stop();
			await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
				Health health = indicator.health();
				assertThat(health.getStatus()).isEqualTo(Status.DOWN);
				assertThat(health.getDetails()).containsEntry("connectString", this.server.getConnectString())
					.containsEntry("state", "SUSPENDED");
			});
			this.server.restart();
			await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
				Health health = indicator.health();
				assertThat(health.getStatus()).isEqualTo(Status.UP);
				assertThat(health.getDetails()).containsEntry("state", "RECONNECTED");
			});
		}
	}

	@Test
	void downWithinTheTimeoutWhenTheServerHangs() throws Exception {
		try (FreezableTcpProxy proxy = new FreezableTcpProxy(this.server.getPort())) {
			CuratorFramework client = connectedClient(proxy.getConnectString());
			try (ZooKeeperHealthIndicator indicator = new ZooKeeperHealthIndicator(client, "/Locks", TIMEOUT)) {
				assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
				proxy.freeze();
				Health health = indicator.health();
				assertThat(health.getStatus()).isEqualTo(Status.DOWN);
				assertThat(health.getDetails()).containsEntry("state", "CONNECTED")
					.containsEntry("error", "No answer to exists /Locks within 500 ms");
			}
			finally {
				proxy.close();
				client.close();
			}
		}
	}

	@Test
	void downBeforeTheFirstConnection() throws Exception {
		try (CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString("127.0.0.1:1")
			.connectionTimeoutMs(500)
			.retryPolicy(new RetryOneTime(100))
			.build()) {
			client.start();
			try (ZooKeeperHealthIndicator indicator = new ZooKeeperHealthIndicator(client, "/Locks", TIMEOUT)) {
				Health health = indicator.health();
				assertThat(health.getStatus()).isEqualTo(Status.DOWN);
				assertThat(health.getDetails()).containsEntry("connectString", "127.0.0.1:1")
					.containsEntry("state", "NOT_CONNECTED");
			}
		}
	}

	@Test
	void downWhenTheClientIsClosed() throws Exception {
		CuratorFramework client = connectedClient(this.server.getConnectString());
		try (ZooKeeperHealthIndicator indicator = new ZooKeeperHealthIndicator(client, "/Locks", TIMEOUT)) {
			client.close();
			Health health = indicator.health();
			assertThat(health.getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.getDetails()).containsEntry("state", "STOPPED");
		}
	}

}
