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

/**
 * A cached recipe and how many acquisitions and held locks use it.
 */
final class RecipeReference {

	private final CuratorLockRecipe recipe;

	/** Guarded by the cache map's per-key lock: only changed inside compute. */
	private int references;

	RecipeReference(CuratorLockRecipe recipe) {
		this.recipe = recipe;
	}

	/** Counts one more use; called inside the cache map's compute only. */
	void retain() {
		this.references++;
	}

	/**
	 * Counts one use less; called inside the cache map's compute only.
	 * @return the uses left
	 */
	int drop() {
		return --this.references;
	}

	CuratorLockRecipe recipe() {
		return this.recipe;
	}

}
