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

import io.github.distlock.annotation.LockType;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.LockInternals;
import org.apache.curator.framework.recipes.locks.LockInternalsSorter;
import org.apache.curator.framework.recipes.locks.StandardLockInternalsDriver;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.Watcher;
import org.jspecify.annotations.Nullable;

/**
 * {@link LockType#READ} and {@link LockType#WRITE} acquired with no thread waiting
 * ({@link AsyncNodeAcquisition}), with the nodes and rules of Curator's
 * {@code InterProcessReadWriteLock}, so that they exclude and share with it in any process,
 * this one's blocking path included: {@code _c_<uuid>-__READ__} and {@code _c_<uuid>-__WRIT__}
 * sequential nodes, ordered by their sequence numbers together; a writer holds when its node is
 * first and waits for the node just before it, a reader holds when no writer's node is before it
 * and waits for the first writer's.
 * <p>
 * Unlike Curator's, a node belongs to no thread: the release deletes the node it is given. A
 * reader here does not enter a write lock its own thread holds, as Curator's does: the engine
 * never asks for one asynchronously.
 */
final class ReadWriteNodes implements CuratorLockRecipe {

	private static final String READ_NAME = "__READ__";

	private static final String WRITE_NAME = "__WRIT__";

	/** Both kinds of node by their sequence number, as Curator's read/write driver sorts them. */
	private static final LockInternalsSorter SORTER = (node, lockName) -> StandardLockInternalsDriver
		.standardFixForSorting(StandardLockInternalsDriver.standardFixForSorting(node, READ_NAME), WRITE_NAME);

	private final CuratorFramework client;

	private final String basePath;

	private final LockNodeCreator creator;

	private final NodeQueue readers = new Side(READ_NAME) {

		@Override
		public @Nullable String blocker(List<String> queue, int index) {
			for (int i = 0; i < index; i++) {
				if (queue.get(i).contains(WRITE_NAME)) {
					return queue.get(i);
				}
			}
			return null;
		}

	};

	private final NodeQueue writers = new Side(WRITE_NAME) {

		@Override
		public @Nullable String blocker(List<String> queue, int index) {
			return (index == 0) ? null : queue.get(index - 1);
		}

	};

	ReadWriteNodes(CuratorFramework client, String basePath, LockNodeCreator creator) {
		this.client = client;
		this.basePath = basePath;
		this.creator = creator;
	}

	/**
	 * The queue of one side.
	 * @param type {@code READ} or {@code WRITE}
	 * @return its queue
	 */
	NodeQueue side(LockType type) {
		return switch (type) {
			case READ -> this.readers;
			case WRITE -> this.writers;
			default -> throw new IllegalArgumentException("Not a read/write lock type: " + type);
		};
	}

	/**
	 * Not served: the blocking path acquires {@code READ} and {@code WRITE} through Curator's
	 * {@code InterProcessReadWriteLock} ({@link ReadWriteRecipe}).
	 */
	@Override
	public @Nullable HeldNode acquire(LockType type, long waitNanos) {
		throw new UnsupportedOperationException("READ and WRITE nodes of " + this.basePath
				+ " are acquired here asynchronously only; the blocking path is Curator's");
	}

	/**
	 * Sends the node's delete, without waiting for its answer ({@link LockNodes#sendDelete}).
	 */
	@Override
	public void release(LockType type, HeldNode node) throws Exception {
		LockNodes.sendDelete(this.client, node.nodePath());
	}

	@Override
	public boolean releasesInBackground() {
		return true;
	}

	/**
	 * Not served: the contenders of {@code READ} and {@code WRITE} are read through Curator's
	 * recipe ({@link ReadWriteRecipe}), whose nodes these are.
	 */
	@Override
	public Collection<String> participantNodes() {
		throw new UnsupportedOperationException("The contenders of " + this.basePath
				+ " are read through Curator's read/write lock");
	}

	/** The queue of readers or of writers: the same nodes, their own rule. */
	private abstract class Side implements NodeQueue {

		private final String name;

		Side(String name) {
			this.name = name;
		}

		@Override
		public LockNodeCreator creator() {
			return ReadWriteNodes.this.creator;
		}

		@Override
		public String basePath() {
			return ReadWriteNodes.this.basePath;
		}

		@Override
		public String nodePath() {
			return ZKPaths.makePath(ReadWriteNodes.this.basePath, this.name);
		}

		@Override
		public List<String> inQueueOrder(List<String> children) {
			return LockInternals.getSortedChildren(this.name, SORTER, children);
		}

		@Override
		public void deleteQuietly(String path) {
			LockNodes.deleteQuietly(ReadWriteNodes.this.client, path);
		}

		@Override
		public void removeWatcher(String path, Watcher watcher) {
			LockNodes.removeWatcher(ReadWriteNodes.this.client, path, watcher);
		}

	}

}
