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
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.distlock.test.zookeeper.FreezableTcpProxy;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.expireSession;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Nested calls (a lock taken again by the thread that holds it, or READ inside WRITE) around a
 * lost session, and the rules that keep them honest: a nested lock is only as good as the lock
 * around it, it carries that lock's fencing token, and a loss is reported for the session that
 * was lost, never for the one that replaced it.
 */
class NestedLockFaultTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private CuratorFramework otherClient;

	private ZookeeperLockRegistry other;

	@BeforeEach
	void connect() throws Exception {
		this.otherClient = closeLater(connectedClient(zookeeper.connectString()));
		this.other = registry(this.otherClient, ZookeeperLockRegistry.Options.DEFAULTS);
	}

	@AfterEach
	void close() throws Exception {
		Collections.reverse(this.closeables);
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
	}

	static Stream<Arguments> reentrantTypesAndRecipes() {
		return Stream.of(Arguments.of(LockType.MUTEX, ZookeeperLockRegistry.Options.DEFAULTS),
				Arguments.of(LockType.MUTEX, new ZookeeperLockRegistry.Options(false, true, 0, Duration.ZERO)),
				Arguments.of(LockType.MUTEX, new ZookeeperLockRegistry.Options(false, false, 0, Duration.ZERO)),
				Arguments.of(LockType.READ, ZookeeperLockRegistry.Options.DEFAULTS),
				Arguments.of(LockType.WRITE, ZookeeperLockRegistry.Options.DEFAULTS),
				Arguments.of(LockType.WRITE, new ZookeeperLockRegistry.Options(false, false, 0, Duration.ZERO)));
	}

	/**
	 * Curator's read lock is granted at once to the thread that owns the write lock, from
	 * memory, even when the session behind that write lock has expired and another process
	 * holds the write lock now.
	 */
	@Test
	void readInsideAWriteWhoseSessionWasLostIsRefused() throws Exception {
		CuratorFramework holderClient = closeLater(connectedClient(zookeeper.connectString()));
		ZookeeperLockRegistry holder = registry(holderClient, ZookeeperLockRegistry.Options.DEFAULTS);
		LockHandle write = holder.acquire(request("read-in-lost-write", LockType.WRITE));
		expireSession(holderClient);
		await().until(() -> write.state() == LockState.LOST);
		await().until(() -> holderClient.getZookeeperClient().isConnected());
		try (LockHandle taken = this.other.acquire(request("read-in-lost-write", LockType.WRITE))) {
			assertThatExceptionOfType(LockLostException.class)
				.isThrownBy(() -> holder.acquire(request("read-in-lost-write", LockType.READ)))
				.withMessageContaining("'read-in-lost-write'");
		}
		write.close();
		assertThat(ephemeralNodesUnder(this.otherClient, "/Locks")).isEmpty();
	}

	/**
	 * The nested call starts while the connection is frozen (the outer lock in doubt), waits
	 * for the connection, and the session expires meanwhile: when the client reconnects in a
	 * new session, the nested call must not re-enter the lost lock from the recipe's memory.
	 */
	@ParameterizedTest
	@MethodSource("reentrantTypesAndRecipes")
	void nestedCallThatStartsInDoubtAndEndsAfterTheLossIsRefused(LockType type, ZookeeperLockRegistry.Options options)
			throws Exception {
		FreezableTcpProxy proxy = closeLater(new FreezableTcpProxy(zookeeper.server().getPort()));
		CuratorFramework holderClient = closeLater(connectedClient(proxy.getConnectString(), 6_000, 2_000));
		ZookeeperLockRegistry holder = registry(holderClient, options);
		String key = "nested-in-doubt-" + type + "-" + options.localQueue() + "-" + options.maxHandoffs();
		try (LockHandle outer = holder.acquire(request(key, type))) {
			proxy.freeze();
			await().atMost(Duration.ofSeconds(30)).until(() -> outer.state() == LockState.IN_DOUBT);
			ExecutorService expirer = Executors.newSingleThreadExecutor();
			try {
				Future<?> expired = expirer.submit(() -> {
					await().atMost(Duration.ofSeconds(30)).until(() -> !holder.waiters().isEmpty());
					expireSession(holderClient, zookeeper.connectString());
					await().atMost(Duration.ofSeconds(30))
						.until(() -> ephemeralNodesUnder(this.otherClient, "/Locks/" + key).isEmpty());
					proxy.thaw();
					return null;
				});
				assertThatExceptionOfType(LockLostException.class)
					.isThrownBy(() -> holder.acquire(new LockRequest(key, type, Duration.ofSeconds(60), "nested")))
					.withMessageContaining("'" + key + "'");
				expired.get(60, TimeUnit.SECONDS);
			}
			finally {
				expirer.shutdownNow();
				proxy.thaw();
			}
			assertThat(outer.state()).isEqualTo(LockState.LOST);
		}
		try (LockHandle fresh = holder.acquire(request(key, type))) {
			assertThat(fresh.isHeld()).isTrue();
		}
		assertThat(ephemeralNodesUnder(this.otherClient, "/Locks")).isEmpty();
	}

	/**
	 * A READ taken inside a WRITE creates a node later than those of writers queued meanwhile;
	 * its token is the WRITE's, so that each later holder still has a greater token.
	 */
	@Test
	void readInsideWriteCarriesTheWriteTokenSoLaterWritersHaveGreaterTokens() throws Exception {
		CuratorFramework holderClient = closeLater(connectedClient(zookeeper.connectString()));
		ZookeeperLockRegistry holder = registry(holderClient, ZookeeperLockRegistry.Options.DEFAULTS);
		String key = "read-in-write-token";
		ExecutorService pool = Executors.newSingleThreadExecutor();
		try {
			long writeToken;
			long readToken;
			Future<Long> nextWriter;
			try (LockHandle write = holder.acquire(request(key, LockType.WRITE))) {
				writeToken = write.fencingToken();
				nextWriter = pool.submit(() -> {
					try (LockHandle lock = this.other.acquire(
							new LockRequest(key, LockType.WRITE, Duration.ofSeconds(60), "next-writer"))) {
						return lock.fencingToken();
					}
				});
				await().until(() -> this.otherClient.getChildren().forPath("/Locks/" + key).size() == 2);
				try (LockHandle read = holder.acquire(request(key, LockType.READ))) {
					readToken = read.fencingToken();
					assertThat(read.isHeld()).isTrue();
				}
			}
			assertThat(readToken).isEqualTo(writeToken);
			assertThat(nextWriter.get(60, TimeUnit.SECONDS)).isGreaterThan(readToken);
		}
		finally {
			pool.shutdownNow();
		}
	}

	/**
	 * Curator delivers connection events on one thread, after the fact: LOST may be delivered
	 * once the client already works in a new session. A lock taken in that new session is not
	 * lost by it.
	 */
	@Test
	void lateLossOfAnOldSessionDoesNotMarkLocksOfTheNewSession() throws Exception {
		CuratorFramework holderClient = closeLater(connectedClient(zookeeper.connectString()));
		RecordingLockListener recorder = new RecordingLockListener();
		ZookeeperLockRegistry holder = closeLater(new ZookeeperLockRegistry(holderClient,
				new ZnodeLockPathResolver("/Locks"), recorder, ZookeeperLockRegistry.Options.DEFAULTS));
		CountDownLatch release = new CountDownLatch(1);
		List<ConnectionState> delivered = Collections.synchronizedList(new ArrayList<>());
		ConnectionStateListener slowListener = (client, state) -> {
			delivered.add(state);
			if (state == ConnectionState.SUSPENDED) {
				try {
					release.await(60, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
		};
		holderClient.getConnectionStateListenable().addListener(slowListener);
		try {
			long oldSession = holderClient.getZookeeperClient().getZooKeeper().getSessionId();
			expireSession(holderClient);
			await().atMost(Duration.ofSeconds(30)).until(() -> holderClient.getZookeeperClient().isConnected()
					&& holderClient.getZookeeperClient().getZooKeeper().getSessionId() != oldSession);
			try (LockHandle lock = holder.acquire(request("late-loss", LockType.MUTEX))) {
				assertThat(lock.isHeld()).isTrue();
				release.countDown();
				// events reach every listener in order: once RECONNECTED is delivered, LOST was
				await().atMost(Duration.ofSeconds(30)).until(() -> delivered.contains(ConnectionState.RECONNECTED));
				assertThat(delivered).contains(ConnectionState.LOST);
				assertThat(lock.state()).isEqualTo(LockState.HELD);
				assertThat(recorder.changes).noneMatch((change) -> change.endsWith("->LOST"));
			}
		}
		finally {
			release.countDown();
			holderClient.getConnectionStateListenable().removeListener(slowListener);
		}
	}

	/**
	 * One rule for every lock type and recipe: a thread whose interrupt flag is set is refused
	 * a lock, even one it would re-enter, and keeps its flag.
	 */
	@ParameterizedTest
	@MethodSource("reentrantTypesAndRecipes")
	void interruptedThreadIsRefusedEvenWhenItWouldReenter(LockType type, ZookeeperLockRegistry.Options options)
			throws Exception {
		ZookeeperLockRegistry registry = registry(this.otherClient, options);
		String key = "interrupted-" + type + "-" + options.localQueue() + "-" + options.maxHandoffs();
		assertRefusedWhileInterrupted(registry, request(key, type));
		try (LockHandle outer = registry.acquire(request(key, type))) {
			assertRefusedWhileInterrupted(registry, request(key, type));
			assertThat(outer.isHeld()).isTrue();
		}
		assertThat(ephemeralNodesUnder(this.otherClient, "/Locks")).isEmpty();
	}

	private static void assertRefusedWhileInterrupted(ZookeeperLockRegistry registry, LockRequest request) {
		Thread.currentThread().interrupt();
		try {
			assertThatExceptionOfType(LockInterruptedException.class).isThrownBy(() -> registry.acquire(request));
			assertThat(Thread.currentThread().isInterrupted()).as("the interrupt flag is kept").isTrue();
		}
		finally {
			Thread.interrupted();
		}
	}

	private static LockRequest request(String key, LockType type) {
		return new LockRequest(key, type, Duration.ofSeconds(10), "nested");
	}

	private ZookeeperLockRegistry registry(CuratorFramework client, ZookeeperLockRegistry.Options options) {
		return closeLater(new ZookeeperLockRegistry(client, new ZnodeLockPathResolver("/Locks"), new LockListener() {
		}, options));
	}

	private <T extends AutoCloseable> T closeLater(T closeable) {
		this.closeables.add(closeable);
		return closeable;
	}

}
