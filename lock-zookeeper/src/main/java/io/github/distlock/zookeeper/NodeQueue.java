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

import org.apache.zookeeper.Watcher;
import org.jspecify.annotations.Nullable;

/**
 * A queue of contenders' sequential nodes under a lock path, ordered and judged as one kind of
 * Curator lock does: the protocol {@link AsyncNodeAcquisition} follows with no thread waiting.
 */
interface NodeQueue {

	/**
	 * The creator of contenders' nodes.
	 * @return the creator
	 */
	LockNodeCreator creator();

	/**
	 * The lock path, whose children are the contenders' nodes.
	 * @return the lock path
	 */
	String basePath();

	/**
	 * The path of a new contender's node before its protected prefix and sequence number.
	 * @return the path
	 */
	String nodePath();

	/**
	 * The children of the lock path in the queue's order.
	 * @param children the children read
	 * @return the node names, first come first
	 */
	List<String> inQueueOrder(List<String> children);

	/**
	 * What a contender waits for.
	 * @param queue the children in the queue's order
	 * @param index the contender's place in it
	 * @return the name of the node whose change it waits for, or {@code null} if it holds the lock
	 */
	@Nullable String blocker(List<String> queue, int index);

	/**
	 * Deletes a node in the background, retried by Curator until done.
	 * @param path the node
	 */
	void deleteQuietly(String path);

	/**
	 * Removes a watcher in ZooKeeper ({@link LockNodes#removeWatcher}).
	 * @param path the watched node
	 * @param watcher the watcher
	 */
	void removeWatcher(String path, Watcher watcher);

}
