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
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;
import org.apache.curator.utils.ZKPaths;
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
 * {@link ZooKeeperLockBackend#acquireAsync} for {@code READ} and {@code WRITE}, against a real
 * ZooKeeper server and Curator's {@code InterProcessReadWriteLock} in other sessions (which the
 * blocking path uses too): the same nodes, one queue, readers shared, writers alone, and a reader
 * queued behind a waiting writer waits for it.
 */
class AsyncReadWriteTests {

	private static final ZnodeLockPathResolver paths = new ZnodeLockPathResolver("/Locks");

	private static final Duration WAIT = Duration.ofSeconds(30);

	private static final Duration SETTLE = Duration.ofMillis(300);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	/** Closed after each test, last opened first. */
	private final Deque<AutoCloseable> opened = new ArrayDeque<>();

	private final ExecutorService pool = Executors.newCachedThreadPool();

	private CuratorFramework observer;

	private ZooKeeperLockBackend backend;

	@BeforeEach
	void connect() throws Exception {
		this.observer = opened(connectedClient(zookeeper.connectString()));
		CuratorFramework client = opened(connectedClient(zookeeper.connectString(), 30_000, 1_000));
		this.backend = opened(new ZooKeeperLockBackend(client, paths));
	}

	@AfterEach
	void closeAll() throws Exception {
		this.pool.shutdownNow();
		while (!this.opened.isEmpty()) {
			this.opened.pop().close();
		}
	}

	@Test
	void aReaderWaitsForACuratorWriterThenSharesWithCuratorReadersAndKeepsWritersOut() throws Exception {
		String path = paths.resolve("read");
		InterProcessReadWriteLock curator = curatorLock(path);
		InterProcessReadWriteLock otherCurator = curatorLock(path);
		curator.writeLock().acquire();
		CompletableFuture<BackendLock> reading = acquireAsync("read", LockType.READ);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 2);
		Thread.sleep(SETTLE.toMillis());
		assertThat(reading).as("a reader while a writer holds").isNotDone();
		curator.writeLock().release();
		ZooKeeperHeldLock read = (ZooKeeperHeldLock) reading.get(10, TimeUnit.SECONDS);
		assertThat(ZKPaths.getNodeFromPath(read.nodePath())).matches("_c_[0-9a-f-]{36}-__READ__\\d{10}");
		Stat stat = this.observer.checkExists().forPath(read.nodePath());
		assertThat(read.fencingToken()).isEqualTo(FencingTokens.of(stat.getCzxid(), 0));
		assertThat(read.state()).isEqualTo(LockState.HELD);
		assertThat(otherCurator.readLock().acquire(10, TimeUnit.SECONDS)).as("Curator's reader beside ours").isTrue();
		otherCurator.readLock().release();
		assertThat(curator.writeLock().acquire(SETTLE.toMillis(), TimeUnit.MILLISECONDS))
			.as("Curator's writer while we read")
			.isFalse();
		read.release();
		assertThat(curator.writeLock().acquire(10, TimeUnit.SECONDS)).isTrue();
		curator.writeLock().release();
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty());
	}

	@Test
	void aWriterWaitsForCuratorReadersThenKeepsThemOut() throws Exception {
		String path = paths.resolve("write");
		InterProcessReadWriteLock curator = curatorLock(path);
		curator.readLock().acquire();
		CompletableFuture<BackendLock> writing = acquireAsync("write", LockType.WRITE);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 2);
		Thread.sleep(SETTLE.toMillis());
		assertThat(writing).as("a writer while a reader holds").isNotDone();
		curator.readLock().release();
		ZooKeeperHeldLock write = (ZooKeeperHeldLock) writing.get(10, TimeUnit.SECONDS);
		assertThat(ZKPaths.getNodeFromPath(write.nodePath())).matches("_c_[0-9a-f-]{36}-__WRIT__\\d{10}");
		InterProcessReadWriteLock otherCurator = curatorLock(path);
		assertThat(otherCurator.readLock().acquire(SETTLE.toMillis(), TimeUnit.MILLISECONDS))
			.as("Curator's reader while we write")
			.isFalse();
		assertThat(new InterProcessMutex(curatorClient(), path).acquire(10, TimeUnit.SECONDS))
			.as("a MUTEX is another lock on the same path: Curator's, as ours, orders lock- nodes only")
			.isTrue();
		write.release();
		assertThat(otherCurator.readLock().acquire(10, TimeUnit.SECONDS)).isTrue();
		otherCurator.readLock().release();
	}

	@Test
	void aReaderQueuedBehindAWaitingWriterWaitsForItWhileOnlyReadersHold() throws Exception {
		String path = paths.resolve("fair");
		InterProcessReadWriteLock reader = curatorLock(path);
		InterProcessReadWriteLock writer = curatorLock(path);
		reader.readLock().acquire();
		Future<Boolean> writerTurn = this.pool.submit(() -> {
			boolean held = writer.writeLock().acquire(30, TimeUnit.SECONDS);
			if (held) {
				Thread.sleep(SETTLE.toMillis());
				writer.writeLock().release();
			}
			return held;
		});
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 2);
		CompletableFuture<BackendLock> reading = acquireAsync("fair", LockType.READ);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 3);
		Thread.sleep(SETTLE.toMillis());
		assertThat(reading).as("a reader behind a waiting writer, while only a reader holds").isNotDone();
		reader.readLock().release();
		assertThat(writerTurn.get(10, TimeUnit.SECONDS)).isTrue();
		BackendLock read = reading.get(10, TimeUnit.SECONDS);
		assertThat(ephemeralNodesUnder(this.observer, path)).hasSize(1);
		read.release();
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty());
	}

	@Test
	void asyncReadersShareAndAnAsyncWriterWaitsForThemAll() throws Exception {
		String path = paths.resolve("shared");
		BackendLock first = acquireAsync("shared", LockType.READ).get(10, TimeUnit.SECONDS);
		BackendLock second = acquireAsync("shared", LockType.READ).get(10, TimeUnit.SECONDS);
		CompletableFuture<BackendLock> writing = acquireAsync("shared", LockType.WRITE);
		await().until(() -> ephemeralNodesUnder(this.observer, path).size() == 3);
		first.release();
		Thread.sleep(SETTLE.toMillis());
		assertThat(writing).as("a writer while one reader still holds").isNotDone();
		second.release();
		BackendLock write = writing.get(10, TimeUnit.SECONDS);
		assertThat(write.fencingToken()).isGreaterThan(second.fencingToken());
		write.release();
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.observer, path)).isEmpty());
		await().until(() -> this.backend.recipes().size() == 0);
	}

	private CompletableFuture<BackendLock> acquireAsync(String key, LockType type) {
		return this.backend.acquireAsync(new LockRequest(key, type, WAIT, "async"), paths.resolve(key),
				System.nanoTime() + WAIT.toNanos());
	}

	private InterProcessReadWriteLock curatorLock(String path) throws Exception {
		return new InterProcessReadWriteLock(curatorClient(), path);
	}

	private CuratorFramework curatorClient() throws Exception {
		return opened(connectedClient(zookeeper.connectString()));
	}

	private <T extends AutoCloseable> T opened(T closeable) {
		this.opened.push(closeable);
		return closeable;
	}

}
