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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.test.zookeeper.FreezableTcpProxy;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The release of a {@code MUTEX} sends its delete without waiting for ZooKeeper's answer: the
 * session's order puts it before this process's next request on the lock path, and a delete
 * sent while the connection is down is done once it is back.
 */
class MutexReleaseTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final ExecutorService pool = Executors.newSingleThreadExecutor();

	@AfterEach
	void stopPool() {
		this.pool.shutdownNow();
	}

	/**
	 * While ZooKeeper's answers are held back, the holder releases and a thread of the same
	 * process asks for the key again: the server applies the delete before the next create, so
	 * it never holds both nodes, and the next holder gets the lock with a greater token.
	 */
	@Test
	void aReleaseReachesZooKeeperBeforeTheNextAcquisitionOfItsKeyByTheSameProcess() throws Exception {
		try (Through through = Through.start()) {
			LockHandle first = through.engine().acquire(request("ordered"));
			List<String> firstNodes = ephemeralNodesUnder(through.observer(), "/Locks/ordered");
			assertThat(firstNodes).hasSize(1);
			String firstNode = firstNodes.get(0);
			through.proxy().freezeReplies();
			first.close();
			assertThat(first.state()).isEqualTo(LockState.RELEASED);
			Future<Long> next = this.pool.submit(() -> {
				try (LockHandle lock = through.engine().acquire(request("ordered"))) {
					return lock.fencingToken();
				}
			});
			List<String> seen = await().atMost(WAIT)
				.until(() -> ephemeralNodesUnder(through.observer(), "/Locks/ordered"),
						(nodes) -> nodes.stream().anyMatch((node) -> !node.equals(firstNode)));
			assertThat(seen).as("the nodes once the next create was applied").hasSize(1).doesNotContain(firstNode);
			through.proxy().thaw();
			assertThat(next.get(30, TimeUnit.SECONDS)).isGreaterThan(first.fencingToken());
		}
	}

	/**
	 * A release while the connection is cut (shorter than the session) returns at once, and its
	 * delete is done once the connection is back, in the same session.
	 */
	@Test
	void aReleaseWhileTheConnectionIsCutDeletesTheNodeOnceItIsBack() throws Exception {
		try (Through through = Through.start()) {
			long session = through.client().getZookeeperClient().getZooKeeper().getSessionId();
			LockHandle held = through.engine().acquire(request("cut-release"));
			through.proxy().cut();
			await().atMost(WAIT).until(() -> !through.client().getZookeeperClient().isConnected());
			held.close();
			assertThat(held.state()).isEqualTo(LockState.RELEASED);
			assertThat(ephemeralNodesUnder(through.observer(), "/Locks/cut-release")).as("the node while the connection is cut")
				.hasSize(1);
			through.proxy().heal();
			await().atMost(WAIT).until(() -> through.client().getZookeeperClient().isConnected());
			assertThat(through.client().getZookeeperClient().getZooKeeper().getSessionId()).as("the same session")
				.isEqualTo(session);
			await().atMost(WAIT).untilAsserted(() -> assertThat(ephemeralNodesUnder(through.observer(), "/Locks/cut-release")).isEmpty());
		}
	}

	/**
	 * A lock engine whose client reaches ZooKeeper through a proxy, and a client that does not.
	 */
	private record Through(FreezableTcpProxy proxy, CuratorFramework observer, CuratorFramework client,
			ZooKeeperLockBackend backend, LockEngine engine) implements AutoCloseable {

		static Through start() throws Exception {
			FreezableTcpProxy proxy = new FreezableTcpProxy(zookeeper.server().getPort());
			CuratorFramework observer = connectedClient(zookeeper.connectString());
			CuratorFramework client = connectedClient(proxy.getConnectString(), 30_000, 1_000);
			ZooKeeperLockBackend backend = new ZooKeeperLockBackend(client, new ZnodeLockPathResolver("/Locks"));
			return new Through(proxy, observer, client, backend, new LockEngine(backend, new LockListener() {
			}, LockEngine.Options.STANDARD));
		}

		@Override
		public void close() throws Exception {
			this.engine.close();
			this.backend.close();
			this.client.close();
			this.observer.close();
			this.proxy.close();
		}

	}

	private static LockRequest request(String key) {
		return new LockRequest(key, LockType.MUTEX, WAIT, "release");
	}

}
