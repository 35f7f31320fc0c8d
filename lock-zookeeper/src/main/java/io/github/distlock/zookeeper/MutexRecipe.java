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

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.spi.FencingTokens;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.LockInternals;
import org.apache.curator.framework.recipes.locks.StandardLockInternalsDriver;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.jspecify.annotations.Nullable;

/**
 * {@link LockType#MUTEX} with the protocol of Curator's {@code InterProcessMutex}, so that it
 * interoperates with processes using {@code InterProcessMutex} on the same path: an ephemeral
 * sequential {@code _c_<uuid>-lock-} node per contender, each contender watching only its
 * predecessor, the first node holding the lock.
 * <p>
 * Unlike {@code InterProcessMutex}, a node is not bound to a thread and the recipe keeps no
 * state between calls: each acquisition creates a node of its own and the release deletes the
 * node it is given. Re-entry, the local queue and the hand-off of a held node to the next thread
 * of this JVM are the engine's ({@link ZooKeeperHeldLock#handOff()}). The fencing token is the
 * node's creation zxid by {@link FencingTokens}, returned by the create itself.
 * <p>
 * A release sends its delete and returns; the delete of the first node of a lock path this
 * process just made waits at most {@link DeferredDeletes#BOUND} for the next new lock path's
 * transaction of this session to carry it. ZooKeeper applies the requests of a session in the
 * order they were sent (and a held-back delete is sent before any other create), so this
 * process's next request on the lock path (a create of the next acquisition) comes after the
 * delete, and an uncontended acquisition and release cost the caller one round trip in all.
 * <p>
 * {@link AsyncNodeAcquisition} follows the same protocol with no thread waiting, through this
 * recipe's node path, queue order and cleanups.
 */
final class MutexRecipe implements CuratorLockRecipe, NodeQueue {

	private static final String LOCK_NAME = "lock-";

	private static final StandardLockInternalsDriver SORTER = new StandardLockInternalsDriver();

	private final CuratorFramework client;

	private final String basePath;

	private final LockNodeCreator creator;

	MutexRecipe(CuratorFramework client, String basePath, LockNodeCreator creator) {
		this.client = client;
		this.basePath = basePath;
		this.creator = creator;
	}

	/**
	 * Creates a node and waits until it is the first of the lock path; a node given up on is
	 * deleted in the background.
	 * @return the node, or {@code null} if the wait elapsed first
	 */
	@Override
	public @Nullable HeldNode acquire(LockType type, long waitNanos) throws Exception {
		long deadline = System.nanoTime() + waitNanos;
		LockNodeCreator.CreatedNode created = this.creator.create(this.client, nodePath(), null);
		String ourPath = created.path();
		boolean acquired = false;
		try {
			long czxid = (created.czxid() != 0) ? created.czxid() : LockNodes.czxid(this.client, ourPath);
			acquired = created.firstInNewLockPath() || awaitTurn(ourPath, deadline);
			return acquired ? new HeldNode(ourPath, FencingTokens.of(czxid, 0), null) : null;
		}
		finally {
			if (!acquired) {
				deleteQuietly(ourPath);
			}
		}
	}

	/**
	 * Waits until our node is the first of the lock path, each time watching only its
	 * predecessor. A lost connection does not end the wait: our node lives as long as its
	 * session, so the wait goes on once the connection is back, within the wait time (if the
	 * session ended, the node is gone and the caller queues again).
	 * @return {@code false} if the deadline passed first
	 */
	private boolean awaitTurn(String ourPath, long deadline) throws Exception {
		String ourName = ZKPaths.getNodeFromPath(ourPath);
		while (true) {
			try {
				List<String> children = LockInternals.getSortedChildren(this.client, this.basePath, LOCK_NAME,
						SORTER);
				int index = children.indexOf(ourName);
				if (index < 0) {
					throw new KeeperException.NoNodeException("Lock node " + ourPath + " is gone (session lost?)");
				}
				if (index == 0) {
					return true;
				}
				if (!awaitPredecessor(ZKPaths.makePath(this.basePath, children.get(index - 1)), deadline)) {
					return false;
				}
			}
			catch (KeeperException.ConnectionLossException ex) {
				long remaining = deadline - System.nanoTime();
				if (remaining <= 0 || !this.client.blockUntilConnected(
						(int) Math.min(Integer.MAX_VALUE, Math.max(1, remaining / 1_000_000)), TimeUnit.MILLISECONDS)) {
					throw ex;
				}
			}
		}
	}

	/**
	 * Waits until the predecessor's node changes or the deadline passes. Each wait has its own
	 * watcher, which only opens a latch: it runs on the client's event thread, which must never
	 * wait for a lock that a thread in a ZooKeeper call may hold. A wait that gives up removes
	 * its watcher, so that repeated attempts on a key held elsewhere do not pile watchers up.
	 * @return {@code false} if the deadline passed
	 */
	private boolean awaitPredecessor(String predecessor, long deadline) throws Exception {
		CountDownLatch changed = new CountDownLatch(1);
		Watcher watcher = (event) -> changed.countDown();
		try {
			// getData, as Curator does: an exists watch would stay behind on a missing node
			this.client.getData().usingWatcher(watcher).forPath(predecessor);
		}
		catch (KeeperException.NoNodeException gone) {
			return true;
		}
		long remaining = deadline - System.nanoTime();
		if (remaining > 0 && changed.await(remaining, TimeUnit.NANOSECONDS)) {
			return true;
		}
		removeWatcher(predecessor, watcher);
		return false;
	}

	@Override
	public void removeWatcher(String path, Watcher watcher) {
		LockNodes.removeWatcher(this.client, path, watcher);
	}

	/**
	 * Sends the node's delete, without waiting for its answer ({@link LockNodes#sendDelete}), or
	 * holds it back for the next new lock path's transaction when the node was the first of a
	 * lock path this process just made ({@link LockNodeCreator#deferDeleteOfFreshNode}).
	 */
	@Override
	public void release(LockType type, HeldNode node) throws Exception {
		if (!this.creator.deferDeleteOfFreshNode(node.nodePath())) {
			LockNodes.sendDelete(this.client, node.nodePath());
		}
	}

	@Override
	public boolean releasesInBackground() {
		return true;
	}

	/**
	 * Deletes a node we gave up on without blocking the caller (who may be past its wait time,
	 * interrupted, or cut off from ZooKeeper); Curator retries a guaranteed delete until it is done.
	 */
	@Override
	public void deleteQuietly(String path) {
		LockNodes.deleteQuietly(this.client, path);
	}

	@Override
	public String nodePath() {
		return ZKPaths.makePath(this.basePath, LOCK_NAME);
	}

	@Override
	public String basePath() {
		return this.basePath;
	}

	@Override
	public LockNodeCreator creator() {
		return this.creator;
	}

	/**
	 * The children of the lock path in the queue's order, as {@code InterProcessMutex} sorts them.
	 */
	@Override
	public List<String> inQueueOrder(List<String> children) {
		return LockInternals.getSortedChildren(LOCK_NAME, SORTER, children);
	}

	/** The node just before ours: each contender waits for its predecessor only. */
	@Override
	public @Nullable String blocker(List<String> queue, int index) {
		return (index == 0) ? null : queue.get(index - 1);
	}

	@Override
	public Collection<String> participantNodes() throws Exception {
		return LockInternals.getParticipantNodes(this.client, this.basePath, LOCK_NAME, SORTER);
	}

}
