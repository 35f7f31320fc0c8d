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

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * Takes the locks of several keys through {@link LockOperations}, one after the other in the
 * request's order, within one deadline: all of them, or none.
 */
final class MultiKeyLocking {

	private MultiKeyLocking() {
	}

	static MultiLockHandle acquire(LockOperations operations, MultiLockRequest request) {
		long deadline = System.nanoTime() + saturatedNanos(request.waitTime());
		List<LockHandle> held = new ArrayList<>(request.keys().size());
		try {
			for (String key : request.keys()) {
				Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
				held.add(operations.acquire(request.requestFor(key, left)));
			}
		}
		catch (RuntimeException ex) {
			Collections.reverse(held);
			MultiLockHandle.releaseAll(held, ex);
			throw ex;
		}
		return new MultiLockHandle(held);
	}

	static <T extends @Nullable Object> T execute(LockOperations operations, MultiLockRequest request,
			LockCallback<T> callback) {
		Objects.requireNonNull(callback, "callback");
		try (MultiLockHandle locks = operations.acquireAll(request)) {
			T result = callback.doInLock();
			LockLostException lost = LockSettlement.firstLossOf(locks.locks());
			if (lost != null) {
				throw lost;
			}
			return result;
		}
	}

	private static long saturatedNanos(Duration duration) {
		try {
			return duration.toNanos();
		}
		catch (ArithmeticException ex) {
			return Long.MAX_VALUE / 2;
		}
	}

}
