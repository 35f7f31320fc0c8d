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
package io.github.distlock.core.engine;

import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import org.jspecify.annotations.Nullable;

/**
 * The engine's watch on the queue of a lock it may keep past its last local holder (lock
 * caching): once a contender is seen in the service, in another process, the lock is neither
 * cached nor handed off any more, and a cached copy is given up. It follows the node or key in
 * the service, from hold to hold, until the lock is released there.
 */
final class Contention {

	private volatile @Nullable ContenderWatch watch;

	private volatile boolean seen;

	private Contention() {
	}

	/**
	 * Starts watching a lock's queue.
	 * @param onSeen run, on a backend thread it must not block, when a contender is seen
	 * @return the watch, or {@code null} if the backend cannot watch this lock
	 */
	static @Nullable Contention watch(BackendLock lock, Runnable onSeen) {
		Contention contention = new Contention();
		ContenderWatch watch = lock.watchContenders(() -> {
			contention.seen = true;
			onSeen.run();
		});
		if (watch == null) {
			return null;
		}
		contention.watch = watch;
		return contention;
	}

	/**
	 * Whether a contender was seen: the lock is to go back to the service with its holder.
	 * @return whether another process waits, or the watch could not go on
	 */
	boolean seen() {
		return this.seen;
	}

	/**
	 * Whether the watch read the queue clean and saw no contender since: a contender of another
	 * process would be told within one watch event.
	 * @return whether the lock may stay in this JVM past its hand-off bounds
	 */
	boolean confirmed() {
		ContenderWatch current = this.watch;
		return !this.seen && current != null && current.confirmed();
	}

	/** Ends the watch, once the lock is released in the service. */
	void close() {
		ContenderWatch current = this.watch;
		if (current != null) {
			this.watch = null;
			current.close();
		}
	}

}
