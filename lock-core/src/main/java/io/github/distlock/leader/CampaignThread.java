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
package io.github.distlock.leader;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The thread a participant takes part on: started and stopped (possibly again) by the
 * application, closed for good, and woken whenever the state of the election's lock may have
 * changed.
 */
final class CampaignThread {

	private static final Log logger = LogFactory.getLog(LockLeaderElection.class);

	private static final long CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(200);

	private static final long STOP_WAIT_MILLIS = 10_000;

	private final String name;

	/** Guards {@link #changes}, {@link #thread}, {@link #closed} and the wait for a change. */
	private final ReentrantLock stateLock = new ReentrantLock();

	private final Condition changed = this.stateLock.newCondition();

	private long changes;

	private @Nullable Thread thread;

	private boolean closed;

	private volatile boolean running;

	CampaignThread(String name) {
		this.name = name;
	}

	/**
	 * Runs the body on a thread of its own, unless it runs already; after a {@link #stop()} that
	 * returned before that thread ended, the thread takes part again once it has finished
	 * leaving (the body loops while {@link #ended()} is {@code false}).
	 * @throws IllegalStateException if it was closed
	 */
	void start(Runnable body) {
		this.stateLock.lock();
		try {
			if (this.closed) {
				throw new IllegalStateException("Election '" + this.name + "' was closed");
			}
			this.running = true;
			if (this.thread != null) {
				// the thread of an earlier stop() has not ended yet: it takes part again
				return;
			}
			Thread campaign = new Thread(body, "distributed-lock-leader-" + this.name);
			campaign.setDaemon(true);
			this.thread = campaign;
			campaign.start();
		}
		finally {
			this.stateLock.unlock();
		}
	}

	/**
	 * Asks the thread to leave, interrupts it and waits up to 10 seconds for it; it goes on
	 * leaving in the background after that.
	 */
	void stop() {
		Thread campaign;
		this.stateLock.lock();
		try {
			this.running = false;
			campaign = this.thread;
			this.changed.signalAll();
		}
		finally {
			this.stateLock.unlock();
		}
		if (campaign == null || campaign == Thread.currentThread()) {
			return;
		}
		campaign.interrupt();
		try {
			campaign.join(STOP_WAIT_MILLIS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (campaign.isAlive()) {
			logger.warn("Election '" + this.name + "': its thread did not end within " + STOP_WAIT_MILLIS
					+ " ms of leaving (a leader task that ignores interrupts?); it releases the election's lock"
					+ " once the task has ended");
		}
	}

	/** Stops for good: a later {@link #start} fails. */
	void close() {
		this.stateLock.lock();
		try {
			this.closed = true;
		}
		finally {
			this.stateLock.unlock();
		}
		stop();
	}

	/** Whether the participant is to take part: started and not stopped. */
	boolean running() {
		return this.running;
	}

	/**
	 * Ends the thread, unless {@link #start} was called since the last {@link #stop()}: a start
	 * either finds the thread gone and starts another, or finds it here and it takes part again.
	 * @return whether the thread ends
	 */
	boolean ended() {
		this.stateLock.lock();
		try {
			if (this.running) {
				return false;
			}
			this.thread = null;
			return true;
		}
		finally {
			this.stateLock.unlock();
		}
	}

	/** Wakes the thread: the state of the lock, or of the selector task, may have changed. */
	void signal() {
		this.stateLock.lock();
		try {
			this.changes++;
			this.changed.signalAll();
		}
		finally {
			this.stateLock.unlock();
		}
	}

	/** The number of signals so far, for {@link #awaitChange}. */
	long changes() {
		this.stateLock.lock();
		try {
			return this.changes;
		}
		finally {
			this.stateLock.unlock();
		}
	}

	/**
	 * Waits for a signal after the given count, 200 ms at most, or a stop.
	 */
	void awaitChange(long seen) {
		this.stateLock.lock();
		try {
			if (this.running && this.changes == seen) {
				this.changed.awaitNanos(CHECK_NANOS);
			}
		}
		catch (InterruptedException ex) {
			// stop() interrupts; the loop looks at running
		}
		finally {
			this.stateLock.unlock();
		}
	}

}
