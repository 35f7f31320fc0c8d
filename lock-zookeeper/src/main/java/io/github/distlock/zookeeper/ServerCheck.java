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

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.zookeeper.KeeperException;
import org.jspecify.annotations.Nullable;

/**
 * Checks once that the server supports container nodes, which lock paths are made of: a
 * ZooKeeper 3.5 or later server has a {@value #CONFIG_NODE} node, read with {@code getConfig},
 * which looks past a chroot in the connect string.
 */
final class ServerCheck {

	private static final Log logger = LogFactory.getLog(ServerCheck.class);

	private static final String CONFIG_NODE = "/zookeeper/config";

	private final CuratorFramework client;

	private volatile boolean checked;

	private volatile @Nullable String unsupported;

	ServerCheck(CuratorFramework client) {
		this.client = client;
	}

	/**
	 * Checks now, if the client is connected; otherwise once it connects.
	 * @throws IllegalStateException if the server is older than 3.5
	 */
	void verify() {
		if (!this.client.getZookeeperClient().isConnected()) {
			logger.warn("Not connected to ZooKeeper at '" + connectString()
					+ "': its version is checked once it connects");
			return;
		}
		try {
			this.client.getConfig().forEnsemble();
			this.checked = true;
		}
		catch (KeeperException.NoNodeException ex) {
			refuse();
		}
		catch (Exception ex) {
			logger.warn("Could not check the version of ZooKeeper at '" + connectString() + "': " + ex);
		}
		String reason = this.unsupported;
		if (reason != null) {
			throw new IllegalStateException(reason);
		}
	}

	/**
	 * Checks in the background unless already done: called on Curator's event thread, which
	 * must not wait for ZooKeeper.
	 */
	void checkInBackground() {
		if (this.checked) {
			return;
		}
		try {
			this.client.getConfig().inBackground((client, event) -> checked(event)).forEnsemble();
		}
		catch (Exception ex) {
			logger.warn("Could not check the version of ZooKeeper at '" + connectString() + "': " + ex);
		}
	}

	private void checked(CuratorEvent event) {
		int result = event.getResultCode();
		if (result == KeeperException.Code.OK.intValue()) {
			this.checked = true;
		}
		else if (result == KeeperException.Code.NONODE.intValue()) {
			refuse();
			logger.error(this.unsupported + "; every lock fails until the application uses a newer server");
		}
		// otherwise the next connection event checks again
	}

	private void refuse() {
		this.unsupported = "ZooKeeper at '" + connectString() + "' has no " + CONFIG_NODE
				+ " node: it is older than 3.5, which distributed locks require for container nodes";
		this.checked = true;
	}

	/**
	 * Why the server cannot serve locks.
	 * @return the reason, or {@code null} while none is known
	 */
	@Nullable String unsupported() {
		return this.unsupported;
	}

	private String connectString() {
		return this.client.getZookeeperClient().getCurrentConnectionString();
	}

}
