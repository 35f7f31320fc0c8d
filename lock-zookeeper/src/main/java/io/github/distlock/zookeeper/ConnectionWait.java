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

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;

/**
 * Waits, with no thread waiting, until a client is connected: what {@code blockUntilConnected}
 * does for a thread. A listener of the client's connection states, removed once it ran or was
 * cancelled; it runs its task once at most, on the thread that starts it if the client is
 * connected already, and otherwise on Curator's thread of connection events. It may be cancelled
 * before it starts (an acquisition that ends hands its step over to be undone, while the thread
 * that took the step has yet to start it): it then leaves no listener behind.
 */
final class ConnectionWait implements ConnectionStateListener {

	private final CuratorFramework client;

	private final AtomicBoolean done = new AtomicBoolean();

	private volatile Runnable onConnected = () -> {
	};

	ConnectionWait(CuratorFramework client) {
		this.client = client;
	}

	/**
	 * Runs a task once the client is connected.
	 * @param onConnected the task; must not block
	 */
	void start(Runnable onConnected) {
		this.onConnected = onConnected;
		this.client.getConnectionStateListenable().addListener(this);
		// after the listener is added: a cancellation that came first removed nothing, and one
		// that comes after this check finds the listener in place and removes it
		if (this.done.get()) {
			this.client.getConnectionStateListenable().removeListener(this);
			return;
		}
		// after the listener is added: a connection in between is not missed
		if (this.client.getZookeeperClient().isConnected()) {
			connected();
		}
	}

	@Override
	public void stateChanged(CuratorFramework client, ConnectionState newState) {
		if (newState.isConnected()) {
			connected();
		}
	}

	private void connected() {
		if (this.done.compareAndSet(false, true)) {
			this.client.getConnectionStateListenable().removeListener(this);
			this.onConnected.run();
		}
	}

	/**
	 * Stops waiting, started or not; the task does not run.
	 */
	void cancel() {
		if (this.done.compareAndSet(false, true)) {
			this.client.getConnectionStateListenable().removeListener(this);
		}
	}

}
