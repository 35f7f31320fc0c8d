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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * A node of the registry's own session that no lock uses (left by an acquisition that failed
 * over a lost connection or an interrupt) queues every process behind it for as long as the
 * session lives. A failed acquisition has the registry sweep the lock path for such nodes once
 * no thread of it uses the path; a lock held meanwhile is never touched.
 */
class StrayNodeSweepTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private CuratorFramework root;

	@BeforeEach
	void connect() throws Exception {
		this.root = connectedClient(zookeeper.connectString());
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

	/** A stray node as each recipe names its nodes, and with and without a chroot. */
	static Stream<Arguments> strays() {
		List<Arguments> arguments = new ArrayList<>();
		for (String chroot : List.of("", "/app")) {
			arguments.add(Arguments.of(chroot, LockType.MUTEX, ZookeeperLockRegistry.Options.DEFAULTS, "_c_stray-lock-"));
			arguments.add(Arguments.of(chroot, LockType.MUTEX, new ZookeeperLockRegistry.Options(false, true, 0,
					Duration.ZERO), "_c_stray-lock-"));
			arguments.add(Arguments.of(chroot, LockType.SEMAPHORE_MUTEX, ZookeeperLockRegistry.Options.DEFAULTS,
					"leases/_c_stray-lease-"));
			arguments.add(Arguments.of(chroot, LockType.WRITE, ZookeeperLockRegistry.Options.DEFAULTS,
					"_c_stray-__WRIT__"));
		}
		return arguments.stream();
	}

	@ParameterizedTest
	@MethodSource("strays")
	void nodeOfTheSessionThatNoLockUsesIsDeletedAfterAFailedAcquisition(String chroot, LockType type,
			ZookeeperLockRegistry.Options options, String strayName) throws Exception {
		String key = "stray-" + type + "-" + options.maxHandoffs() + chroot.replace('/', '-');
		CuratorFramework client = client(zookeeper.connectString() + chroot);
		ZookeeperLockRegistry registry = registry(client, options);
		ZookeeperLockRegistry other = registry(client(zookeeper.connectString() + chroot), options);
		registry.acquire(request(key, type, Duration.ofSeconds(5))).close();
		String stray = client.create()
			.creatingParentContainersIfNeeded()
			.withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
			.forPath("/Locks/" + key + "/" + strayName);
		assertThatExceptionOfType(LockAcquisitionException.class).as("the stray node blocks the key")
			.isThrownBy(() -> other.acquire(request(key, type, Duration.ofSeconds(1))));

		assertThat(interruptedWhileWaiting(registry, request(key, type, Duration.ofSeconds(60))))
			.isInstanceOf(LockInterruptedException.class);

		await().atMost(Duration.ofSeconds(30)).until(() -> client.checkExists().forPath(stray) == null);
		try (LockHandle lock = other.acquire(request(key, type, Duration.ofSeconds(10)))) {
			assertThat(lock.isHeld()).isTrue();
		}
	}

	@ParameterizedTest
	@MethodSource("strays")
	void sweepWaitsWhileAThreadOfTheRegistryHoldsTheLock(String chroot, LockType type,
			ZookeeperLockRegistry.Options options, String strayName) throws Exception {
		String key = "held-" + type + "-" + options.maxHandoffs() + chroot.replace('/', '-');
		CuratorFramework client = client(zookeeper.connectString() + chroot);
		// the waiter must wait in ZooKeeper for its interrupt to be a failure that may leave a
		// node: a wait in the engine's local queue leaves none, and schedules no sweep
		ZookeeperLockRegistry registry = registry(client, new ZookeeperLockRegistry.Options(false, false, 0, Duration.ZERO));
		ZookeeperLockRegistry other = registry(client(zookeeper.connectString() + chroot), options);
		LockHandle held = registry.acquire(request(key, type, Duration.ofSeconds(5)));
		String heldNode = registry.nodePathOf(held);

		assertThat(interruptedWhileWaiting(registry, request(key, type, Duration.ofSeconds(60))))
			.isInstanceOf(LockInterruptedException.class);

		assertThat(registry.strayNodeSweepPending("/Locks/" + key)).isTrue();
		// several rounds of the sweep, each finding the path in use
		Thread.sleep(3_000);
		assertThat(registry.strayNodeSweepPending("/Locks/" + key)).isTrue();
		assertThat(client.checkExists().forPath(heldNode)).isNotNull();
		assertThat(held.state()).isEqualTo(LockState.HELD);
		assertThatExceptionOfType(LockAcquisitionException.class)
			.isThrownBy(() -> other.acquire(request(key, type, Duration.ofSeconds(1))));
		held.close();
		await().atMost(Duration.ofSeconds(30)).until(() -> !registry.strayNodeSweepPending("/Locks/" + key));
		try (LockHandle lock = other.acquire(request(key, type, Duration.ofSeconds(10)))) {
			assertThat(lock.isHeld()).isTrue();
		}
	}

	/**
	 * Acquires on another thread and interrupts it once it waits.
	 */
	private static Throwable interruptedWhileWaiting(ZookeeperLockRegistry registry, LockRequest request)
			throws Exception {
		AtomicReference<Thread> waiter = new AtomicReference<>();
		CompletableFuture<Throwable> outcome = CompletableFuture.supplyAsync(() -> {
			waiter.set(Thread.currentThread());
			return catchThrowable(() -> registry.acquire(request).close());
		});
		await().until(() -> registry.waiters().size() == 1 && waiter.get() != null
				&& waiter.get().getState() != Thread.State.RUNNABLE);
		waiter.get().interrupt();
		return outcome.get();
	}

	private static LockRequest request(String key, LockType type, Duration wait) {
		return new LockRequest(key, type, wait, "stray");
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
