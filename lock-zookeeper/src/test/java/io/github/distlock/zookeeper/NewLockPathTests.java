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

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.test.zookeeper.ZooKeeperTestSupport;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.spi.FencingTokens;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A key seen for the first time: its lock path (a container) and the first contender's node
 * are created in one transaction, and that contender holds the lock without reading the
 * children.
 */
class NewLockPathTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private CuratorFramework client;

	@BeforeEach
	void connect() throws Exception {
		this.client = client();
	}

	@AfterEach
	void close() throws Exception {
		Collections.reverse(this.closeables);
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
	}

	@Test
	void lockPathAndFirstNodeAreCreatedInOneTransaction() throws Exception {
		ZookeeperLockRegistry registry = registry(this.client, "/Locks", ZookeeperLockRegistry.Options.DEFAULTS);
		registry.acquire(mutex("makes-the-root")).close();
		try (LockHandle lock = registry.acquire(mutex("first-seen"))) {
			String nodePath = registry.nodePathOf(lock);
			Stat node = this.client.checkExists().forPath(nodePath);
			Stat lockPath = this.client.checkExists().forPath(lock.path());
			assertThat(node.getCzxid()).as("one transaction, one zxid").isEqualTo(lockPath.getCzxid());
			assertThat(node.getEphemeralOwner()).isEqualTo(this.client.getZookeeperClient().getZooKeeper().getSessionId());
			assertThat(ZKPaths.getNodeFromPath(nodePath)).matches("_c_[0-9a-f-]{36}-lock-0000000000");
			assertThat(lock.fencingToken()).isEqualTo(FencingTokens.of(node.getCzxid(), 0));
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> ephemeralNodesUnder(this.client, "/Locks").isEmpty());
	}

	@Test
	void newKeyCostsOneRequest() throws Exception {
		ZookeeperLockRegistry registry = registry(this.client, "/Locks", ZookeeperLockRegistry.Options.DEFAULTS);
		registry.acquire(mutex("warm-up")).close();
		int keys = 20;
		// the srvr command is itself a packet the server counts
		long probe = -packetsReceived() + packetsReceived();
		long before = packetsReceived();
		for (int i = 0; i < keys; i++) {
			registry.acquire(mutex("counted-" + i)).close();
		}
		long requests = packetsReceived() - before - probe;
		// each transaction carries the release before it (the warm-up's too); the last release's
		// delete may follow on its own; Curator's InterProcessMutex takes eight a key
		assertThat(requests).isLessThanOrEqualTo(keys + 1L);
		await().atMost(Duration.ofSeconds(10)).until(() -> ephemeralNodesUnder(this.client, "/Locks").isEmpty());
	}

	@Test
	void rememberedLockPathThatWasRemovedIsMadeAgain() throws Exception {
		ZookeeperLockRegistry registry = registry(this.client, "/Locks", ZookeeperLockRegistry.Options.DEFAULTS);
		registry.acquire(mutex("reaped")).close();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.client.getChildren().forPath("/Locks/reaped").isEmpty());
		// what the container reaper does to an empty lock path
		this.client.delete().forPath("/Locks/reaped");
		try (LockHandle lock = registry.acquire(mutex("reaped"))) {
			Stat node = this.client.checkExists().forPath(registry.nodePathOf(lock));
			assertThat(node.getCzxid()).isEqualTo(this.client.checkExists().forPath(lock.path()).getCzxid());
			assertThat(lock.fencingToken()).isEqualTo(FencingTokens.of(node.getCzxid(), 0));
		}
	}

	@Test
	void existingLockPathIsUsedAsItIs() throws Exception {
		this.client.create().creatingParentsIfNeeded().withMode(CreateMode.CONTAINER).forPath("/Locks/existing");
		ZookeeperLockRegistry registry = registry(this.client, "/Locks", ZookeeperLockRegistry.Options.DEFAULTS);
		Stat lockPath = this.client.checkExists().forPath("/Locks/existing");
		try (LockHandle lock = registry.acquire(mutex("existing"))) {
			Stat node = this.client.checkExists().forPath(registry.nodePathOf(lock));
			assertThat(node.getCzxid()).isGreaterThan(lockPath.getCzxid());
			assertThat(lock.fencingToken()).isEqualTo(FencingTokens.of(node.getCzxid(), 0));
		}
	}

	@Test
	void firstLockUnderAMissingRootMakesEveryLevel() throws Exception {
		for (ZookeeperLockRegistry.Options options : List.of(ZookeeperLockRegistry.Options.DEFAULTS,
				new ZookeeperLockRegistry.Options(false, true, 0, Duration.ZERO))) {
			String root = "/fresh-" + options.maxHandoffs() + "/deeper";
			ZookeeperLockRegistry registry = registry(this.client, root, options);
			try (LockHandle lock = registry.acquire(mutex("k"))) {
				assertThat(lock.path()).isEqualTo(root + "/k");
				assertThat(this.client.checkExists().forPath(registry.nodePathOf(lock))).isNotNull();
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> ephemeralNodesUnder(this.client, root).isEmpty());
		}
	}

	@Test
	void namespacedClientCreatesItsLockPathInsideTheNamespace() throws Exception {
		CuratorFramework namespaced = this.client.usingNamespace("app");
		ZookeeperLockRegistry registry = registry(namespaced, "/Locks", ZookeeperLockRegistry.Options.DEFAULTS);
		try (LockHandle lock = registry.acquire(mutex("spaced"))) {
			String nodePath = registry.nodePathOf(lock);
			assertThat(nodePath).startsWith("/Locks/spaced/_c_");
			assertThat(this.client.checkExists().forPath("/app" + nodePath)).isNotNull();
		}
	}

	@Test
	void mutexWithoutLocalQueueAlsoCreatesNewLockPathsInOneTransaction() throws Exception {
		ZookeeperLockRegistry registry = registry(this.client, "/Locks",
				new ZookeeperLockRegistry.Options(false, false, 0, Duration.ZERO));
		try (LockHandle lock = registry.acquire(mutex("curator-recipe"))) {
			Stat node = this.client.checkExists().forPath(registry.nodePathOf(lock));
			assertThat(node.getCzxid()).isEqualTo(this.client.checkExists().forPath(lock.path()).getCzxid());
			assertThat(lock.fencingToken()).isEqualTo(FencingTokens.of(node.getCzxid(), 0));
		}
	}

	/**
	 * Three processes (clients with their own sessions) take new keys at the same moment: all
	 * but one find the lock path already made; exclusion holds and no node is left.
	 */
	@Test
	void contendersRacingForANewKeyStillExcludeEachOther() throws Exception {
		int contenders = 3;
		int keys = 40;
		List<ZookeeperLockRegistry> registries = new ArrayList<>();
		for (int i = 0; i < contenders; i++) {
			registries.add(registry(client(), "/Locks", ZookeeperLockRegistry.Options.DEFAULTS));
		}
		CyclicBarrier start = new CyclicBarrier(contenders);
		AtomicInteger inside = new AtomicInteger();
		AtomicInteger overlaps = new AtomicInteger();
		AtomicInteger acquired = new AtomicInteger();
		ExecutorService pool = Executors.newFixedThreadPool(contenders);
		try {
			List<Future<?>> futures = new ArrayList<>();
			for (ZookeeperLockRegistry registry : registries) {
				futures.add(pool.submit(() -> {
					for (int k = 0; k < keys; k++) {
						start.await(10, TimeUnit.SECONDS);
						try (LockHandle lock = registry.acquire(mutex("race-" + k))) {
							if (inside.incrementAndGet() > 1) {
								overlaps.incrementAndGet();
							}
							acquired.incrementAndGet();
							Thread.sleep(2);
							inside.decrementAndGet();
						}
					}
					return null;
				}));
			}
			for (Future<?> future : futures) {
				future.get(60, TimeUnit.SECONDS);
			}
		}
		finally {
			pool.shutdownNow();
		}
		assertThat(acquired).hasValue(contenders * keys);
		assertThat(overlaps).hasValue(0);
		await().atMost(Duration.ofSeconds(10)).until(() -> ephemeralNodesUnder(this.client, "/Locks").isEmpty());
	}

	private static LockRequest mutex(String key) {
		return new LockRequest(key, LockType.MUTEX, Duration.ofSeconds(10), "test");
	}

	private CuratorFramework client() throws InterruptedException {
		CuratorFramework client = connectedClient(zookeeper.connectString());
		this.closeables.add(client);
		return client;
	}

	private ZookeeperLockRegistry registry(CuratorFramework client, String root, ZookeeperLockRegistry.Options options) {
		ZookeeperLockRegistry registry = new ZookeeperLockRegistry(client, new ZnodeLockPathResolver(root),
				new LockListener() {
				}, options);
		this.closeables.add(registry);
		return registry;
	}

	private static long packetsReceived() throws IOException {
		String connectString = zookeeper.connectString();
		return ZooKeeperTestSupport.packetsReceived(Integer.parseInt(connectString.substring(connectString.lastIndexOf(':') + 1)));
	}

}
