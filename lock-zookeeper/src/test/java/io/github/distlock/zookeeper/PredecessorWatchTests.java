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
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.Watcher.Event.KeeperState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which events of a {@link PredecessorWatch} go on (read the children again) and which leave
 * the watch in place, as ZooKeeper's client delivers them to a watcher it holds.
 */
class PredecessorWatchTests {

	private static final String PREDECESSOR = "/Locks/key/_c_x-lock-0000000001";

	private final CuratorFramework client = CuratorFrameworkFactory.newClient("127.0.0.1:1", new RetryOneTime(100));

	private final AcquisitionSteps steps = new AcquisitionSteps();

	private final AtomicInteger rereads = new AtomicInteger();

	@AfterEach
	void closeClient() {
		this.client.close();
	}

	@Test
	void theSaslEventAfterAReconnectionLeavesTheWatchInPlace() {
		PredecessorWatch watch = awaitedWatch(true);
		watch.process(new WatchedEvent(EventType.None, KeeperState.SaslAuthenticated, null));
		assertThat(this.rereads).as("reads of the children").hasValue(0);
		assertThat(this.steps.isAwaited(watch)).isTrue();
	}

	@Test
	void connectionEventsLeaveTheWatchInPlaceWhileTheClientSetsItAgainOnReconnecting() {
		PredecessorWatch watch = awaitedWatch(true);
		for (KeeperState state : List.of(KeeperState.Disconnected, KeeperState.SyncConnected,
				KeeperState.ConnectedReadOnly, KeeperState.SaslAuthenticated)) {
			watch.process(new WatchedEvent(EventType.None, state, null));
		}
		assertThat(this.rereads).hasValue(0);
		assertThat(this.steps.isAwaited(watch)).isTrue();
	}

	@Test
	void aDisconnectionReadsTheChildrenAgainWhenTheClientDropsItsWatchesWithIt() {
		for (KeeperState state : List.of(KeeperState.Disconnected, KeeperState.ConnectedReadOnly,
				KeeperState.SaslAuthenticated)) {
			PredecessorWatch watch = awaitedWatch(false);
			watch.process(new WatchedEvent(EventType.None, KeeperState.SyncConnected, null));
			assertThat(this.steps.isAwaited(watch)).as("after SyncConnected, which keeps the watches").isTrue();
			watch.process(new WatchedEvent(EventType.None, state, null));
			// a second event of the same watch does not read them again
			watch.process(new WatchedEvent(EventType.None, state, null));
			assertThat(this.rereads).as(state.toString()).hasValue(1);
			this.rereads.set(0);
		}
	}

	@Test
	void aWatchTheClientIsDoneWithReadsTheChildrenAgain() {
		for (KeeperState state : List.of(KeeperState.Expired, KeeperState.Closed, KeeperState.AuthFailed)) {
			this.rereads.set(0);
			PredecessorWatch watch = awaitedWatch(true);
			watch.process(new WatchedEvent(EventType.None, state, null));
			assertThat(this.rereads).as(state.toString()).hasValue(1);
		}
	}

	@Test
	void aChangeOfThePredecessorReadsTheChildrenAgainOnce() {
		PredecessorWatch watch = awaitedWatch(true);
		watch.process(new WatchedEvent(EventType.NodeDeleted, KeeperState.SyncConnected, PREDECESSOR));
		watch.process(new WatchedEvent(EventType.NodeDataChanged, KeeperState.SyncConnected, PREDECESSOR));
		assertThat(this.rereads).hasValue(1);
	}

	private PredecessorWatch awaitedWatch(boolean resetOnReconnect) {
		MutexRecipe recipe = new MutexRecipe(this.client, "/Locks/key", new LockNodeCreator(new KnownLockPaths(2), new DeferredDeletes(this.client, new AsyncTimer())));
		PredecessorWatch watch = new PredecessorWatch(PREDECESSOR, this.steps, recipe, resetOnReconnect,
				this.rereads::incrementAndGet, (failure) -> {
					throw new AssertionError(failure);
				});
		assertThat(this.steps.await(watch)).isTrue();
		return watch;
	}

}
