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

import java.util.concurrent.ConcurrentHashMap;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;

/**
 * The recipes of one backend: one per lock path and kind, shared by every thread of the
 * process (Curator's reentrancy is per recipe instance) and reference-counted, so that a recipe a
 * thread holds or awaits is never dropped and an idle one is not kept.
 */
final class RecipeCache {

	/** Lock paths remembered as existing: a few hundred kilobytes at most. */
	private static final int KNOWN_LOCK_PATHS = 4096;

	/** The node under a lock path that holds a {@code SEMAPHORE}'s leases and internal lock. */
	static final String SEMAPHORE_NODE = "semaphore";

	private final CuratorFramework client;

	private final DeferredDeletes deferredDeletes;

	private final LockNodeCreator nodeCreator;

	private final ConcurrentHashMap<RecipeKey, RecipeReference> recipes = new ConcurrentHashMap<>();

	RecipeCache(CuratorFramework client, AsyncTimer timer) {
		this.client = client;
		this.deferredDeletes = new DeferredDeletes(client, timer);
		this.nodeCreator = new LockNodeCreator(new KnownLockPaths(KNOWN_LOCK_PATHS), this.deferredDeletes);
	}

	/**
	 * Sends the deletes of released nodes held back, before a create of a recipe that does not
	 * carry them.
	 */
	void sendDeferredDeletes() {
		this.deferredDeletes.sendNow();
	}

	/**
	 * Sends the deletes of released nodes held back; the registry closes.
	 */
	void close() {
		this.deferredDeletes.sendNow();
	}

	/**
	 * The recipe for a key, created if needed, counted as in use until {@link #release}.
	 */
	RecipeReference retain(RecipeKey key) {
		return retain(key, 1);
	}

	/**
	 * The recipe for a key, created if needed (a semaphore's with the given permits), counted as
	 * in use until {@link #release}.
	 */
	RecipeReference retain(RecipeKey key, int permits) {
		return this.recipes.compute(key, (k, reference) -> {
			RecipeReference result = (reference != null) ? reference : new RecipeReference(createRecipe(k, permits));
			result.retain();
			return result;
		});
	}

	/**
	 * Counts one use of a key's recipe less, and drops the recipe when it was the last.
	 */
	void release(RecipeKey key) {
		this.recipes.computeIfPresent(key, (k, reference) -> (reference.drop() > 0) ? reference : null);
	}

	/**
	 * Whether a thread holds or awaits a lock on a path, through a recipe of any kind.
	 */
	boolean inUse(String path) {
		for (RecipeKind kind : RecipeKind.values()) {
			if (this.recipes.containsKey(new RecipeKey(path, kind))) {
				return true;
			}
		}
		return false;
	}

	int size() {
		return this.recipes.size();
	}

	private CuratorLockRecipe createRecipe(RecipeKey key, int permits) {
		return switch (key.kind()) {
			case MUTEX -> new MutexRecipe(this.client, key.path(), this.nodeCreator);
			case SEMAPHORE_MUTEX -> new SemaphoreRecipe(this.client, key.path(), 1);
			case READ_WRITE -> new ReadWriteRecipe(this.client, key.path());
			case READ_WRITE_NODES -> new ReadWriteNodes(this.client, key.path(), this.nodeCreator);
			// beside the semaphore mutex's leases and locks, a lock of its own
			case SEMAPHORE -> new SemaphoreRecipe(this.client, ZKPaths.makePath(key.path(), SEMAPHORE_NODE), permits);
		};
	}

}
