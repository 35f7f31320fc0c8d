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

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.TransactionOp;
import org.apache.curator.framework.imps.ProtectedUtils;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * Creates a contender's node: ephemeral, sequential, with Curator's protected prefix
 * ({@code _c_<uuid>-}) so that a create whose answer is lost with the connection can be found
 * again or removed. The lock path (a container) is created when missing, in as few requests as
 * ZooKeeper allows:
 * <ul>
 * <li>a lock path this process saw lately ({@link KnownLockPaths}): one create, whose
 * {@link Stat} gives the node's creation zxid;</li>
 * <li>any other: one transaction that creates the container, creates the node in it and sets
 * the container's data, whose result gives the transaction's zxid, which is the node's creation
 * zxid. The node is then the first child of a new container and holds the lock without reading
 * the children. If the lock path exists after all, the transaction is refused as a whole and
 * the plain create follows.</li>
 * </ul>
 * Curator's {@code creatingParentContainersIfNeeded} takes five requests for a new lock path
 * (the failed create, an {@code exists} per level, the container, the create again) and the lock
 * recipe reads the children and the token afterwards; this takes one, and the first lock under
 * a root path that does not exist yet falls back to it.
 * <p>
 * The transaction of a new lock path also carries the deletes of the {@code MUTEX} nodes this
 * session released just before, if each was itself the first node of a lock path this process
 * had just made ({@link DeferredDeletes}): a key used once, which nobody else is likely to wait
 * for. Any other create sends them first; the release of any other node sends its delete at once.
 */
final class LockNodeCreator {

	private static final byte[] NO_DATA = new byte[0];

	private final KnownLockPaths knownPaths;

	/** How many first nodes of new lock paths are remembered until their release. */
	private static final int FRESH_NODES = 4096;

	private final DeferredDeletes deferredDeletes;

	/** The first nodes of the lock paths this process made, until they are released. */
	private final Set<String> freshNodes = ConcurrentHashMap.newKeySet();

	LockNodeCreator(KnownLockPaths knownPaths, DeferredDeletes deferredDeletes) {
		this.knownPaths = knownPaths;
		this.deferredDeletes = deferredDeletes;
	}

	/**
	 * Holds back the delete of a released node that was the first of a lock path this process
	 * made, for the next new lock path's transaction of this session or at most
	 * {@link DeferredDeletes#BOUND}.
	 * @param nodePath the node
	 * @return whether it was such a node; the caller deletes any other at once
	 */
	boolean deferDeleteOfFreshNode(String nodePath) {
		if (!this.freshNodes.remove(nodePath)) {
			return false;
		}
		this.deferredDeletes.add(nodePath);
		return true;
	}

	/**
	 * Sends the deletes held back, before a request that must come after them.
	 */
	void sendDeferredDeletes() {
		this.deferredDeletes.sendNow();
	}

	/**
	 * Creates a contender's node, and its lock path if that is missing.
	 * @param client the client
	 * @param path the node's path before its protected prefix and sequence number
	 * @param data the node's data, or {@code null} for the client's default data
	 * @return the node created
	 * @throws Exception from Curator
	 */
	CreatedNode create(CuratorFramework client, String path, byte @Nullable [] data) throws Exception {
		String lockPath = ZKPaths.getPathAndNode(path).getPath();
		boolean triedNewPath = false;
		if (!this.knownPaths.contains(lockPath)) {
			CreatedNode created = createWithLockPath(client, lockPath, path, data, this.deferredDeletes.take());
			if (created != null) {
				this.knownPaths.add(lockPath);
				remember(created.path());
				return created;
			}
			triedNewPath = true;
		}
		this.deferredDeletes.sendNow();
		try {
			CreatedNode created = createInLockPath(client, path, data, false);
			this.knownPaths.add(lockPath);
			return created;
		}
		catch (KeeperException.NoNodeException lockPathGone) {
			this.knownPaths.remove(lockPath);
		}
		CreatedNode created = triedNewPath ? null : createWithLockPath(client, lockPath, path, data, List.of());
		if (created == null) {
			created = createInLockPath(client, path, data, true);
		}
		this.knownPaths.add(lockPath);
		return created;
	}

	private void remember(String freshNode) {
		if (this.freshNodes.size() >= FRESH_NODES) {
			// nodes of ended sessions, never released: forgotten, their deletes are sent at once
			this.freshNodes.clear();
		}
		this.freshNodes.add(freshNode);
	}

	private static CreatedNode createInLockPath(CuratorFramework client, String path, byte @Nullable [] data,
			boolean makeParents) throws Exception {
		Stat stat = new Stat();
		var builder = client.create().storingStatIn(stat);
		var create = (makeParents ? builder.creatingParentContainersIfNeeded() : builder).withProtection()
			.withMode(CreateMode.EPHEMERAL_SEQUENTIAL);
		String ourPath = (data != null) ? create.forPath(path, data) : create.forPath(path);
		if (ourPath == null) {
			// Curator's protected create, retried after a lost connection, may end with no path (seen
			// in the fault campaign, a session that changed during the retries): no node is known to
			// be ours; the caller queues again, and the stray sweep takes a node of ours left behind
			throw new KeeperException.ConnectionLossException();
		}
		return new CreatedNode(ourPath, stat.getCzxid(), false);
	}

