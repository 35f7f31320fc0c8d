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

package io.github.distlock.zookeeper;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * The one thread of a backend's asynchronous acquisitions: it fires their deadlines, and
 * completes their futures, so that what the engine chains on a future never runs on Curator's
 * or ZooKeeper's event threads; it also sends the released nodes' deletes held back
 * ({@link DeferredDeletes}) whose bound passed. A daemon thread made on the first use, which ends after a minute
 * without work; closing the timer cancels the deadlines still pending, and runs the completions
 * already handed to it.
 */
final class AsyncTimer implements AutoCloseable {

	private static final long IDLE_SECONDS = 60;

	/** Guards the creation and the shutdown of the executor; never held while waiting. */
	private final ReentrantLock lifecycle = new ReentrantLock();

	private volatile @Nullable ScheduledThreadPoolExecutor executor;

	private volatile boolean closed;

	/**
	 * Runs a task at a time.
	 * @param task what to run; must not block
	 * @param atNanos the {@link System#nanoTime()} to run it at
	 * @return the scheduled task, to cancel
	 * @throws RejectedExecutionException if the timer is closed
	 */
	ScheduledFuture<?> schedule(Runnable task, long atNanos) {
		return executor().schedule(task, Math.max(0, atNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
	}

	/**
	 * Runs a task on the timer's thread, or on the caller's once the timer is closed.
	 * @param task what to run; must not block
	 */
	void execute(Runnable task) {
		try {
			executor().execute(task);
		}
		catch (RejectedExecutionException closedMeanwhile) {
			task.run();
		}
	}

	private ScheduledThreadPoolExecutor executor() {
		ScheduledThreadPoolExecutor current = this.executor;
		if (current != null) {
			return current;
		}
		this.lifecycle.lock();
		try {
			if (this.closed) {
				throw new RejectedExecutionException("The timer of asynchronous lock acquisitions is closed");
			}
			ScheduledThreadPoolExecutor created = this.executor;
			if (created == null) {
				created = new ScheduledThreadPoolExecutor(1, (task) -> {
					Thread thread = new Thread(task, "distributed-lock-async");
					thread.setDaemon(true);
					return thread;
				});
				created.setRemoveOnCancelPolicy(true);
				created.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
				created.setKeepAliveTime(IDLE_SECONDS, TimeUnit.SECONDS);
				created.allowCoreThreadTimeOut(true);
				this.executor = created;
			}
			return created;
		}
		finally {
			this.lifecycle.unlock();
		}
	}

	/**
	 * Cancels the pending deadlines; the completions handed over already still run.
	 */
	@Override
	public void close() {
		this.lifecycle.lock();
		try {
			this.closed = true;
			ScheduledThreadPoolExecutor current = this.executor;
			if (current != null) {
				current.shutdown();
			}
		}
		finally {
			this.lifecycle.unlock();
		}
	}

}
