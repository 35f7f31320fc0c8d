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

package io.github.distlock.reactive;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.MultiLockRequest;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * Takes the locks of several keys for a pipeline through {@link ReactiveLockOperations}: when it
 * is subscribed to, one after the other in the request's order, each once the one before is
 * held, within one deadline; all of them, or none. Each lock guards the taking of the next, so
 * a failure releases those taken, the last first, and the loss of one cancels what it guards.
 */
final class ReactiveMultiKeyLocking {

	private ReactiveMultiKeyLocking() {
	}

	static <T> Flux<T> withLockAll(ReactiveLockOperations operations, MultiLockRequest request,
			Function<? super List<AcquiredLock>, ? extends Publisher<T>> work) {
		Objects.requireNonNull(request, "request");
		Objects.requireNonNull(work, "work");
		return Flux.defer(() -> next(operations, request, System.nanoTime(),
				List.of(), work));
	}

	private static <T> Flux<T> next(ReactiveLockOperations operations, MultiLockRequest request, long startNanos,
			List<AcquiredLock> held, Function<? super List<AcquiredLock>, ? extends Publisher<T>> work) {
		String key = request.keys().get(held.size());
		Duration left = remaining(request.waitTime(), startNanos);
		return operations.withLockMany(request.requestFor(key, left), (lock) -> {
			List<AcquiredLock> now = new ArrayList<>(held);
			now.add(lock);
			if (now.size() < request.keys().size()) {
				return next(operations, request, startNanos, now, work);
			}
			return work.apply(List.copyOf(now));
		});
	}

	/** What is left of a wait that began at a time of {@link System#nanoTime()}; never negative. */
	private static Duration remaining(Duration waitTime, long startNanos) {
		Duration left = waitTime.minusNanos(System.nanoTime() - startNanos);
		return left.isNegative() ? Duration.ZERO : left;
	}

}
