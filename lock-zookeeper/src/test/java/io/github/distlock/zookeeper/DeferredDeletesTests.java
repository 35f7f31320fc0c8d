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

import java.io.IOException;
import java.time.Duration;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.test.zookeeper.ZooKeeperTestSupport;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The delete of a released {@code MUTEX} node that was the first of a lock path this process
 * made rides in this session's next new lock path's transaction, in front of its create, or goes
 * on its own within its bound or before any other create; against a real ZooKeeper server, with a bound long enough (a minute) that only the
 * rule under test can have sent a delete.
 */
class DeferredDeletesTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private static final Duration LONG = Duration.ofMinutes(1);

	private CuratorFramework client;

	private CuratorFramework other;

	private final AsyncTimer timer = new AsyncTimer();

	private DeferredDeletes deferred;

	private LockNodeCreator creator;

	@BeforeEach
	void connect() throws Exception {
		this.client = connectedClient(zookeeper.connectString());
		this.other = connectedClient(zookeeper.connectString());
		this.deferred = new DeferredDeletes(this.client, this.timer, LONG);
		this.creator = new LockNodeCreator(new KnownLockPaths(16), this.deferred);
		if (this.client.checkExists().forPath("/Locks") == null) {
			this.client.create().forPath("/Locks");
		}
	}

	@AfterEach
	void close() {
		this.deferred.sendNow();
		this.timer.close();
		this.client.close();
		this.other.close();
	}

	@Test
	void releasedNodesDeleteRidesInTheNextNewLockPathsTransaction() throws Exception {
		String released = this.creator.create(this.client, "/Locks/first/lock-", null).path();
		assertThat(this.creator.deferDeleteOfFreshNode(released)).isTrue();
		assertThat(this.other.checkExists().forPath(released)).as("held back").isNotNull();
		long before = packetsReceived();
		LockNodeCreator.CreatedNode next = this.creator.create(this.client, "/Locks/second/lock-", null);
		long requests = packetsReceived() - before - 1;
		assertThat(next.firstInNewLockPath()).isTrue();
		assertThat(this.other.checkExists().forPath(released)).as("deleted with the next create").isNull();
		assertThat(requests).as("the delete and the create in one request").isEqualTo(1);
	}

	@Test
	void releasedNodeGoneAlreadyLetsTheTransactionGoAgainWithoutItsDelete() throws Exception {
		String released = this.creator.create(this.client, "/Locks/gone/lock-", null).path();
		assertThat(this.creator.deferDeleteOfFreshNode(released)).isTrue();
		this.other.delete().forPath(released);
		LockNodeCreator.CreatedNode next = this.creator.create(this.client, "/Locks/after-gone/lock-", null);
		assertThat(next.firstInNewLockPath()).as("still one transaction with its lock path").isTrue();
		assertThat(this.other.checkExists().forPath(next.path())).isNotNull();
	}

	@Test
	void aCreateInAKnownLockPathSendsTheHeldBackDeleteFirst() throws Exception {
		String released = this.creator.create(this.client, "/Locks/known/lock-", null).path();
		assertThat(this.creator.deferDeleteOfFreshNode(released)).isTrue();
		LockNodeCreator.CreatedNode next = this.creator.create(this.client, "/Locks/known/lock-", null);
		assertThat(next.firstInNewLockPath()).isFalse();
		assertThat(this.client.getChildren().forPath("/Locks/known")).as("the earlier node went first")
			.containsExactly(next.path().substring("/Locks/known/".length()));
	}

	@Test
	void onlyTheFirstNodeOfALockPathThisProcessMadeIsHeldBack() throws Exception {
		String first = this.creator.create(this.client, "/Locks/shared/lock-", null).path();
		String second = this.creator.create(this.client, "/Locks/shared/lock-", null).path();
		assertThat(this.creator.deferDeleteOfFreshNode(second)).as("a node of a lock path made before").isFalse();
		assertThat(this.creator.deferDeleteOfFreshNode(first)).isTrue();
		assertThat(this.creator.deferDeleteOfFreshNode(first)).as("once").isFalse();
	}

	@Test
	void aHeldBackDeleteGoesOnItsOwnWithinItsBound() throws Exception {
		LockNodeCreator quickCreator = new LockNodeCreator(new KnownLockPaths(16),
				new DeferredDeletes(this.client, this.timer, Duration.ofMillis(50)));
		String released = quickCreator.create(this.client, "/Locks/alone/lock-", null).path();
		assertThat(quickCreator.deferDeleteOfFreshNode(released)).isTrue();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.other.checkExists().forPath(released) == null);
	}

	@Test
	void whatIsHeldBackGoesWhenSentNowAsTheRegistrysCloseDoes() throws Exception {
		String released = this.creator.create(this.client, "/Locks/closing/lock-", null).path();
		assertThat(this.creator.deferDeleteOfFreshNode(released)).isTrue();
		this.deferred.sendNow();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.other.checkExists().forPath(released) == null);
	}

	private static long packetsReceived() throws IOException {
		String connectString = zookeeper.connectString();
		return ZooKeeperTestSupport.packetsReceived(Integer.parseInt(connectString.substring(connectString.lastIndexOf(':') + 1)));
	}

}
