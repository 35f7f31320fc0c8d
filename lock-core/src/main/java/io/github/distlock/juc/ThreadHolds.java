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

package io.github.distlock.juc;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import org.jspecify.annotations.Nullable;

/**
 * The handles each thread holds through the locks of one {@link DistributedLocks}, by key and
 * type, latest first: so that a thread may unlock through another {@code Lock} object of the same
 * key than the one it locked through, and nothing is kept for a thread that holds nothing.
 */
final class ThreadHolds {

	private final ThreadLocal<Map<Held, Deque<LockHandle>>> byThread = new ThreadLocal<>();

	void push(LockRequest request, LockHandle handle) {
		Map<Held, Deque<LockHandle>> mine = this.byThread.get();
		if (mine == null) {
			mine = new HashMap<>();
			this.byThread.set(mine);
		}
		mine.computeIfAbsent(new Held(request.key(), request.type()), (held) -> new ArrayDeque<>()).push(handle);
	}

	@Nullable LockHandle pop(LockRequest request) {
		Map<Held, Deque<LockHandle>> mine = this.byThread.get();
		Held held = new Held(request.key(), request.type());
		Deque<LockHandle> handles = (mine != null) ? mine.get(held) : null;
		if (handles == null || handles.isEmpty()) {
			return null;
		}
		LockHandle handle = handles.pop();
		if (handles.isEmpty()) {
			mine.remove(held);
			if (mine.isEmpty()) {
				this.byThread.remove();
			}
		}
		return handle;
	}

	private record Held(String key, LockType type) {
	}

}
