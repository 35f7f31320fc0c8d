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

import java.util.List;

import io.github.distlock.core.AcquiredLock;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;
import reactor.util.context.ContextView;

/**
 * The distributed locks held by a reactive pipeline, read from its Reactor {@code Context}, for
 * code running inside {@link ReactiveLockOperations} or an annotated method that returns a
 * {@code Mono} or a {@code Flux}: the reactive twin of {@link io.github.distlock.core.LockContext}.
 *
 * @since 0.1.0
 */
public final class ReactiveLockContext {

	/** The context key under which the held locks are kept, outermost first. */
	static final Class<ReactiveLockContext> KEY = ReactiveLockContext.class;

	private ReactiveLockContext() {
	}

	/**
	 * The innermost lock held by the subscribing pipeline.
	 * @return the lock, or empty when it holds none
	 */
	public static Mono<AcquiredLock> current() {
		return Mono.deferContextual((context) -> {
			List<AcquiredLock> held = heldIn(context);
			return held.isEmpty() ? Mono.empty() : Mono.just(held.get(held.size() - 1));
		});
	}

	/**
	 * Every lock held by the subscribing pipeline, outermost first.
	 * @return the held locks, perhaps none
	 */
	public static Mono<List<AcquiredLock>> all() {
		return Mono.deferContextual((context) -> Mono.just(heldIn(context)));
	}

	static List<AcquiredLock> heldIn(ContextView context) {
		return context.getOrDefault(KEY, List.of());
	}

	static Context with(Context context, AcquiredLock lock) {
		List<AcquiredLock> held = heldIn(context);
		AcquiredLock[] next = held.toArray(new AcquiredLock[held.size() + 1]);
		next[held.size()] = lock;
		return context.put(KEY, List.of(next));
	}

}
