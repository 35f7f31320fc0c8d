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
import java.util.List;
import java.util.stream.Stream;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A connect string with a chroot ({@code host:port/app}): ZooKeeper answers a transaction with
 * the created paths as the server sees them, chroot included, unlike a plain create. New keys
 * must still be released, by every lock type and recipe, and be free for every process after.
 */
class ChrootTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private CuratorFramework root;

	@BeforeEach
	void connect() throws Exception {
		this.root = connectedClient(zookeeper.connectString());
		// the chroot and the lock root exist, as in a running system
		this.root.create().creatingParentsIfNeeded().forPath("/app/Locks");
	}

	@AfterEach
	void close() throws Exception {
		Collections.reverse(this.closeables);
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
		this.root.delete().deletingChildrenIfNeeded().forPath("/app");
		this.root.close();
	}

	static Stream<Arguments> lockTypesAndRecipes() {
		List<Arguments> arguments = new ArrayList<>();
		for (LockType type : LockType.values()) {
			arguments.add(Arguments.of(type, ZookeeperLockRegistry.Options.DEFAULTS));
		}
		arguments.add(Arguments.of(LockType.MUTEX, new ZookeeperLockRegistry.Options(false, true, 0, Duration.ZERO)));
		arguments.add(Arguments.of(LockType.MUTEX, new ZookeeperLockRegistry.Options(false, false, 0, Duration.ZERO)));
		return arguments.stream();
	}

	@ParameterizedTest
	@MethodSource("lockTypesAndRecipes")
	void newKeyIsReleasedThroughAChrootAndFreeForEveryProcess(LockType type, ZookeeperLockRegistry.Options options)
			throws Exception {
		String connectString = zookeeper.connectString() + "/app";
		ZookeeperLockRegistry first = registry(client(connectString), options);
		ZookeeperLockRegistry second = registry(client(connectString), options);
		String key = "new-key-" + type + "-" + options.localQueue() + "-" + options.maxHandoffs();
		LockRequest request = new LockRequest(key, type, Duration.ofSeconds(3), "chroot");
		try (LockHandle lock = first.acquire(request)) {
			assertThat(lock.isHeld()).isTrue();
			assertThat(lock.path()).isEqualTo("/Locks/" + key);
		}
		// a MUTEX release is sent without waiting for its answer: another client sees it a round trip later
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(ephemeralNodesUnder(this.root, "/app/Locks")).as("nodes left after the release")
				.isEmpty());
		for (ZookeeperLockRegistry registry : List.of(second, first)) {
			try (LockHandle again = registry.acquire(request)) {
				assertThat(again.isHeld()).isTrue();
			}
		}
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(ephemeralNodesUnder(this.root, "/app/Locks")).isEmpty());
	}

	private CuratorFramework client(String connectString) throws InterruptedException {
		CuratorFramework client = connectedClient(connectString);
		this.closeables.add(client);
		return client;
	}

	private ZookeeperLockRegistry registry(CuratorFramework client, ZookeeperLockRegistry.Options options) {
		ZookeeperLockRegistry registry = new ZookeeperLockRegistry(client, new ZnodeLockPathResolver("/Locks"),
				new LockListener() {
				}, options);
		this.closeables.add(registry);
		return registry;
	}

}
