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

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import io.github.distlock.core.spi.RevocableBackend;
import io.github.distlock.test.contract.ContenderWatchContractTests;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.expireSession;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The watch on a held {@code MUTEX} node's queue, for lock caching, on a real ZooKeeper: the
 * {@link ContenderWatchContractTests contract} (it tells of a contender of another session,
 * whether it queued before the watch or after, and of nothing else, our own revocation marker
 * or a hand-off; it ends when closed or released, and outlives a hand-off), with a watch seen
 * set and removed exactly in the client's child watches; and, for ZooKeeper, an expired session
 * counts as a contender, on the safe side, and a closed client gives no watch.
 */
class ZooKeeperContenderWatchTests extends ContenderWatchContractTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private CuratorFramework clientA;

	private CuratorFramework clientB;

	private ZooKeeperLockBackend first;

	private ZooKeeperLockBackend second;

	@BeforeEach
	void connect() throws Exception {
		this.clientA = connectedClient(zookeeper.connectString());
		this.clientB = connectedClient(zookeeper.connectString());
		this.first = new ZooKeeperLockBackend(this.clientA, new ZnodeLockPathResolver("/Locks"));
		this.second = new ZooKeeperLockBackend(this.clientB, new ZnodeLockPathResolver("/Locks"));
	}

	@AfterEach
	void disconnect() {
		this.first.close();
		this.second.close();
		this.clientA.close();
		this.clientB.close();
	}

	@Override
	protected RevocableBackend first() {
		return this.first;
	}

	@Override
	protected RevocableBackend second() {
		return this.second;
	}

	/** Polls the first client's child watches until they have the key's lock path. */
	@Override
	protected void awaitWatchSet(String key) {
		String lockPath = this.first.pathOf(key);
		await().atMost(LONG).until(() -> childWatches(this.clientA).contains(lockPath));
	}

	/**
	 * Waits until the first client watches the lock path's children, closes the watch, and waits
	 * until the client no longer watches them.
	 */
	@Override
	protected void closeWatch(String key, ContenderWatch watch) {
		awaitWatchSet(key);
		watch.close();
		String lockPath = this.first.pathOf(key);
		await().atMost(LONG).until(() -> !childWatches(this.clientA).contains(lockPath));
	}

	/**
	 * When the session of the lock's node expires, the watch cannot go on: it tells, as of a
	 * contender, on the safe side.
	 */
	@Test
	void firesWhenTheSessionExpires() throws Exception {
		BackendLock held = acquire(this.first, "expired", LockType.MUTEX);
		CountDownLatch contender = new CountDownLatch(1);
		ContenderWatch watch = held.watchContenders(contender::countDown);
		awaitWatchSet("expired");
		assertThat(contender.getCount()).as("fired with nobody else queued").isEqualTo(1);
		expireSession(this.clientA);
		assertThat(contender.await(LONG.toSeconds(), TimeUnit.SECONDS)).as("told, on the safe side").isTrue();
		watch.close();
		held.release();
	}

	/** A closed client gives no watch, and does not call back on the caller's thread. */
	@Test
	void noWatchFromAClosedClient() throws Exception {
		BackendLock held = acquire(this.first, "closed-client", LockType.MUTEX);
		this.clientA.close();
		AtomicInteger fired = new AtomicInteger();
		assertThat(held.watchContenders(fired::incrementAndGet)).isNull();
		assertThat(fired).as("called back on the caller's thread").hasValue(0);
	}

	@SuppressWarnings("unchecked")
	private static List<String> childWatches(CuratorFramework client) throws Exception {
		org.apache.zookeeper.ZooKeeper zookeeper = client.getZookeeperClient().getZooKeeper();
		java.lang.reflect.Method method = org.apache.zookeeper.ZooKeeper.class.getDeclaredMethod("getChildWatches");
		method.setAccessible(true);
		return (List<String>) method.invoke(zookeeper);
	}

}
