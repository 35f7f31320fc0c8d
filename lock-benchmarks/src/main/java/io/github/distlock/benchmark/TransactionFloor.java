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

package io.github.distlock.benchmark;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

/**
 * The least ZooKeeper itself asks of the starter's MUTEX cycle, without Curator or the engine:
 * on a lock path not known yet, the transaction the starter sends (the lock path as a
 * container, the contender's EPHEMERAL_SEQUENTIAL node, a write to the lock path), on a known
 * one the node's create alone; the critical section; the node's delete sent without waiting
 * for its answer. Not a lock: no contender waits for another.
 */
final class TransactionFloor implements Contender {

	private static final byte[] NO_DATA = new byte[0];

	private static final AsyncCallback.VoidCallback IGNORED = (rc, path, ctx) -> {
	};

	private final CuratorFramework raw;

	private final Set<String> knownPaths = ConcurrentHashMap.newKeySet();

	TransactionFloor(CuratorFramework raw) {
		this.raw = raw;
	}

	@Override
	public void cycle(String key, Runnable criticalSection) throws Exception {
		ZooKeeper zookeeper = this.raw.getZookeeperClient().getZooKeeper();
		String lockPath = LockClients.path(Implementation.TRANSACTION_FLOOR, key);
		String node = null;
		if (this.knownPaths.contains(lockPath)) {
			try {
				node = zookeeper.create(lockPath + "/n-", NO_DATA, ZooDefs.Ids.OPEN_ACL_UNSAFE,
						CreateMode.EPHEMERAL_SEQUENTIAL);
			}
			catch (KeeperException.NoNodeException reaped) {
				this.knownPaths.remove(lockPath);
			}
		}
		if (node == null) {
			node = createWithLockPath(zookeeper, lockPath);
			this.knownPaths.add(lockPath);
		}
		criticalSection.run();
		zookeeper.delete(node, -1, IGNORED, null);
	}

	private String createWithLockPath(ZooKeeper zookeeper, String lockPath) throws Exception {
		try {
			List<OpResult> results = zookeeper.multi(List.of(
					Op.create(lockPath, NO_DATA, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.CONTAINER),
					Op.create(lockPath + "/n-", NO_DATA, ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL_SEQUENTIAL),
					Op.setData(lockPath, NO_DATA, -1)));
			return ((OpResult.CreateResult) results.get(1)).getPath();
		}
		catch (KeeperException.NoNodeException parentMissing) {
			this.raw.create().creatingParentsIfNeeded().forPath(ZKPaths.getPathAndNode(lockPath).getPath());
			return createWithLockPath(zookeeper, lockPath);
		}
		catch (KeeperException.NodeExistsException createdElsewhere) {
			return zookeeper.create(lockPath + "/n-", NO_DATA, ZooDefs.Ids.OPEN_ACL_UNSAFE,
					CreateMode.EPHEMERAL_SEQUENTIAL);
		}
	}

	/** Forgets the lock paths it knows, which a new-key-each-cycle run piles up. */
	void forget() {
		this.knownPaths.clear();
	}

}
