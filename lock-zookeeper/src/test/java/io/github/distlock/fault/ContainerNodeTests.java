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

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.zookeeper.RegistryInternals.cachedRecipeCount;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Lock paths are container nodes: ZooKeeper removes them once their last lock node is gone, so
 * a million keys do not leave a million empty nodes behind.
 */
class ContainerNodeTests {

	private static final String CHECK_INTERVAL = "znode.container.checkIntervalMs";

	private static TestingServer server;

	private static CuratorFramework client;

	private static ZookeeperLockRegistry registry;

	@BeforeAll
	static void startServer() throws Exception {
		System.setProperty(CHECK_INTERVAL, "100");
		server = new TestingServer(true);
		client = connectedClient(server.getConnectString());
		registry = new ZookeeperLockRegistry(client, new ZnodeLockPathResolver("/Locks"));
	}

	@AfterAll
	static void stopServer() throws Exception {
		registry.close();
		client.close();
		server.close();
		System.clearProperty(CHECK_INTERVAL);
	}

	@Test
	void serverSupportsContainers() {
		registry.verifyServer();
	}

	@Test
	void serverCheckLooksPastAChrootInTheConnectString() throws Exception {
		CuratorFramework chrooted = connectedClient(server.getConnectString() + "/chroot");
		try (ZookeeperLockRegistry chrootedRegistry = new ZookeeperLockRegistry(chrooted,
				new ZnodeLockPathResolver("/Locks"))) {
			chrootedRegistry.verifyServer();
		}
		finally {
			chrooted.close();
		}
	}

	@ParameterizedTest
	@EnumSource(LockType.class)
	void lockPathIsAContainerThatDisappearsOnceEmpty(LockType type) throws Exception {
		String key = "container-" + type;
		try (LockHandle lock = registry.acquire(new LockRequest(key, type, Duration.ofSeconds(5), "test"))) {
			Stat stat = client.checkExists().forPath(lock.path());
			assertThat(stat).isNotNull();
			assertThat(stat.getNumChildren()).isPositive();
		}
		await().atMost(Duration.ofSeconds(30))
			.until(() -> client.checkExists().forPath("/Locks/" + ZnodeLockPathResolver.encode(key)) == null);
	}

	@Test
	void manyDistinctKeysLeaveNoNodeBehind() throws Exception {
		for (int i = 0; i < 300; i++) {
			registry.acquire(new LockRequest("many-" + i, LockType.MUTEX, Duration.ofSeconds(5), "test")).close();
		}
		assertThat(cachedRecipeCount(registry)).isZero();
		await().atMost(Duration.ofSeconds(60)).until(() -> noChildStartsWith("/Locks", "many-"));
	}

	/** Whether a node has no such child; also when the reaper removed the node itself meanwhile. */
	private static boolean noChildStartsWith(String path, String prefix) throws Exception {
		try {
			return client.getChildren().forPath(path).stream().noneMatch((child) -> child.startsWith(prefix));
		}
		catch (KeeperException.NoNodeException ex) {
			return true;
		}
	}

}
