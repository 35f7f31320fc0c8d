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
import org.apache.curator.framework.api.BackgroundCallback;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.Watcher.WatcherType;
import org.apache.zookeeper.data.Stat;

/**
 * Reads, deletes and watcher removals of lock nodes shared by the recipes.
 */
final class LockNodes {

	private static final Log logger = LogFactory.getLog(LockNodes.class);

	/**
	 * Tells of a delete that failed for good: a lost connection is retried by Curator
	 * (the delete is guaranteed) and an ended session took the node with it. On the client's
	 * event thread: it only logs.
	 */
	private static final BackgroundCallback DELETED = (client, event) -> {
		KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
		if (code != KeeperException.Code.OK && code != KeeperException.Code.NONODE
				&& code != KeeperException.Code.CONNECTIONLOSS && code != KeeperException.Code.SESSIONEXPIRED) {
			logger.warn("Could not delete lock node " + event.getPath() + " (" + code
					+ "); it goes when its session ends");
		}
	};

	private LockNodes() {
	}

	/**
	 * Sends a node's delete, without waiting for its answer: in the session's order while
	 * connected, and once the connection is back otherwise (a guaranteed delete is retried by
	 * Curator until it is done, and the session's end takes the node anyway).
	 * @param client the client
	 * @param nodePath the node
	 * @throws Exception if Curator refuses to send it (its client is closed)
	 */
	static void sendDelete(CuratorFramework client, String nodePath) throws Exception {
		client.delete().guaranteed().inBackground(DELETED).forPath(nodePath);
	}

	/**
	 * Deletes a node given up on without blocking the caller (who may be past its wait time,
	 * interrupted, or cut off from ZooKeeper); Curator retries a guaranteed delete until it is
	 * done.
	 * @param client the client
	 * @param nodePath the node
	 */
	static void deleteQuietly(CuratorFramework client, String nodePath) {
		try {
			sendDelete(client, nodePath);
		}
		catch (Exception ex) {
			// guaranteed: Curator retries it in the background
		}
	}

	/**
	 * Removes a watcher in ZooKeeper, not only locally: a local removal that fails with the
	 * connection queues a watch-removed event in the state {@code Disconnected}, and ZooKeeper's
	 * client then drops the disconnection's own event as a repeat, so that Curator never reports
	 * the connection suspended and held locks would stay {@code HELD}. A watcher gone already is
	 * no error.
	 * <p>
	 * The removal is not guaranteed (Curator's guaranteed removal puts the namespace in front of
	 * the path a second time when it sends the removal again, and logs an error at each attempt
	 * while the connection is down). A removal sent during an outage may therefore be dropped once
	 * Curator's retries are spent, and ZooKeeper's client sets the watch again on reconnecting:
	 * the watch then goes when the node changes, firing once at a watcher that no longer waits.
	 * @param client the client
	 * @param path the watched node
	 * @param watcher the watcher
	 */
	static void removeWatcher(CuratorFramework client, String path, Watcher watcher) {
		try {
			client.watchers().remove(watcher).ofType(WatcherType.Data).quietly().inBackground().forPath(path);
		}
		catch (Exception ex) {
			// it goes when the node changes
		}
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
