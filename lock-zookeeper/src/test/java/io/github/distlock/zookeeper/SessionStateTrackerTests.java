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

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.github.distlock.core.LockState;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.retry.RetryOneTime;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rule by which a lock's state follows its session, driven through the events Curator
 * delivers, with the session and the connection as the client would read them at that moment.
 * Curator delivers its connection events on a thread of its own, after the fact: a loss may be
 * reported while the client already names its next session but has not yet told that it is
 * connected (a full build caught it once, in {@code HandoffMutexTests.lostNodeIsNotHandedOff}).
 */
class SessionStateTrackerTests {

	private static final long OLD_SESSION = 0x101;

	private static final long NEW_SESSION = 0x202;

	private final CuratorFramework client = CuratorFrameworkFactory.newClient("127.0.0.1:1", new RetryOneTime(10));

	private final AtomicLong session = new AtomicLong(OLD_SESSION);

	private final AtomicBoolean connected = new AtomicBoolean(true);

	private final SessionStateTracker tracker = new SessionStateTracker(this.client, () -> {
	}, this.session::get, this.connected::get);

	@AfterEach
	void close() {
		this.tracker.close();
		this.client.close();
	}

	@Test
	void lockFollowsItsSession() {
		long before = this.tracker.losses();
		assertThat(this.tracker.stateOf(OLD_SESSION, before)).isEqualTo(LockState.HELD);
		this.connected.set(false);
		this.tracker.connectionChanged(ConnectionState.SUSPENDED);
		assertThat(this.tracker.stateOf(OLD_SESSION, before)).isEqualTo(LockState.IN_DOUBT);
		this.connected.set(true);
		this.tracker.connectionChanged(ConnectionState.RECONNECTED);
		assertThat(this.tracker.stateOf(OLD_SESSION, before)).isEqualTo(LockState.HELD);
		this.session.set(NEW_SESSION);
		assertThat(this.tracker.stateOf(OLD_SESSION, before)).as("another session replaced it")
			.isEqualTo(LockState.LOST);
	}

	@Test
	void lossReportedWhileDisconnectedLosesTheLocksOfThatSession() {
		long before = this.tracker.losses();
		this.connected.set(false);
		this.tracker.connectionChanged(ConnectionState.SUSPENDED);
		this.tracker.connectionChanged(ConnectionState.LOST);
		assertThat(this.tracker.stateOf(OLD_SESSION, before)).as("the client still names the session")
			.isEqualTo(LockState.LOST);
	}

	@Test
	void lossReportedLateDoesNotLoseALockTakenAfterItInTheNextSession() {
		long before = this.tracker.losses();
		this.connected.set(false);
		this.tracker.connectionChanged(ConnectionState.SUSPENDED);
		// the client has its next session, and has not told yet that it is connected, when the
		// loss of the old one is delivered
		this.session.set(NEW_SESSION);
		this.tracker.connectionChanged(ConnectionState.LOST);
		assertThat(this.tracker.stateOf(OLD_SESSION, before)).isEqualTo(LockState.LOST);
		this.connected.set(true);
		this.tracker.connectionChanged(ConnectionState.RECONNECTED);
		long after = this.tracker.losses();
		assertThat(this.tracker.stateOf(NEW_SESSION, after)).as("a lock taken in the next session afterwards")
			.isEqualTo(LockState.HELD);
	}

	@Test
	void lossReportedLateWhileConnectedLeavesTheNextSessionAlone() {
		long before = this.tracker.losses();
		this.session.set(NEW_SESSION);
		this.tracker.connectionChanged(ConnectionState.LOST);
		assertThat(this.tracker.stateOf(NEW_SESSION, before)).isEqualTo(LockState.HELD);
		assertThat(this.tracker.stateOf(OLD_SESSION, before)).isEqualTo(LockState.LOST);
	}

}
