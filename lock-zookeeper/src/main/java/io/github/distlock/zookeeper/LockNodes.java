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

import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Reads of lock nodes shared by the recipes.
 */
final class LockNodes {

	private LockNodes() {
	}

	/**
	 * Reads a node's creation zxid (one {@code exists} round trip).
	 * @param client the client
	 * @param nodePath the node
	 * @return the czxid
	 * @throws KeeperException.NoNodeException if the node is gone
	 * @throws Exception from Curator
	 */
	static long czxid(CuratorFramework client, String nodePath) throws Exception {
		Stat stat = client.checkExists().forPath(nodePath);
		if (stat == null) {
			throw new KeeperException.NoNodeException(nodePath);
		}
		return stat.getCzxid();
	}

}
