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
import java.util.Set;

import io.github.distlock.core.spi.ContenderWatch;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.jspecify.annotations.Nullable;

/**
 * A watch on the queue of a held {@code MUTEX} node ({@link MutexRecipe}): the children of its
 * lock path, read in the background with a child watcher, and read again each time they change.
 * Any child but the held node is another contender, whatever it is: a node of another session,
 * of another registry of this process, or of an {@code InterProcessMutex}. Only the children
 * matter: the data of the held node (the owner, a revocation marker) does not.
 * <p>
 * On the safe side, a read that fails (connection lost past Curator's retries, lock path gone),
 * a read that no longer finds the held node, and an event that ends the watch (session expired,
 * client closed) count as a contender too. The reads and the callback run on the client's event
 * thread, which is never blocked here.
 */
final class MutexQueueWatch implements Watcher, ContenderWatch {

	private static final Log logger = LogFactory.getLog(MutexQueueWatch.class);

	private final CuratorFramework client;

	private final String lockPath;

	private final String nodeName;

	private final Runnable onContender;

	/** The open watches of the node, which its release ends; this one removes itself when closed. */
	private final Set<MutexQueueWatch> openWatches;

	private volatile boolean closed;

	/** A read found the held node alone in the queue. */
	private volatile boolean confirmed;

	/**
	 * A contender was told: the engine gives the lock up with its holder, so the queue is not
	 * read again at each of its later changes (a read a change, for nothing, on a busy key).
	 */
	private volatile boolean told;

	/**
	 * A watch, not started yet.
	 * @param nodePath the held node
	 * @param openWatches the node's open watches, which this one joins until closed
	 */
	MutexQueueWatch(CuratorFramework client, String nodePath, Runnable onContender, Set<MutexQueueWatch> openWatches) {
		ZKPaths.PathAndNode pathAndNode = ZKPaths.getPathAndNode(nodePath);
		this.client = client;
		this.lockPath = pathAndNode.getPath();
		this.nodeName = pathAndNode.getNode();
		this.onContender = onContender;
		this.openWatches = openWatches;
	}

	/**
	 * Sets the watch with a first read of the queue, in the background: a contender that queued
	 * before is seen by it, one that queues after by the watch.
	 * @return this watch, or {@code null} if the client refuses the read (it is closed): then it
	 * cannot watch, and the caller is not called back on its own thread
	 */
	@Nullable MutexQueueWatch start() {
		this.openWatches.add(this);
		try {
			readInBackground();
			return this;
		}
		catch (Exception ex) {
			logger.debug("Could not watch the queue of " + ZKPaths.makePath(this.lockPath, this.nodeName), ex);
			close();
			return null;
		}
	}

	private void read() {
		if (this.closed) {
			return;
		}
		try {
			readInBackground();
		}
		catch (Exception ex) {
			contender("could not read the queue (" + ex + ")");
		}
	}

	private void readInBackground() throws Exception {
		this.client.getChildren().usingWatcher(this).inBackground(this::childrenRead).forPath(this.lockPath);
	}

	private void childrenRead(CuratorFramework client, CuratorEvent event) {
		if (this.closed) {
			// closed while the read was on its way: the watcher it set is not wanted
			removeWatcher();
			return;
		}
		if (event.getResultCode() != KeeperException.Code.OK.intValue()) {
			contender("could not read the queue ("
					+ KeeperException.Code.get(event.getResultCode()) + ")");
			return;
		}
		List<String> children = event.getChildren();
		if (!children.contains(this.nodeName)) {
			contender("the held node is gone");
		}
		else if (children.size() > 1) {
			contender((children.size() - 1) + " other node(s) queued");
		}
		else {
			this.confirmed = true;
		}
	}

	@Override
	public boolean confirmed() {
		return this.confirmed;
	}

	/**
	 * Reads the queue again when it changed. Of the connection's states, which ZooKeeper tells
	 * every watcher, only those that end the watch count as a contender: a disconnection is left
	 * to ZooKeeper, which sets the watch again when the same session reconnects (and fires it if
	 * the queue changed meanwhile), and a reconnection or an authentication says nothing of the
	 * queue. Any other event on the lock path (deleted, its watch removed by another) ends the
	 * watch too.
	 */
	@Override
	public void process(WatchedEvent event) {
		if (this.closed || this.told) {
			return;
		}
		if (event.getType() == Event.EventType.NodeChildrenChanged) {
			read();
		}
		else if (event.getType() != Event.EventType.None || endsWatch(event.getState())) {
			contender("the watch ended (" + event.getType() + ", " + event.getState() + ")");
		}
	}

	private static boolean endsWatch(Event.KeeperState state) {
		return state == Event.KeeperState.Expired || state == Event.KeeperState.Closed
				|| state == Event.KeeperState.AuthFailed;
	}

	private void contender(String why) {
		if (this.closed) {
			return;
		}
		if (logger.isDebugEnabled()) {
			logger.debug("Contender for " + ZKPaths.makePath(this.lockPath, this.nodeName) + ": " + why);
		}
		this.told = true;
		this.onContender.run();
	}

	/**
	 * Ends the watch: no callback from now on, and the watcher is removed from the client in the
	 * background (locally: the server drops its side when the queue next changes or the session
	 * ends).
	 */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		this.openWatches.remove(this);
		removeWatcher();
	}

	/**
	 * Removes the watcher in ZooKeeper, not only locally ({@code LockNodes} says why: a local
	 * removal can hide a disconnection from Curator).
	 */
	private void removeWatcher() {
		try {
			this.client.watchers()
				.remove(this)
				.ofType(WatcherType.Children)
				.quietly()
				.inBackground()
				.forPath(this.lockPath);
		}
		catch (Exception ex) {
			// it goes when the queue changes
		}
	}

}
