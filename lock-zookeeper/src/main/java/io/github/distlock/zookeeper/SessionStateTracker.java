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

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

import io.github.distlock.core.LockState;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;

/**
 * Tells the state of a lock from the client's ZooKeeper session: {@link LockState#HELD held}
 * while the session that created its node is connected, {@link LockState#IN_DOUBT in doubt}
 * while that session may still live, and {@link LockState#LOST lost} once another session
 * replaced it or Curator reported it lost. It follows Curator's connection events, on Curator's
 * event thread: it reads only local state there, and never waits for ZooKeeper.
 */
final class SessionStateTracker implements AutoCloseable {

	private final CuratorFramework client;

	private final Runnable onConnected;

	private final LongSupplier sessionId;

	private final BooleanSupplier connected;

	private final ConnectionStateListener connectionListener = (client, state) -> connectionChanged(state);

	/** The session Curator reported lost while the client was not connected; {@code 0} if none. */
	private volatile long lostSession;

	/**
	 * How many losses were reported so far; written after {@link #lostSession}, on Curator's
	 * event thread only. A report concerns the locks that existed when it came: the client may
	 * already name its next session when it comes, and a lock taken in that session afterwards is
	 * not lost by it.
	 */
	private volatile long losses;

	private volatile Runnable onChange = () -> {
	};

	/**
	 * Starts following the client's connection.
	 * @param onConnected run on each connection event that finds the client connected; must not
	 * block
	 */
	SessionStateTracker(CuratorFramework client, Runnable onConnected) {
		this(client, onConnected, () -> currentSession(client), () -> client.getZookeeperClient().isConnected());
	}

	/**
	 * @param sessionId the client's current session ({@code 0} when there is none)
	 * @param connected whether the client is connected
	 */
	SessionStateTracker(CuratorFramework client, Runnable onConnected, LongSupplier sessionId,
			BooleanSupplier connected) {
		this.client = client;
		this.onConnected = onConnected;
		this.sessionId = sessionId;
		this.connected = connected;
		client.getConnectionStateListenable().addListener(this.connectionListener);
	}

	/**
	 * Sets what to run after each connection event, when the states of locks may have changed.
	 */
	void onChange(Runnable onChange) {
		this.onChange = onChange;
	}

	/**
	 * The client's current session.
	 * @return the session id, {@code 0} when there is none
	 */
	long sessionId() {
		return this.sessionId.getAsLong();
	}

	boolean isConnected() {
		return this.connected.getAsBoolean();
	}

	private static long currentSession(CuratorFramework client) {
		try {
			return client.getZookeeperClient().getZooKeeper().getSessionId();
		}
		catch (Exception ex) {
			return 0;
		}
	}

	/**
	 * How many losses were reported so far: a lock notes it when it is taken.
	 */
	long losses() {
		return this.losses;
	}

	/**
	 * The state of a lock held in a session, from the connection as it is now. A loss reported
	 * late, for an earlier session, leaves a lock of the connected session alone, and a loss
	 * reported before a lock was taken does not concern it.
	 * @param session the session that created the lock's node
	 * @param lossesBefore {@link #losses()} when the acquisition of the lock began
	 */
	LockState stateOf(long session, long lossesBefore) {
		// connected first: a session read afterwards is at least as new
		boolean connected = isConnected();
		// the count first: the session it was written after is then at least as new
		boolean lossReportedSince = this.losses > lossesBefore;
		if (session != sessionId() || (lossReportedSince && session == this.lostSession)) {
			return LockState.LOST;
		}
		return connected ? LockState.HELD : LockState.IN_DOUBT;
	}

	void connectionChanged(ConnectionState newState) {
		if (newState.isConnected()) {
			this.onConnected.run();
		}
		else if (newState == ConnectionState.LOST && !isConnected()) {
			// Curator gave the session up: its locks must not count as live if the client still names it
			this.lostSession = sessionId();
			this.losses++;
		}
		this.onChange.run();
	}

	@Override
	public void close() {
		this.client.getConnectionStateListenable().removeListener(this.connectionListener);
	}

}
