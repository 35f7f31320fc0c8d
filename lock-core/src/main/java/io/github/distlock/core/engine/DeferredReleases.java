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

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Releases, in the background, the locks that were closed before their {@code holdAtLeast}
 * passed. Its one daemon thread starts with the first such lock; {@link #releaseAllNow()}
 * releases the rest at once and stops it.
 */
final class DeferredReleases {

	private static final Object SCHEDULING = new Object();

	private final Consumer<EngineLockHandle> release;

	/**
	 * The locks that wait, each with its scheduled release, or {@link #SCHEDULING} until that is
	 * known: whoever removes a lock's entry releases it.
	 */
	private final Map<EngineLockHandle, Object> pending = new ConcurrentHashMap<>();

	private final OnDemandScheduler scheduler = new OnDemandScheduler("distributed-lock-deferred-release");

	/**
	 * @param release gives a lock back; called once per lock, on the release thread or on the
	 * thread that stops this
	 */
	DeferredReleases(Consumer<EngineLockHandle> release) {
		this.release = release;
	}

	/**
	 * Releases a lock after a delay, or at once after {@link #releaseAllNow()}.
	 */
	void schedule(EngineLockHandle handle, long delayNanos) {
		ScheduledThreadPoolExecutor executor = this.scheduler.started();
		if (executor != null) {
			this.pending.put(handle, SCHEDULING);
			try {
				ScheduledFuture<?> future = executor.schedule(() -> releaseIfPending(handle), delayNanos,
						TimeUnit.NANOSECONDS);
				// unless it ran already, or a stop took it
				this.pending.replace(handle, SCHEDULING, future);
			}
			catch (RejectedExecutionException stoppedMeanwhile) {
				releaseIfPending(handle);
			}
			if (this.scheduler.isStopped()) {
				releaseIfPending(handle);
			}
			return;
		}
		this.release.accept(handle);
	}

	/**
	 * Releases a lock that waits for its time at once, on the release thread: the caller may be
	 * a client's event thread, which must not wait for the lock service.
	 */
	void releaseSoon(EngineLockHandle handle) {
		ScheduledThreadPoolExecutor executor = this.scheduler.current();
		if (executor != null && this.pending.containsKey(handle)) {
			try {
				executor.execute(() -> releaseIfPending(handle));
			}
			catch (RejectedExecutionException stopped) {
				// releaseAllNow releases it
			}
		}
	}

	/** How many locks wait for their release. */
	int pending() {
		return this.pending.size();
	}

	/**
	 * Releases every lock that waits for its time at once, and stops the release thread.
	 */
	void releaseAllNow() {
		this.scheduler.stop();
		this.pending.keySet().forEach(this::releaseIfPending);
	}

	private void releaseIfPending(EngineLockHandle handle) {
		Object scheduled = this.pending.remove(handle);
		if (scheduled != null) {
			if (scheduled instanceof ScheduledFuture<?> future) {
				future.cancel(false);
			}
			this.release.accept(handle);
		}
	}

}