	/**
	 * Creates the lock path and the node in one transaction, sent once (without Curator's
	 * retries, so that a refusal is known to have created nothing), with the deletes of released
	 * nodes in front; those are sent on their own when the transaction is not applied, and the
	 * transaction again without them when one of them refused it (its node gone already).
	 * @return the node, or {@code null} when the transaction did not create it
	 */
	private static @Nullable CreatedNode createWithLockPath(CuratorFramework client, String lockPath, String path,
			byte @Nullable [] data, List<String> deletes) throws Exception {
		if (!client.getZookeeperClient().isConnected()) {
			DeferredDeletes.send(client, deletes);
			return null;
		}
		String protectedId = UUID.randomUUID().toString();
		List<Op> transaction = newLockPathTransaction(client, lockPath, path, protectedId, data, deletes);
		ZooKeeper zookeeper = client.getZookeeperClient().getZooKeeper();
		List<OpResult> results;
		try {
			results = zookeeper.multi(transaction);
		}
		catch (KeeperException ex) {
			DeferredDeletes.send(client, deletes);
			if (ex.getResults() == null) {
				// no answer (the connection dropped): it may have been applied
				UnansweredCreateCleanup.start(client, lockPath, protectedId, zookeeper.getSessionId());
				return null;
			}
			if (failedAt(ex.getResults()) < deletes.size()) {
				return createWithLockPath(client, lockPath, path, data, List.of());
			}
			return null;
		}
		catch (InterruptedException ex) {
			DeferredDeletes.send(client, deletes);
			UnansweredCreateCleanup.start(client, lockPath, protectedId, zookeeper.getSessionId());
			throw ex;
		}
		return createdWithLockPath(lockPath, results, deletes.size());
	}

	/**
	 * The operation that refused a transaction: ZooKeeper answers those before it {@code OK},
	 * those after it {@code RUNTIMEINCONSISTENCY}.
	 */
	private static int failedAt(List<OpResult> results) {
		for (int i = 0; i < results.size(); i++) {
			if (results.get(i) instanceof OpResult.ErrorResult error && error.getErr() != KeeperException.Code.OK.intValue()
					&& error.getErr() != KeeperException.Code.RUNTIMEINCONSISTENCY.intValue()) {
				return i;
			}
		}
		return results.size();
	}

	/**
	 * The transaction that creates a lock path and a contender's node in it, and sets the lock
	 * path's data, whose zxid is the node's creation zxid.
	 * @param client the client, whose namespace, ACL provider and compression the operations apply
	 * @param lockPath the lock path
	 * @param path the node's path before its protected prefix and sequence number
	 * @param protectedId the id of the node's protected prefix
	 * @param data the node's data, or {@code null} for the client's default data
	 * @return the operations
	 * @throws Exception from Curator
	 */
	static List<Op> newLockPathTransaction(CuratorFramework client, String lockPath, String path,
			String protectedId, byte @Nullable [] data) throws Exception {
		return newLockPathTransaction(client, lockPath, path, protectedId, data, List.of());
	}

	/**
	 * The transaction of {@link #newLockPathTransaction(CuratorFramework, String, String, String, byte[])}
	 * with the deletes of released nodes in front.
	 */
	private static List<Op> newLockPathTransaction(CuratorFramework client, String lockPath, String path,
			String protectedId, byte @Nullable [] data, List<String> deletes) throws Exception {
		String ourPath = ProtectedUtils.toProtectedZNodePath(path, protectedId);
		TransactionOp operations = client.transactionOp();
		List<Op> transaction = new ArrayList<>(deletes.size() + 3);
		for (String node : deletes) {
			transaction.add(operations.delete().forPath(node).get());
		}
		var createNode = operations.create().withMode(CreateMode.EPHEMERAL_SEQUENTIAL);
		transaction.add(operations.create().withMode(CreateMode.CONTAINER).forPath(lockPath, NO_DATA).get());
		transaction.add(((data != null) ? createNode.forPath(ourPath, data) : createNode.forPath(ourPath)).get());
		transaction.add(operations.setData().forPath(lockPath, NO_DATA).get());
		return transaction;
	}

	/**
	 * The node that a {@link #newLockPathTransaction} created.
	 * @param lockPath the lock path
	 * @param results the transaction's results
	 * @return the node, the first of its lock path
	 */
	static CreatedNode createdWithLockPath(String lockPath, List<OpResult> results) {
		return createdWithLockPath(lockPath, results, 0);
	}

	private static CreatedNode createdWithLockPath(String lockPath, List<OpResult> results, int deletes) {
		// the result's path is the server's, with the client's namespace and the connect
		// string's chroot in front (ZooKeeper strips the chroot from a create, not from a multi)
		String createdName = ZKPaths.getNodeFromPath(((OpResult.CreateResult) results.get(deletes + 1)).getPath());
		Stat lockPathStat = ((OpResult.SetDataResult) results.get(deletes + 2)).getStat();
		return new CreatedNode(ZKPaths.makePath(lockPath, createdName), lockPathStat.getMzxid(), true);
	}

	/**
	 * The lock paths this process saw lately, which the creates of
	 * {@link BackgroundNodeCreate} share.
	 * @return the known lock paths
	 */
	KnownLockPaths knownPaths() {
		return this.knownPaths;
	}

	/**
	 * A contender's node just created.
	 *
	 * @param path its path
	 * @param czxid its creation zxid, or {@code 0} when unknown
	 * @param firstInNewLockPath whether it was created with its lock path, in one transaction: it
	 * is then the lowest sequence number of the path, and so holds the lock
	 */
	record CreatedNode(String path, long czxid, boolean firstInNewLockPath) {
	}

}
