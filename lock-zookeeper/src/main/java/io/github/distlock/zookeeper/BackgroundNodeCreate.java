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

import java.util.List;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * Creates one contender's node as {@link LockNodeCreator} does, in the same requests and with
 * the same names, but with every request in background mode: nothing waits for ZooKeeper, and
 * the answer comes to a callback on Curator's or ZooKeeper's event thread. A lock path not known
 * to exist is tried first as a new one, in one transaction; a known one, or one the transaction
 * finds existing, with Curator's protected create; a lock path deleted meanwhile is made again.
 * <p>
 * A create whose answer is lost with the connection is found again or deleted as the blocking
 * create's is: Curator's protected create, in background mode too, looks for its node before it
 * sends the create again and deletes it in the background once its retries are spent; a
 * transaction without an answer is sent once, and its node searched and deleted by
 * {@link UnansweredCreateCleanup}. Curator looks for a protected node with a synchronous read on
 * its own thread of background operations; nothing of ours waits there.
 * <p>
 * A create is not sent again (after an unanswered transaction, or a lock path found gone) once
 * its acquisition ended, cancelled or past its deadline: it would only queue a node to delete.
 */
final class BackgroundNodeCreate {

	private final CuratorFramework client;

	private final KnownLockPaths knownPaths;

	private final String lockPath;

	private final String path;

	private final BooleanSupplier ended;

	private final Callback callback;

	private volatile boolean transactionSent;

	private volatile boolean createSent;

	private BackgroundNodeCreate(CuratorFramework client, KnownLockPaths knownPaths, String path,
			BooleanSupplier ended, Callback callback) {
		this.client = client;
		this.knownPaths = knownPaths;
		this.lockPath = ZKPaths.getPathAndNode(path).getPath();
		this.path = path;
		this.ended = ended;
		this.callback = callback;
	}

	/**
	 * Starts creating a contender's node, with the client's default data, and its lock path if that
	 * is missing.
	 * @param client the client
	 * @param creator the creator of the blocking path, whose lock paths this shares
	 * @param path the node's path before its protected prefix and sequence number
	 * @param ended whether the acquisition that wants the node ended; asked before a create is
	 * sent again
	 * @param callback told of the node or of the failure, once
	 */
	static void start(CuratorFramework client, LockNodeCreator creator, String path, BooleanSupplier ended,
			Callback callback) {
		creator.sendDeferredDeletes();
		BackgroundNodeCreate create = new BackgroundNodeCreate(client, creator.knownPaths(), path, ended, callback);
		if (create.knownPaths.contains(create.lockPath)) {
			create.createInLockPath(false);
		}
		else {
			create.createWithLockPath();
		}
	}

	/**
	 * Sends the transaction that creates the lock path with the node, once, straight to ZooKeeper
	 * (Curator would retry it, and a retry refused would hide whether the first one was applied).
	 */
	private void createWithLockPath() {
		this.transactionSent = true;
		if (!this.client.getZookeeperClient().isConnected()) {
			afterTransaction();
			return;
		}
		String protectedId = UUID.randomUUID().toString();
		try {
			ZooKeeper zookeeper = this.client.getZookeeperClient().getZooKeeper();
			long sessionId = zookeeper.getSessionId();
			zookeeper.multi(LockNodeCreator.newLockPathTransaction(this.client, this.lockPath, this.path, protectedId,
					null), (rc, path, context, results) -> transactionAnswered(rc, results, protectedId, sessionId),
					null);
		}
		catch (Exception ex) {
			// not sent: the plain create waits for the connection
			afterTransaction();
		}
	}

	private void transactionAnswered(int rc, @Nullable List<OpResult> results, String protectedId, long sessionId) {
		if (rc == KeeperException.Code.OK.intValue() && results != null) {
			this.knownPaths.add(this.lockPath);
			this.callback.created(LockNodeCreator.createdWithLockPath(this.lockPath, results), sessionId, null);
			return;
		}
		if (results == null) {
			// no answer (the connection dropped): it may have been applied
			UnansweredCreateCleanup.start(this.client, this.lockPath, protectedId, sessionId);
		}
		afterTransaction();
	}

	private void afterTransaction() {
		if (!abandoned()) {
			createInLockPath(this.createSent);
		}
	}

	/**
	 * Whether the acquisition ended, so that no create is to be sent again; if so, the callback
	 * is told.
	 */
	private boolean abandoned() {
		if (!this.ended.getAsBoolean()) {
			return false;
		}
		this.callback.created(null, 0, new CancellationException(
				"The create of a lock node in " + this.lockPath + " was not sent again: its acquisition ended"));
		return true;
	}

	/**
	 * Sends Curator's protected create, which retries over a lost connection as its retry policy
	 * allows; the answer's {@link Stat} gives the node's creation zxid and session, unless the
	 * node was found again after a lost answer.
	 */
	private void createInLockPath(boolean makeParents) {
		this.createSent = true;
		try {
			var create = makeParents ? this.client.create().creatingParentContainersIfNeeded().withProtection()
					: this.client.create().withProtection();
			create.withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
				.inBackground((client, event) -> created(event, makeParents))
				.forPath(this.path);
		}
		catch (Exception ex) {
			this.callback.created(null, 0, ex);
		}
	}

	private void created(CuratorEvent event, boolean madeParents) {
		KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
		if (code == KeeperException.Code.OK && event.getName() == null) {
			// as LockNodeCreator: a protected create that ends with no path made no node known to be ours
			this.callback.created(null, 0, new KeeperException.ConnectionLossException());
		}
		else if (code == KeeperException.Code.OK) {
			this.knownPaths.add(this.lockPath);
			Stat stat = event.getStat();
			this.callback.created(new LockNodeCreator.CreatedNode(event.getName(), (stat != null) ? stat.getCzxid() : 0,
					false), (stat != null) ? stat.getEphemeralOwner() : 0, null);
		}
		else if (code == KeeperException.Code.NONODE && !madeParents) {
			// the lock path is gone (a container is deleted once empty)
			this.knownPaths.remove(this.lockPath);
			if (abandoned()) {
				return;
			}
			if (this.transactionSent) {
				createInLockPath(true);
			}
			else {
				createWithLockPath();
			}
		}
		else {
			this.callback.created(null, 0, KeeperException.create(code, this.path));
		}
	}

	/**
	 * What a {@link BackgroundNodeCreate} tells, once, on Curator's or ZooKeeper's event thread
	 * (or on the caller's, if the request could not be sent): it must not block.
	 */
	@FunctionalInterface
	interface Callback {

		/**
		 * @param node the node created, or {@code null} on failure
		 * @param sessionId the session that owns the node; {@code 0} when unknown (the node was
		 * found again after its create's answer was lost, and its stat is to be read)
		 * @param failure the failure, or {@code null}
		 */
		void created(LockNodeCreator.@Nullable CreatedNode node, long sessionId, @Nullable Exception failure);

	}

}
