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
package io.github.distlock.test.contract;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.core.AsyncLockRegistry;
import io.github.distlock.core.AsyncLockTemplate;
import io.github.distlock.reactive.ReactiveLockTemplate;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A {@link SharedCounterJob}'s increments done by reactive work: each a {@code Mono} that holds
 * the {@code MUTEX} through {@link ReactiveLockTemplate#withLock}, acquired with no thread
 * waiting, its blocking file work on Reactor's bounded elastic scheduler. Apart from the job so
 * that the job needs Reactor only when it is reactive.
 */
final class ReactiveCounterWork {

	private ReactiveCounterWork() {
	}

	static void run(SharedCounterJob job, AsyncLockRegistry registry) throws IOException {
		ReactiveLockTemplate locks = new ReactiveLockTemplate(new AsyncLockTemplate(registry, true), true);
		List<String> tokens = new ArrayList<>();
		AtomicInteger overlaps = new AtomicInteger();
		for (int i = 0; i < job.iterations(); i++) {
			Long token = locks.withLock(job.mutexRequest(),
					(lock) -> Mono.fromCallable(() -> job.incrementAloneUnchecked(overlaps, lock.fencingToken()))
						.subscribeOn(Schedulers.boundedElastic()))
				.block();
			tokens.add(Long.toString(token));
		}
		job.writeResults(tokens, overlaps);
	}

}
