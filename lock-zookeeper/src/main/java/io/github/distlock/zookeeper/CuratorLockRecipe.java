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

import io.github.distlock.annotation.LockType;
import org.jspecify.annotations.Nullable;

/**
 * One recipe instance for one lock path and kind, shared by every thread of the process.
 */
interface CuratorLockRecipe {

	/**
	 * Acquires the lock.
	 * @param type the lock type (a recipe may serve several)
	 * @param waitNanos how long to wait
	 * @return the node acquired, or {@code null} when the wait elapsed
	 * @throws Exception from Curator, including {@link InterruptedException}
	 */
	@Nullable HeldNode acquire(LockType type, long waitNanos) throws Exception;

	/**
	 * Releases a node this recipe acquired.
	 * @param type the lock type it was acquired as
	 * @param node the node
	 * @throws Exception from Curator
	 */
	void release(LockType type, HeldNode node) throws Exception;

	/**
	 * Gives up a node this recipe acquired, from any thread, while its holder may still run
	 * (past its {@code maxHold}). The default releases it, which is right for a recipe whose
	 * nodes any thread may release.
	 * @param type the lock type it was acquired as
	 * @param node the node
	 * @throws Exception from Curator
	 */
	default void giveUp(LockType type, HeldNode node) throws Exception {
		release(type, node);
	}

	/**
	 * After {@link #giveUp}, the holder's thread closed its last handle: frees what the recipe
	 * keeps for that thread. The default does nothing.
	 * @param type the lock type it was acquired as
	 * @param node the node, deleted already
	 * @throws Exception from Curator
	 */
	default void closedAfterGiveUp(LockType type, HeldNode node) throws Exception {
	}

	/**
	 * Whether {@link #release} only sends its delete, without waiting for ZooKeeper: then it
	 * needs no deadline.
	 * @return {@code false} unless the recipe says otherwise
	 */
	default boolean releasesInBackground() {
		return false;
	}

	/**
	 * The contenders' node names, holder first.
	 * @return the participant nodes
	 * @throws Exception from Curator
	 */
	Collection<String> participantNodes() throws Exception;

}
