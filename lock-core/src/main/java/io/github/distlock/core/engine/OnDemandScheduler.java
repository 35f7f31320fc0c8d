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

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * A scheduler of one daemon thread, started by the first task that needs it and stopped for
 * good by {@link #stop()}: an engine that never needs it starts no thread.
 */
final class OnDemandScheduler {

	private final String threadName;

	private final ReentrantLock startLock = new ReentrantLock();

	private volatile @Nullable ScheduledThreadPoolExecutor executor;

	private volatile boolean stopped;

	/**
	 * @param threadName the name of its thread
	 */
	OnDemandScheduler(String threadName) {
		this.threadName = threadName;
	}

	/**
	 * The scheduler, started if it was not.
	 * @return the scheduler, or {@code null} once stopped
	 */
	@Nullable ScheduledThreadPoolExecutor started() {
		ScheduledThreadPoolExecutor executor = this.executor;
		if (this.stopped) {
			return null;
		}
		if (executor != null) {
			return executor;
		}
		this.startLock.lock();
		try {
			if (this.executor == null && !this.stopped) {
				ScheduledThreadPoolExecutor created = new ScheduledThreadPoolExecutor(1, (task) -> {
					Thread thread = new Thread(task, this.threadName);
					thread.setDaemon(true);
					return thread;
				});
				created.setRemoveOnCancelPolicy(true);
				this.executor = created;
			}
			return this.executor;
		}
		finally {
			this.startLock.unlock();
		}
	}

	/**
	 * The scheduler if it was started, even if stopped since (it then refuses tasks).
	 * @return the scheduler, or {@code null}
	 */
	@Nullable ScheduledThreadPoolExecutor current() {
		return this.executor;
	}

	boolean isStopped() {
		return this.stopped;
	}

	/** Stops the thread, dropping the tasks not yet run; nothing starts it again. */
	void stop() {
		this.stopped = true;
		ScheduledThreadPoolExecutor executor;
		this.startLock.lock();
		try {
			executor = this.executor;
		}
		finally {
			this.startLock.unlock();
		}
		if (executor != null) {
			executor.shutdownNow();
		}
	}

}
