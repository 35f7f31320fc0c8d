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
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.framework.imps.ProtectedUtils;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;

/**
 * Finds and deletes, in the background, the node that a create without an answer may have
 * made: its name carries a protected id. Until it is found, the node would hold its place in
 * the lock's queue, and block the lock for every process, for as long as its session lives.
 * So the search is made again each time it fails to reach ZooKeeper (Curator's retries make
 * each attempt wait for the connection), and stops once the lock path is read or the session
 * that may own the node has ended.
 */
final class UnansweredCreateCleanup implements BackgroundCallback {

	private static final Log logger = LogFactory.getLog(UnansweredCreateCleanup.class);

	private final CuratorFramework client;

	private final String lockPath;

	private final String protectedPrefix;

	private final long sessionId;

	private UnansweredCreateCleanup(CuratorFramework client, String lockPath, String protectedId, long sessionId) {
		this.client = client;
		this.lockPath = lockPath;
		this.protectedPrefix = ProtectedUtils.getProtectedPrefix(protectedId);
		this.sessionId = sessionId;
	}

	/**
	 * Starts the search.
	 * @param client the client that sent the create
	 * @param lockPath the path the node may have been created under
	 * @param protectedId the protected id in the node's name
	 * @param sessionId the session that sent the create
	 */
	static void start(CuratorFramework client, String lockPath, String protectedId, long sessionId) {
		new UnansweredCreateCleanup(client, lockPath, protectedId, sessionId).search();
	}

	private void search() {
		try {
			this.client.getChildren().inBackground(this).forPath(this.lockPath);
		}
		catch (Exception ex) {
			logger.warn("Could not look for the lock node under " + this.lockPath + " whose create got no answer; "
					+ "if it was created, it stays until its session ends", ex);
		}
	}

	@Override
	public void processResult(CuratorFramework client, CuratorEvent event) throws Exception {
		int result = event.getResultCode();
		if (result == KeeperException.Code.OK.intValue()) {
			for (String child : event.getChildren()) {
				if (child.startsWith(this.protectedPrefix)) {
					client.delete().guaranteed().inBackground().forPath(ZKPaths.makePath(this.lockPath, child));
				}
			}
		}
		else if (result != KeeperException.Code.NONODE.intValue() && sessionMayOwnTheNode()) {
			search();
		}
	}

	private boolean sessionMayOwnTheNode() {
		if (this.client.getState() != CuratorFrameworkState.STARTED) {
			return false;
		}
		try {
			return this.client.getZookeeperClient().getZooKeeper().getSessionId() == this.sessionId;
		}
		catch (Exception ex) {
			// the client reports an error of its own: the connection is not settled, look again
			return true;
		}
	}

}
