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

package io.github.distlock.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The locks of several keys, held together (see {@link LockOperations#acquireAll(MultiLockRequest)}).
 * Closing it releases them in the reverse of the order they were taken; closing more than once
 * has no further effect.
 *
 * @since 0.1.0
 */
public final class MultiLockHandle implements AutoCloseable {

	private final List<LockHandle> locks;

	MultiLockHandle(List<LockHandle> locks) {
		this.locks = List.copyOf(locks);
	}

	/**
	 * The locks, in the order they were taken (ascending keys).
	 * @return the held locks
	 */
	public List<LockHandle> locks() {
		return this.locks;
	}

	/**
	 * The lock of one key.
	 * @param key one of the keys
	 * @return its lock
	 * @throws IllegalArgumentException if the key is not one of them
	 */
	public LockHandle lock(String key) {
		for (LockHandle lock : this.locks) {
			if (lock.key().equals(key)) {
				return lock;
			}
		}
		throw new IllegalArgumentException("'" + key + "' is not one of the keys " + keys());
	}

	/**
	 * The fencing token of one key's lock.
	 * @param key one of the keys
	 * @return its token
	 */
	public long fencingToken(String key) {
		return lock(key).fencingToken();
	}

	/**
	 * Whether every lock is still held.
	 * @return {@code false} as soon as one is in doubt, lost or released
	 */
	public boolean isHeld() {
		return this.locks.stream().allMatch(LockHandle::isHeld);
	}

	/**
	 * The first lock that was lost, if any.
	 * @return the lost lock, or {@code null}
	 */
	public @Nullable LockHandle firstLost() {
		return this.locks.stream().filter((lock) -> lock.state() == LockState.LOST).findFirst().orElse(null);
	}

	private List<String> keys() {
		return this.locks.stream().map(LockHandle::key).toList();
	}

	/**
	 * Releases the locks, the last taken first. A release that throws does not stop the others;
	 * the first exception is thrown after all were tried, with the others suppressed.
	 */
	@Override
	public void close() {
		List<LockHandle> reversed = new ArrayList<>(this.locks);
		Collections.reverse(reversed);
		releaseAll(reversed, null);
	}

	/**
	 * Releases locks in the given order, adding what their releases throw to a failure.
	 */
	static void releaseAll(List<LockHandle> inOrder, @Nullable RuntimeException failure) {
		RuntimeException first = failure;
		for (LockHandle lock : inOrder) {
			try {
				lock.close();
			}
			catch (RuntimeException ex) {
				if (first == null) {
					first = ex;
				}
				else {
					first.addSuppressed(ex);
				}
			}
		}
		if (first != null && failure == null) {
			throw first;
		}
	}

}
