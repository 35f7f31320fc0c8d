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

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Lock paths this process saw exist lately, so that a path not among them is first tried as a
 * new one (its container and first node in one transaction) and a path among them with a plain
 * create. A fixed table indexed by the path's hash: a path that lands in a taken slot replaces
 * the one there, so memory stays bounded whatever the number of keys, and a forgotten path
 * costs one refused transaction when it is next used.
 */
final class KnownLockPaths {

	private final AtomicReferenceArray<String> slots;

	private final int mask;

	/**
	 * Creates the table.
	 * @param capacity the number of slots, a power of two
	 */
	KnownLockPaths(int capacity) {
		if (capacity <= 0 || Integer.bitCount(capacity) != 1) {
			throw new IllegalArgumentException("capacity must be a power of two, but was " + capacity);
		}
		this.slots = new AtomicReferenceArray<>(capacity);
		this.mask = capacity - 1;
	}

	boolean contains(String lockPath) {
		return lockPath.equals(this.slots.get(slot(lockPath)));
	}

	void add(String lockPath) {
		this.slots.set(slot(lockPath), lockPath);
	}

	/** Forgets a path seen to be gone (its container was removed). */
	void remove(String lockPath) {
		int slot = slot(lockPath);
		String present = this.slots.get(slot);
		if (lockPath.equals(present)) {
			this.slots.compareAndSet(slot, present, null);
		}
	}

	private int slot(String lockPath) {
		int hash = lockPath.hashCode();
		return (hash ^ (hash >>> 16)) & this.mask;
	}

}
