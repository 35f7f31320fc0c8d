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
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Takes the locks of several keys for asynchronous work through {@link AsyncLockOperations}:
 * one after the other in the request's order, each once the one before is held, within one
 * deadline; all of them, or none. Each lock is the work of the one before it, so a failure to
 * take one releases those taken (the last first), and the loss of one cancels what it guards.
 */
final class AsyncMultiKeyLocking {

	private AsyncMultiKeyLocking() {
	}

	static <T> CompletableFuture<T> execute(AsyncLockOperations operations, MultiLockRequest request,
			Function<? super List<AcquiredLock>, ? extends CompletionStage<T>> work) {
		Objects.requireNonNull(work, "work");
		long startNanos = System.nanoTime();
		return next(operations, request, startNanos, List.of(), work);
	}

	private static <T> CompletableFuture<T> next(AsyncLockOperations operations, MultiLockRequest request,
			long startNanos, List<AcquiredLock> held, Function<? super List<AcquiredLock>, ? extends CompletionStage<T>> work) {
		String key = request.keys().get(held.size());
		Duration left = remaining(request.waitTime(), startNanos);
		return operations.executeAsync(request.requestFor(key, left), (lock) -> {
			List<AcquiredLock> now = new ArrayList<>(held);
			now.add(lock);
			if (now.size() < request.keys().size()) {
				return next(operations, request, startNanos, now, work);
			}
			return startWithAll(List.copyOf(now), work);
		});
	}

	/**
	 * Starts the work with every lock in {@link LockContext}, in the order taken, where the
	 * template put the last one only.
	 */
	private static <T> CompletionStage<T> startWithAll(List<AcquiredLock> locks,
			Function<? super List<AcquiredLock>, ? extends CompletionStage<T>> work) {
		Deque<AcquiredLock> context = LockContext.held();
		context.removeLastOccurrence(locks.get(locks.size() - 1));
		locks.forEach(context::addLast);
		try {
			return work.apply(locks);
		}
		finally {
			locks.forEach(context::removeLastOccurrence);
		}
	}

	/** What is left of a wait that began at a time of {@link System#nanoTime()}; never negative. */
	private static Duration remaining(Duration waitTime, long startNanos) {
		Duration left = waitTime.minusNanos(System.nanoTime() - startNanos);
		return left.isNegative() ? Duration.ZERO : left;
	}

}
