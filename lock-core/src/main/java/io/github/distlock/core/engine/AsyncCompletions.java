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

import java.util.concurrent.Executor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads on which an asynchronous acquisition goes on once the service or the local queue
 * answered, and on which its holder is told: never the caller's (an event loop), never the
 * backend's (its client's event thread). Threads are made when needed and end after a short idle
 * time, so an application without asynchronous locks has none.
 */
final class AsyncCompletions {

	private static final AtomicInteger threadNumbers = new AtomicInteger();

	static final Executor EXECUTOR = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 30, TimeUnit.SECONDS,
			new SynchronousQueue<>(), (task) -> {
				Thread thread = new Thread(task, "distributed-lock-async-" + threadNumbers.incrementAndGet());
				thread.setDaemon(true);
				return thread;
			});

	private AsyncCompletions() {
	}

}
