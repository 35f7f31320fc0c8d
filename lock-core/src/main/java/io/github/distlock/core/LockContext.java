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

import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;

import org.jspecify.annotations.Nullable;

/**
 * The distributed locks held by the calling thread, for code running inside an annotated
 * method or a {@link LockOperations} callback.
 *
 * @since 0.1.0
 */
public final class LockContext {

	private static final ThreadLocal<Deque<AcquiredLock>> HELD = ThreadLocal.withInitial(ConcurrentLinkedDeque::new);

	private LockContext() {
	}

	/**
	 * Returns the innermost lock held by the calling thread.
	 * @return the lock, or {@code null} when the thread holds none
	 */
	public static @Nullable AcquiredLock current() {
		return HELD.get().peekLast();
	}

	/**
	 * Returns every lock held by the calling thread, outermost first.
	 * @return the held locks
	 */
	public static List<AcquiredLock> all() {
		return List.copyOf(HELD.get());
	}

	/**
	 * Records a lock the calling thread acquired; the returned deque is where it must be
	 * removed from, whichever thread releases it.
	 */
	static Deque<AcquiredLock> push(AcquiredLock lock) {
		Deque<AcquiredLock> held = HELD.get();
		held.addLast(lock);
		return held;
	}

	/** The calling thread's locks, the last acquired last. */
	static Deque<AcquiredLock> held() {
		return HELD.get();
	}

}
