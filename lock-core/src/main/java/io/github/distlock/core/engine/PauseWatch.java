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

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.LockBackend;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Puts the held locks in doubt after this process did not run for longer than the pause
 * tolerance (stopped, or paused by the garbage collector), until one round trip to the lock
 * service sent after the pause confirms them: the session or lease may have ended meanwhile,
 * and another process may hold the locks, before the lock service could tell.
 * <p>
 * Its thread looks at the clock every quarter of the tolerance. A reader does not wait for it:
 * a lock read while that thread has not looked for longer than the tolerance is in doubt
 * already, so no thread of a process that resumes can commit under a lock before the pause is
 * noticed.
 */
final class PauseWatch implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(PauseWatch.class);

	/** How long a confirmation is awaited at most before it is asked again. */
	private static final Duration CONFIRMATION_TIMEOUT = Duration.ofSeconds(5);

	private final long toleranceNanos;

	private final LockBackend backend;

	private final Supplier<Collection<BackendLock>> heldLocks;

	private final Runnable statesChanged;

	private final OnDemandScheduler scheduler = new OnDemandScheduler("distributed-lock-pause-watch");

	/** When the watch's thread last looked at the clock. */
	private volatile long lastLook;

	/** Set from a pause noticed until a confirmation sent after it is answered. */
	private volatile boolean doubt;

	/** How many pauses were noticed: a confirmation counts only if none was since it was sent. */
	private final AtomicLong pauses = new AtomicLong();

	private final AtomicBoolean confirming = new AtomicBoolean();

	/** Once closed, the clock is no longer looked at, and only a pause noticed before counts. */
	private volatile boolean closed;

	/**
	 * @param tolerance how long the process may not run and its locks stay held; zero: the
	 * watch is off, and never puts a lock in doubt
	 * @param backend asked to confirm the locks after a pause
	 * @param heldLocks the backend locks held now
	 * @param statesChanged brings the handles' states in line, told when a doubt begins or ends
	 */
	PauseWatch(Duration tolerance, LockBackend backend, Supplier<Collection<BackendLock>> heldLocks,
			Runnable statesChanged) {
		this.toleranceNanos = tolerance.toNanos();
		this.backend = backend;
		this.heldLocks = heldLocks;
		this.statesChanged = statesChanged;
		this.lastLook = System.nanoTime();
	}

	/**
	 * Starts the watch's thread.
	 * @return this watch
	 */
	PauseWatch start() {
		if (this.toleranceNanos > 0) {
			ScheduledThreadPoolExecutor executor = this.scheduler.started();
			if (executor != null) {
				long interval = Math.max(1, this.toleranceNanos / 4);
				executor.scheduleWithFixedDelay(this::look, interval, interval, TimeUnit.NANOSECONDS);
			}
		}
		return this;
	}

	/**
	 * A lock's state as the engine tells it: {@link LockState#IN_DOUBT} instead of
	 * {@link LockState#HELD} while a pause is not confirmed.
	 */
	LockState adjust(LockState state) {
		return (state == LockState.HELD && inDoubt()) ? LockState.IN_DOUBT : state;
	}

	/** The state of a backend lock, {@linkplain #adjust adjusted}. */
	LockState stateOf(BackendLock lock) {
		return adjust(lock.state());
	}

	/** Whether a pause was noticed and is not confirmed, or the watch's thread is overdue. */
	boolean inDoubt() {
		return this.toleranceNanos > 0
				&& (this.doubt || (!this.closed && System.nanoTime() - this.lastLook > this.toleranceNanos));
	}

	private void look() {
		long now = System.nanoTime();
		long silent = now - this.lastLook;
		boolean paused = silent > this.toleranceNanos;
		if (paused) {
			this.doubt = true;
			this.pauses.incrementAndGet();
		}
		// after the doubt is noted, so that a reader sees the doubt or the overdue look
		this.lastLook = now;
		if (paused) {
			logger.warn("This process did not run for " + Duration.ofNanos(silent).toMillis() + " ms, longer than "
					+ "the pause tolerance (" + Duration.ofNanos(this.toleranceNanos).toMillis() + " ms): its held "
					+ "locks are in doubt until the lock service confirms them");
			this.statesChanged.run();
		}
		if (this.doubt) {
			confirm();
		}
	}

	/** Asks the backend to confirm the held locks, one question at a time. */
	private void confirm() {
		if (!this.confirming.compareAndSet(false, true)) {
			return;
		}
		long pausesBefore = this.pauses.get();
		List<BackendLock> locks = new ArrayList<>(this.heldLocks.get());
		CompletableFuture<Boolean> answer;
		try {
			answer = locks.isEmpty() ? CompletableFuture.completedFuture(true)
					: this.backend.confirmHeld(locks).toCompletableFuture();
		}
		catch (RuntimeException ex) {
			answer = CompletableFuture.failedFuture(ex);
		}
		ScheduledThreadPoolExecutor executor = this.scheduler.current();
		answer.orTimeout(CONFIRMATION_TIMEOUT.toNanos(), TimeUnit.NANOSECONDS)
			.whenCompleteAsync((confirmed, failure) -> {
				this.confirming.set(false);
				if (failure == null && Boolean.TRUE.equals(confirmed) && this.pauses.get() == pausesBefore
						&& this.doubt) {
					this.doubt = false;
					logger.info("The lock service confirmed the " + locks.size() + " locks held across a pause");
					this.statesChanged.run();
				}
			}, (executor != null) ? executor : Runnable::run);
	}

	@Override
	public void close() {
		this.closed = true;
		this.scheduler.stop();
	}

}
