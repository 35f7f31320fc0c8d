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

package io.github.distlock.core.spi;

/**
 * A watch on a lock's queue in the service, from {@link BackendLock#watchContenders}.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface ContenderWatch extends AutoCloseable {

	/**
	 * Whether the watch has read the lock's queue once and found no other contender: from then
	 * on, one that queues is told within one watch event. Until then the engine keeps a lock
	 * past its hand-off bounds only while no thread of its own waits for it.
	 * @return whether the queue was read clean; {@code false} (the default) if the backend does
	 * not tell
	 */
	default boolean confirmed() {
		return false;
	}

	/**
	 * Ends the watch: its callback is not run any more (one already on its way may still run).
	 * Does not wait for the service and does not throw.
	 */
	@Override
	void close();

}
