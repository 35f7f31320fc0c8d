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

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.core.spi.RevocableLock;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.jspecify.annotations.Nullable;

/**
 * A lock held through a ZooKeeper node. Its state follows the session that created the node.
 */
final class ZooKeeperHeldLock implements RevocableLock {

	private static final Log logger = LogFactory.getLog(ZooKeeperHeldLock.class);

	/** The data Curator's {@code Revoker} writes to the holder's node. */
	static final byte[] REVOKE_MESSAGE = "__REVOKE__".getBytes(StandardCharsets.UTF_8);

	private final ZooKeeperLockBackend backend;

	private final RecipeKey recipeKey;

	private final CuratorLockRecipe recipe;

	private final LockType type;

	private final HeldNode node;

	/** How many times the node was handed on to another thread of this process before this lock. */
	private final int handoffs;

	/** Released or handed on: the revocation watch, if any, ends. */
	private volatile boolean released;

	/**
	 * The open watches of the node's queue: shared by the locks the node is handed on to, since
	 * a watch is of the node; the release of the node ends them.
	 */
	private final Set<MutexQueueWatch> queueWatches;

	/**
	 * The losses reported before the acquisition began, which do not concern the lock; one
	 * reported while it waited does, on the safe side.
	 */
	private final long lossesBefore;

	ZooKeeperHeldLock(ZooKeeperLockBackend backend, RecipeKey recipeKey, CuratorLockRecipe recipe, LockType type,
			HeldNode node, long lossesBefore) {
		this(backend, recipeKey, recipe, type, node, lossesBefore, 0, ConcurrentHashMap.newKeySet());
	}

	private ZooKeeperHeldLock(ZooKeeperLockBackend backend, RecipeKey recipeKey, CuratorLockRecipe recipe,
			LockType type, HeldNode node, long lossesBefore, int handoffs, Set<MutexQueueWatch> queueWatches) {
		this.backend = backend;
		this.recipeKey = recipeKey;
		this.recipe = recipe;
		this.type = type;
		this.node = node;
		this.lossesBefore = lossesBefore;
		this.handoffs = handoffs;
		this.queueWatches = queueWatches;
	}

	/**
	 * The same node for the next thread of this process, with the next token of
	 * {@link FencingTokens}: a {@code MUTEX} node only, {@value FencingTokens#MAX_HANDOFFS} times at
	 * most. The new lock takes over this one's use of its recipe, and the node's queue watches.
	 */
	@Override
	public @Nullable BackendLock handOff() {
		if (this.type != LockType.MUTEX || this.handoffs >= FencingTokens.MAX_HANDOFFS) {
			return null;
		}
		this.released = true;
		HeldNode next = new HeldNode(this.node.nodePath(), this.node.fencingToken() + 1, null, this.node.sessionId());
		return new ZooKeeperHeldLock(this.backend, this.recipeKey, this.recipe, this.type, next, this.lossesBefore,
				this.handoffs + 1, this.queueWatches);
	}

	@Override
	public long fencingToken() {
		return this.node.fencingToken();
	}

	@Override
	public String describe() {
		return "node " + this.node.nodePath();
	}

	@Override
	public LockState state() {
		return this.backend.session().stateOf(this.node.sessionId(), this.lossesBefore);
	}

	/**
	 * Ends the node's queue watches, then deletes the node.
	 */
	@Override
	public void release() {
		endWatches();
		this.backend.release(this);
	}

	/**
	 * Ends the node's queue watches, then deletes the node from this thread, which need not be
	 * the holder's.
	 */
	@Override
	public void giveUp() {
		endWatches();
		this.backend.giveUp(this);
	}

	private void endWatches() {
		this.released = true;
		for (MutexQueueWatch watch : this.queueWatches) {
			watch.close();
		}
	}

	@Override
	public void closedAfterGiveUp() {
		this.backend.closedAfterGiveUp(this);
	}

	/**
	 * Watches the node's queue for another contender ({@link MutexQueueWatch}): {@code MUTEX}
	 * only, whose nodes follow {@code InterProcessMutex}'s protocol, one lock path per queue.
	 * @return the watch, or {@code null} for another type, or if the client cannot watch (it is
	 * closed)
	 */
	@Override
	public @Nullable ContenderWatch watchContenders(Runnable onContender) {
		if (this.type != LockType.MUTEX) {
			return null;
		}
		return new MutexQueueWatch(this.backend.client(), nodePath(), onContender, this.queueWatches).start();
	}

	/**
	 * Watches the data of the lock's node for Curator's revocation marker, in the background:
	 * the read and the call run on Curator's event thread.
	 */
	@Override
	public void watchRevocation(Runnable onRequested) {
		new RevocationWatch(onRequested).read();
	}

	long lossesBefore() {
		return this.lossesBefore;
	}

	RecipeKey recipeKey() {
		return this.recipeKey;
	}

	CuratorLockRecipe recipe() {
		return this.recipe;
	}

	LockType type() {
		return this.type;
	}

	HeldNode node() {
		return this.node;
	}

	String nodePath() {
		return this.node.nodePath();
	}

	/**
	 * The ZooKeeper session the lock is held in.
	 * @return the session id
	 */
	long sessionId() {
		return this.node.sessionId();
	}

	private final class RevocationWatch implements Watcher {

		private final Runnable onRequested;

		RevocationWatch(Runnable onRequested) {
			this.onRequested = onRequested;
		}

		void read() {
			if (ZooKeeperHeldLock.this.released) {
				return;
			}
			CuratorFramework client = ZooKeeperHeldLock.this.backend.client();
			try {
				client.getData().usingWatcher(this).inBackground(this::dataRead).forPath(nodePath());
			}
			catch (Exception ex) {
				logger.warn("Could not watch " + nodePath() + " for revocation requests", ex);
			}
		}

		private void dataRead(CuratorFramework client, CuratorEvent event) {
			if (!ZooKeeperHeldLock.this.released && event.getResultCode() == KeeperException.Code.OK.intValue()
					&& Arrays.equals(event.getData(), REVOKE_MESSAGE)) {
				this.onRequested.run();
			}
		}

		@Override
		public void process(WatchedEvent event) {
			if (event.getType() == Event.EventType.NodeDataChanged) {
				read();
			}
		}

	}

}
