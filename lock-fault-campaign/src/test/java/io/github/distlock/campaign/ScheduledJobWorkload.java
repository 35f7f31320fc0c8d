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

package io.github.distlock.campaign;

import java.sql.Connection;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;

/**
 * The scheduled jobs of a worker process, as ShedLock users write them: every process fires
 * each of {@value #JOBS} jobs at the start of every period of {@value #PERIOD_MS} ms (its timer
 * late by up to {@value #FIRE_JITTER_MS} ms), tries the job's {@link LockType#SEMAPHORE_MUTEX}
 * once, with a {@code holdAtLeast} of {@value #HOLD_AT_LEAST_MS} ms, and runs the job if it got
 * the lock within {@value #RUN_WINDOW_MS} ms of the period's start. A run is a row of
 * {@code campaign_job_run}, committed with the job's counter while the lock is held, so that
 * the checker can require at most one run per job and period across all processes, unless the
 * first run's lock was lost first. It is also the registry's listener for the jobs' keys, and
 * records every change of their locks' states ({@code STATE} lines), which is how the checker
 * knows.
 */
final class ScheduledJobWorkload implements LockListener {

	static final int JOBS = 2;

	static final long PERIOD_MS = 1_000;

	static final int FIRE_JITTER_MS = 200;

	static final long RUN_WINDOW_MS = 400;

	static final long HOLD_AT_LEAST_MS = 700;

	private final String worker;

	private final Consumer<String> history;

	private final AtomicLong operations;

	private volatile boolean idle;

	private Thread thread;

	ScheduledJobWorkload(String worker, Consumer<String> history, AtomicLong operations) {
		this.worker = worker;
		this.history = history;
		this.operations = operations;
	}

	static String key(int job) {
		return "job-" + job;
	}

	/**
	 * Starts the timer thread.
	 * @param startMillis the campaign's start, from which periods are counted
	 * @param thread the thread number to record the runs under
	 */
	void start(LockOperations locks, String db, Random random, long startMillis, int thread, BooleanSupplier paused,
			BooleanSupplier stopping) {
		this.thread = new Thread(() -> {
			try (Connection connection = CampaignDatabase.connect(db)) {
				GuardedCounter counter = new GuardedCounter(connection, random);
				while (!stopping.getAsBoolean()) {
					long now = System.currentTimeMillis();
					long period = (now - startMillis) / PERIOD_MS + 1;
					long fireAt = startMillis + period * PERIOD_MS + random.nextInt(FIRE_JITTER_MS);
					Thread.sleep(Math.max(0, fireAt - now));
					this.idle = paused.getAsBoolean();
					if (this.idle) {
						continue;
					}
					int job = random.nextInt(JOBS);
					fire(locks, counter, job, period, startMillis + period * PERIOD_MS, thread);
				}
			}
			catch (Exception | Error ex) {
				// an Error too: a thread that died silently would only show as a worker that never pauses
				this.history.accept("ERROR\t" + this.worker + "\t" + thread + "\t" + ex);
			}
		}, "campaign-" + this.worker + "-jobs");
		this.thread.start();
	}

	/** Whether the timer has seen the campaign paused and fires nothing. */
	boolean idle() {
		return this.idle;
	}

	private void fire(LockOperations locks, GuardedCounter counter, int job, long period, long periodStartMillis,
			int thread) throws InterruptedException {
		String key = key(job);
		long op = this.operations.incrementAndGet();
		long start = 0;
		long end = 0;
		long token = 0;
		String outcome;
		LockState endState = null;
		LockRequest request = new LockRequest(key, LockType.SEMAPHORE_MUTEX, Duration.ZERO, "campaign-job",
				Duration.ofMillis(HOLD_AT_LEAST_MS));
		try (LockHandle lock = locks.acquire(request)) {
			start = System.nanoTime();
			token = lock.fencingToken();
			if (System.currentTimeMillis() > periodStartMillis + RUN_WINDOW_MS) {
				outcome = "LATE";
			}
			else {
				outcome = counter.runJob(key, period, start, lock, this.worker, op).name();
			}
			end = System.nanoTime();
			endState = lock.state();
		}
		catch (DistributedLockException ex) {
			if (start != 0 && end == 0) {
				end = System.nanoTime();
			}
			outcome = ex.getClass().getSimpleName();
			if (ex instanceof LockBackendException) {
				// in the worker's log, for the report's reader: why a try-once acquisition failed
				System.out.println("Job " + key + " of period " + period + " failed: " + ex.getMessage());
			}
		}
		this.history.accept(new Operation(this.worker, thread, op, key, CampaignWorker.Kind.JOB, token, 0, start, end,
				outcome, String.valueOf(endState)).line());
	}

	@Override
	public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
		if (lock.key().startsWith("job-")) {
			this.history.accept(String.join("\t", "STATE", this.worker, lock.key(), Long.toString(System.nanoTime()),
					previous.name(), current.name()));
		}
	}

	/** Waits for the timer thread to end, after the campaign's stop. */
	boolean awaitEnd(Duration timeout) throws InterruptedException {
		this.thread.join(timeout.toMillis());
		return !this.thread.isAlive();
	}

}
