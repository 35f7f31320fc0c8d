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

import java.util.concurrent.atomic.AtomicReference;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.jspecify.annotations.Nullable;

/**
 * Remembers the last connection state Curator reported for a client, which Curator does not
 * expose: {@code SUSPENDED} and {@code LOST} tell a dropped connection from an ended session.
 */
final class ConnectionStateTracker implements ConnectionStateListener, AutoCloseable {

	private final CuratorFramework client;

	private final AtomicReference<@Nullable ConnectionState> state = new AtomicReference<>();

	ConnectionStateTracker(CuratorFramework client) {
		this.client = client;
		client.getConnectionStateListenable().addListener(this);
		if (client.getZookeeperClient().isConnected()) {
			// unless an event came first
			this.state.compareAndSet(null, ConnectionState.CONNECTED);
		}
	}

	@Override
	public void stateChanged(CuratorFramework client, ConnectionState newState) {
		this.state.set(newState);
	}

	/**
	 * The last state reported.
	 * @return the state, or {@code null} if the client has not connected yet
	 */
	@Nullable ConnectionState current() {
		return this.state.get();
	}

	@Override
	public void close() {
		this.client.getConnectionStateListenable().removeListener(this);
	}

}
