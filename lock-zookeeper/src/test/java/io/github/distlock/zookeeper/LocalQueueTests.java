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
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import org.apache.curator.framework.CuratorFramework;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two-level locking, first level: the threads of one JVM queue locally, so the JVM has at most
 * one contender per exclusive lock in ZooKeeper.
 */
class LocalQueueTests {

	private static final int THREADS = 8;

	private static final int ROUNDS = 15;

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private CuratorFramework client;

	private CuratorFramework observer;

	@BeforeEach
	void connect() throws Exception {
		this.client = connectedClient(zookeeper.connectString());
		this.observer = connectedClient(zookeeper.connectString());
	}

	@AfterEach
	void disconnect() {
		this.client.close();
		this.observer.close();
	}

	@Test
	void jvmKeepsAtMostOneNodePerKeyAndLosesNoUpdate() throws Exception {
		try (ZookeeperLockRegistry registry = registry(true)) {
			Race race = race(registry, "queued");
			assertThat(race.unprotectedCounter).isEqualTo(THREADS * ROUNDS);
			assertThat(race.maxNodes).isEqualTo(1);
		}
	}

	@Test
	void withoutTheLocalQueueEveryThreadContendsInZooKeeper() throws Exception {
		try (ZookeeperLockRegistry registry = registry(false)) {
			Race race = race(registry, "unqueued");
			assertThat(race.unprotectedCounter).isEqualTo(THREADS * ROUNDS);
			assertThat(race.maxNodes).isGreaterThan(1);
		}
	}

	@Test
	void readersStillShareThroughTheLocalQueue() throws Exception {
		try (ZookeeperLockRegistry registry = registry(true);
				LockHandle first = registry.acquire(request("shared", LockType.READ, Duration.ofSeconds(1)))) {
			ExecutorService pool = Executors.newSingleThreadExecutor();
			try {
				Future<Boolean> second = pool.submit(() -> {
					try (LockHandle lock = registry.acquire(request("shared", LockType.READ, Duration.ZERO))) {
						return lock.isHeld();
					}
				});
				assertThat(second.get(30, TimeUnit.SECONDS)).isTrue();
			}
			finally {
				pool.shutdownNow();
			}
		}
	}

	private ZookeeperLockRegistry registry(boolean localQueue) {
		return new ZookeeperLockRegistry(this.client, new ZnodeLockPathResolver("/Locks"), new LockListener() {
		}, new ZookeeperLockRegistry.Options(false, localQueue, 0, Duration.ZERO));
	}

	private static LockRequest request(String key, LockType type, Duration wait) {
		return new LockRequest(key, type, wait, "test");
	}

	private Race race(ZookeeperLockRegistry registry, String key) throws Exception {
		Race race = new Race();
		AtomicBoolean running = new AtomicBoolean(true);
		Thread watcher = new Thread(() -> {
			while (running.get()) {
				try {
					race.maxNodes = Math.max(race.maxNodes, ephemeralNodesUnder(this.observer, "/Locks/" + key).size());
				}
				catch (Exception ex) {
					// the path may not exist yet
				}
			}
		});
		watcher.start();
		ExecutorService pool = Executors.newFixedThreadPool(THREADS);
		AtomicInteger counter = new AtomicInteger();
		try {
			List<Future<?>> workers = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				workers.add(pool.submit(() -> {
					for (int i = 0; i < ROUNDS; i++) {
						try (LockHandle lock = registry.acquire(request(key, LockType.MUTEX, Duration.ofSeconds(60)))) {
							int read = counter.get();
							Thread.sleep(1);
							counter.set(read + 1);
						}
					}
					return null;
				}));
			}
			for (Future<?> worker : workers) {
				worker.get(120, TimeUnit.SECONDS);
			}
		}
		finally {
			running.set(false);
			watcher.join();
			pool.shutdownNow();
		}
		race.unprotectedCounter = counter.get();
		return race;
	}

	private static final class Race {

		volatile int maxNodes;

		int unprotectedCounter;

	}

}
