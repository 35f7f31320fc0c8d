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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The contenders for a key on ZooKeeper, as the {@code locks} endpoint lists them: the lock nodes
 * under the key's path, the holder's first (its node was created in the transaction whose id
 * is in the holder's fencing token), and for a {@code SEMAPHORE_MUTEX} the leases. What the
 * endpoint does with them is lock-core's to test.
 */
class ZooKeeperParticipantsTests {

	private static final Duration SHORT = Duration.ofMillis(300);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private CuratorFramework ownClient;

	private CuratorFramework otherClient;

	private ZookeeperLockRegistry own;

	private ZookeeperLockRegistry other;

	@BeforeEach
	void connect() throws Exception {
		this.ownClient = connectedClient(zookeeper.connectString());
		this.otherClient = connectedClient(zookeeper.connectString());
		this.own = new ZookeeperLockRegistry(this.ownClient, new ZnodeLockPathResolver("/Locks"));
		this.other = new ZookeeperLockRegistry(this.otherClient, new ZnodeLockPathResolver("/Locks"));
	}

	@AfterEach
	void disconnect() {
		this.own.close();
		this.other.close();
		this.ownClient.close();
		this.otherClient.close();
	}

	@Test
	void participantsOfAMutexAreItsLockNodesHolderFirst() throws Exception {
		try (LockHandle held = this.other.acquire(request("stock:1", LockType.MUTEX, SHORT))) {
			CompletableFuture<Void> waiter = CompletableFuture.runAsync(
					() -> this.own.acquire(request("stock:1", LockType.MUTEX, Duration.ofSeconds(30))).close());
			await().until(() -> this.own.participants("stock:1", LockType.MUTEX).size() == 2);
			List<String> nodes = List.copyOf(this.own.participants("stock:1", LockType.MUTEX));
			assertThat(nodes).allMatch((node) -> node.startsWith("/Locks/stock:1/"));
			assertThat(czxid(nodes.get(0))).isEqualTo(held.fencingToken() >> 10);
			held.close();
			waiter.get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void participantsOfASemaphoreMutexAreItsLeasesHolderFirst() throws Exception {
		try (LockHandle held = this.other.acquire(request("job", LockType.SEMAPHORE_MUTEX, SHORT))) {
			assertThat(this.own.participants("job", LockType.SEMAPHORE_MUTEX)).singleElement()
				.satisfies((node) -> assertThat(czxid(node)).isEqualTo(held.fencingToken() >> 10));
			CompletableFuture<Void> waiter = CompletableFuture.runAsync(
					() -> this.own.acquire(request("job", LockType.SEMAPHORE_MUTEX, Duration.ofSeconds(30))).close());
			await().until(() -> this.own.participants("job", LockType.SEMAPHORE_MUTEX).size() == 2);
			List<String> nodes = List.copyOf(this.own.participants("job", LockType.SEMAPHORE_MUTEX));
			assertThat(czxid(nodes.get(0))).isEqualTo(held.fencingToken() >> 10);
			assertThat(nodes.get(1)).startsWith("/Locks/job/leases/");
			held.close();
			waiter.get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void participantsOfAKeyWithSlashesAreUnderItsEscapedPath() {
		try (LockHandle held = this.other.acquire(request("orders/42", LockType.MUTEX, SHORT))) {
			assertThat(held.path()).isEqualTo("/Locks/orders%2F42");
			assertThat(this.own.participants("orders/42", LockType.MUTEX)).singleElement()
				.asString()
				.startsWith("/Locks/orders%2F42/");
		}
	}

	private long czxid(String node) {
		try {
			return this.otherClient.checkExists().forPath(node).getCzxid();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static LockRequest request(String key, LockType type, Duration waitTime) {
		return new LockRequest(key, type, waitTime, "StockService.purchase");
	}

}
