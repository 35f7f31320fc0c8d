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

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.test.zookeeper.FreezableTcpProxy;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * A holder hears of its disconnection, whatever its waiters did just before: ZooKeeper's
 * client drops a connection event whose state is the one of the last event it queued, and a
 * watch removed "locally" that fails with the connection queues a watch-removed event in the
 * state {@code Disconnected}. A wait that gave up and removed its watcher that way just before a
 * disconnection so hid the disconnection from Curator: no {@code SUSPENDED}, and the locks of
 * the session stayed {@code HELD} until the session was found expired (a 20-minute campaign saw
 * a leader commit into the next leader's term).
 */
class DisconnectionNoticeFaultTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	@Test
	void aHeldLockIsInDoubtOnceTheConnectionIsCutJustAfterAWaitGaveUp() throws Exception {
		ExecutorService pool = Executors.newSingleThreadExecutor();
		try (FreezableTcpProxy proxy = new FreezableTcpProxy(zookeeper.server().getPort());
				CuratorFramework observer = connectedClient(zookeeper.connectString());
				CuratorFramework client = connectedClient(proxy.getConnectString(), 30_000, 1_000);
				ZooKeeperLockBackend backend = new ZooKeeperLockBackend(client, new ZnodeLockPathResolver("/Locks"));
				LockEngine engine = new LockEngine(backend, new LockListener() {
				}, LockEngine.Options.STANDARD);
				ZooKeeperLockBackend otherBackend = new ZooKeeperLockBackend(observer,
						new ZnodeLockPathResolver("/Locks"));
				LockEngine other = new LockEngine(otherBackend, new LockListener() {
				}, LockEngine.Options.STANDARD)) {
			LockHandle held = engine.acquire(request("held", WAIT));
			LockHandle elsewhere = other.acquire(request("held-elsewhere", WAIT));
			// a waiter of this client watches the other holder's node, then gives up while
			// ZooKeeper's answers are held back: its watch removal stays unanswered
			Future<Throwable> waiter = pool
				.submit(() -> catchThrowable(() -> engine.acquire(request("held-elsewhere", Duration.ofSeconds(1)))));
			ZooKeeper zk = client.getZookeeperClient().getZooKeeper();
			await().atMost(WAIT)
				.until(() -> dataWatches(zk).stream().anyMatch((path) -> path.startsWith("/Locks/held-elsewhere/")));
			proxy.freezeReplies();
			assertThat(waiter.get(30, TimeUnit.SECONDS)).isInstanceOf(LockAcquisitionException.class);
			proxy.cut();
			await().atMost(WAIT).until(() -> !zk.getState().isConnected());
			await().atMost(WAIT)
				.untilAsserted(() -> assertThat(held.state()).as("the held lock once the connection is cut")
					.isEqualTo(LockState.IN_DOUBT));
			proxy.heal();
			await().atMost(WAIT).untilAsserted(() -> assertThat(held.state()).isEqualTo(LockState.HELD));
			held.close();
			elsewhere.close();
		}
		finally {
			pool.shutdownNow();
		}
	}

	/** The paths this client's data watches are on (ZooKeeper tells them to its subclasses only). */
	@SuppressWarnings("unchecked")
	private static List<String> dataWatches(ZooKeeper zk) throws Exception {
		Method method = ZooKeeper.class.getDeclaredMethod("getDataWatches");
		method.setAccessible(true);
		return (List<String>) method.invoke(zk);
	}

	private static LockRequest request(String key, Duration waitTime) {
		return new LockRequest(key, LockType.MUTEX, waitTime, "notice");
	}

}
