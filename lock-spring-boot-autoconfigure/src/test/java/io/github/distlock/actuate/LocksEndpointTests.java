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

package io.github.distlock.actuate;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.distlock.actuate.LocksEndpoint.LocksDescriptor;
import io.github.distlock.actuate.LocksEndpoint.ParticipantsDescriptor;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The {@code locks} endpoint against a real ZooKeeper, with a second client as another process.
 */
class LocksEndpointTests {

	private static final Duration SHORT = Duration.ofMillis(300);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private CuratorFramework ownClient;

	private CuratorFramework otherClient;

	private ZookeeperLockRegistry own;

	private ZookeeperLockRegistry other;

	private LocksEndpoint endpoint;

	@BeforeEach
	void connect() throws Exception {
		this.ownClient = connectedClient(zookeeper.connectString());
		this.otherClient = connectedClient(zookeeper.connectString());
		this.own = new ZookeeperLockRegistry(this.ownClient, new ZnodeLockPathResolver("/Locks"));
		this.other = new ZookeeperLockRegistry(this.otherClient, new ZnodeLockPathResolver("/Locks"));
		this.endpoint = new LocksEndpoint(this.own);
	}

	@AfterEach
	void disconnect() {
		this.own.close();
		this.other.close();
		this.ownClient.close();
		this.otherClient.close();
	}

	@Test
	void listsTheLocksThisProcessHoldsAndAwaits() throws Exception {
		try (LockHandle contended = this.other.acquire(request("stock:7", LockType.MUTEX, SHORT));
				LockHandle held = this.own.acquire(request("stock:42", LockType.MUTEX, SHORT))) {
			CompletableFuture<Void> waiter = CompletableFuture.runAsync(
					() -> this.own.acquire(request("stock:7", LockType.MUTEX, Duration.ofSeconds(30))).close());
			await().until(() -> !this.endpoint.locks().waiting().isEmpty());
			LocksDescriptor locks = this.endpoint.locks();
			assertThat(locks.held()).singleElement().satisfies((lock) -> {
				assertThat(lock.key()).isEqualTo("stock:42");
				assertThat(lock.name()).isEqualTo("StockService.purchase");
				assertThat(lock.path()).isEqualTo("/Locks/stock:42");
				assertThat(lock.type()).isEqualTo(LockType.MUTEX);
				assertThat(lock.state()).isEqualTo("HELD");
				assertThat(lock.fencingToken()).isEqualTo(held.fencingToken());
				assertThat(lock.acquiredAt()).isEqualTo(held.acquiredAt());
				assertThat(lock.holderThread()).isEqualTo(Thread.currentThread().getName());
			});
			assertThat(locks.waiting()).singleElement().satisfies((waiting) -> {
				assertThat(waiting.key()).isEqualTo("stock:7");
				assertThat(waiting.path()).isEqualTo("/Locks/stock:7");
				assertThat(waiting.thread()).isNotEqualTo(Thread.currentThread().getName());
			});
			contended.close();
			waiter.get(30, TimeUnit.SECONDS);
		}
		assertThat(this.endpoint.locks().held()).isEmpty();
		assertThat(this.endpoint.locks().waiting()).isEmpty();
	}

	@Test
	void participantsOfAKeyHeldByAnotherProcessListItsHolderFirst() throws Exception {
		try (LockHandle held = this.other.acquire(request("stock:1", LockType.MUTEX, SHORT))) {
			CompletableFuture<Void> waiter = CompletableFuture.runAsync(
					() -> this.own.acquire(request("stock:1", LockType.MUTEX, Duration.ofSeconds(30))).close());
			await().until(() -> this.endpoint.participants(key("stock:1"), null).participants().size() == 2);
			ParticipantsDescriptor participants = this.endpoint.participants(key("stock:1"), null);
			assertThat(participants.key()).isEqualTo("stock:1");
			assertThat(participants.path()).isEqualTo("/Locks/stock:1");
			assertThat(participants.type()).isEqualTo(LockType.MUTEX);
			assertThat(participants.participants()).allMatch((node) -> node.startsWith("/Locks/stock:1/"));
			assertThat(czxid(participants.participants().get(0))).isEqualTo(held.fencingToken() >> 10);
			held.close();
			waiter.get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void participantsOfASemaphoreMutexListTheHoldersLeaseFirst() throws Exception {
		try (LockHandle held = this.other.acquire(request("job", LockType.SEMAPHORE_MUTEX, SHORT))) {
			assertThat(this.endpoint.participants(key("job"), LockType.SEMAPHORE_MUTEX).participants())
				.singleElement()
				.satisfies((node) -> assertThat(czxid(node)).isEqualTo(held.fencingToken() >> 10));
			CompletableFuture<Void> waiter = CompletableFuture.runAsync(() -> this.own
				.acquire(request("job", LockType.SEMAPHORE_MUTEX, Duration.ofSeconds(30)))
				.close());
			await().until(() -> this.endpoint.participants(key("job"), LockType.SEMAPHORE_MUTEX)
				.participants()
				.size() == 2);
			List<String> nodes = this.endpoint.participants(key("job"), LockType.SEMAPHORE_MUTEX).participants();
			assertThat(czxid(nodes.get(0))).isEqualTo(held.fencingToken() >> 10);
			assertThat(nodes.get(1)).startsWith("/Locks/job/leases/");
			held.close();
			waiter.get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void participantsOfReadersAndAWriterShareOneQueue() throws Exception {
		try (LockHandle reader = this.other.acquire(request("report", LockType.READ, SHORT))) {
			CompletableFuture<Void> writer = CompletableFuture.runAsync(
					() -> this.own.acquire(request("report", LockType.WRITE, Duration.ofSeconds(30))).close());
			await().until(() -> this.endpoint.participants(key("report"), LockType.WRITE).participants().size() == 2);
			assertThat(this.endpoint.participants(key("report"), LockType.READ).participants())
				.containsExactlyInAnyOrderElementsOf(
						this.endpoint.participants(key("report"), LockType.WRITE).participants());
			reader.close();
			writer.get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void participantsOfAKeyNeverLockedAreNone() {
		for (LockType type : LockType.values()) {
			assertThat(this.endpoint.participants(key("never-locked"), type).participants()).as(type.name())
				.isEmpty();
		}
	}

	@Test
	void keyMayContainSlashes() throws Exception {
		try (LockHandle held = this.other.acquire(request("orders/42", LockType.MUTEX, SHORT))) {
			ParticipantsDescriptor participants = this.endpoint.participants(new String[] { "orders", "42" }, null);
			assertThat(participants.key()).isEqualTo("orders/42");
			assertThat(participants.path()).isEqualTo(held.path()).isEqualTo("/Locks/orders%2F42");
			assertThat(participants.participants()).hasSize(1);
		}
	}

	@Test
	void blankKeyIsABadRequest() {
		assertThatExceptionOfType(InvalidEndpointRequestException.class)
			.isThrownBy(() -> this.endpoint.participants(key(" "), null))
			.withMessageContaining("must not be null or blank");
	}

	private static String[] key(String key) {
		return new String[] { key };
	}

	private long czxid(String node) throws Exception {
		return this.otherClient.checkExists().forPath(node).getCzxid();
	}

	private static LockRequest request(String key, LockType type, Duration waitTime) {
		return new LockRequest(key, type, waitTime, "StockService.purchase");
	}

}
