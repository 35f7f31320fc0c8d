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

import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockPathResolver;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;

/**
 * Checks that a client may do what locking needs under the parent of the lock paths (the root
 * path): the root is created if missing, as a persistent node with the client's ACL, and a probe
 * node is created under it and deleted, which needs {@code CREATE} and {@code DELETE} there. A
 * persistent root stays when no lock is held: a container would be removed by the server once
 * empty, and anybody could then create it again with an ACL of their own.
 */
final class AccessCheck {

	/** The key whose lock path's parent is the root path. */
	private static final String PROBE_KEY = "access-check";

	private AccessCheck() {
	}

	static void verify(CuratorFramework client, LockPathResolver pathResolver) {
		String root = ZKPaths.getPathAndNode(pathResolver.resolve(PROBE_KEY)).getPath();
		String step = "create the root path";
		try {
			if (client.checkExists().forPath(root) == null) {
				try {
					client.create().creatingParentsIfNeeded().withMode(CreateMode.PERSISTENT).forPath(root);
				}
				catch (KeeperException.NodeExistsException createdMeanwhile) {
					// by another process: its ACL is checked below
				}
			}
			step = "create a node under";
			String probe = client.create()
				.withProtection()
				.withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
				.forPath(ZKPaths.makePath(root, PROBE_KEY + "-"));
			step = "delete a node under";
			client.delete().guaranteed().forPath(probe);
		}
		catch (KeeperException.NoAuthException | KeeperException.InvalidACLException ex) {
			throw new LockBackendException("ZooKeeper at '" + connectString(client) + "' did not let this client "
					+ step + " '" + root + "' (" + ex.code() + "): the ACL of '" + root + "' or of its parent does not "
					+ "grant the client's identity CREATE and DELETE, the client is not authenticated as the identity "
					+ "it grants them to, or the client's ACL names no identity it has", ex);
		}
		catch (Exception ex) {
			if (ex instanceof InterruptedException) {
				Thread.currentThread().interrupt();
			}
			throw new LockBackendException("Could not check access to '" + root + "' on ZooKeeper at '"
					+ connectString(client) + "': " + ex, ex);
		}
	}

	private static String connectString(CuratorFramework client) {
		return client.getZookeeperClient().getCurrentConnectionString();
	}

}
