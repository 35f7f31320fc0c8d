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

/**
 * Times the handles whose request has a {@code maxHold}: when one is still open that long after
 * its acquisition, the engine gives its lock up. Its one daemon thread starts with the first
 * such handle, and stops when the engine closes.
 */
final class MaxHoldTimers {

	private static final Object SCHEDULING = new Object();

	/**
	 * The timed handles, each with its timer, or {@link #SCHEDULING} until that is known: whoever
	 * removes a handle's entry decides whether its lock is given up.
	 */
	private final Map<EngineLockHandle, Object> timers = new ConcurrentHashMap<>();

	private final OnDemandScheduler scheduler = new OnDemandScheduler("distributed-lock-max-hold");

	/**
	 * Runs {@code onElapsed} on the timer thread once the handle's {@code maxHold} has passed
	 * since its acquisition, unless the handle was {@linkplain #cancel closed} before.
	 */
	void start(EngineLockHandle handle, Runnable onElapsed) {
		long delay = Durations.saturatedNanos(handle.request().maxHold())
				- (System.nanoTime() - handle.acquiredNanos());
		ScheduledThreadPoolExecutor executor = this.scheduler.started();
		if (executor == null) {
			return;
		}
		this.timers.put(handle, SCHEDULING);
		try {
			ScheduledFuture<?> timer = executor.schedule(() -> {
				if (this.timers.remove(handle) != null) {
					onElapsed.run();
				}
			}, Math.max(0, delay), TimeUnit.NANOSECONDS);
			// unless it ran already, or the handle was closed meanwhile
			this.timers.replace(handle, SCHEDULING, timer);
		}
		catch (RejectedExecutionException stoppedMeanwhile) {
			// the engine closes
			this.timers.remove(handle);
		}
	}

	/** The handle was closed: its lock is no longer the engine's to give up. */
	void cancel(EngineLockHandle handle) {
		if (this.timers.remove(handle) instanceof ScheduledFuture<?> timer) {
			timer.cancel(false);
		}
	}

	/** How many handles are timed. */
	int size() {
		return this.timers.size();
	}

	/** Stops the timer thread; the handles still open are held until their holders close them. */
	void stop() {
		this.scheduler.stop();
		this.timers.clear();
	}

}
