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

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * Fires the {@link CuratorCallDeadline}s of one registry. Scheduling a task per call would wake
 * the scheduler thread at every acquisition and release, a context switch that costs more CPU
 * than the rest of the starter's work on a lock. Instead, arming a deadline adds it to a set, and
 * one sweep is pending at a time, at the earliest deadline it knows of: a new deadline reschedules
 * it only when it is due earlier. As deadlines are seconds long and most are disarmed well
 * before, the sweeper thread wakes about once per wait time, not once per call. A deadline that
 * fired stays armed, to interrupt again, until its call ends.
 */
final class DeadlineSweeper implements AutoCloseable {

	private final Set<CuratorCallDeadline> armed = ConcurrentHashMap.newKeySet();

	private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, (task) -> {
		Thread thread = new Thread(task, "distributed-lock-deadlines");
		thread.setDaemon(true);
		return thread;
	});

	/** Guards the scheduling of the next sweep; never held while waiting. */
	private final ReentrantLock scheduling = new ReentrantLock();

	/** The pending sweep, or {@code null}; written under {@link #scheduling}, read without it as a hint. */
	private volatile @Nullable ScheduledFuture<?> pendingSweep;

	/** When the pending sweep runs ({@link System#nanoTime()}); written under {@link #scheduling}. */
	private volatile long sweepAt;

	DeadlineSweeper() {
		this.executor.setRemoveOnCancelPolicy(true);
	}

	/**
	 * Arms a deadline for the calling thread.
	 * @param waitNanos the time the call may take, before the grace period
	 * @return the armed deadline, to be closed when the call ends
	 */
	CuratorCallDeadline arm(long waitNanos) {
		CuratorCallDeadline deadline = new CuratorCallDeadline(this, waitNanos);
		this.armed.add(deadline);
		if (this.pendingSweep == null || deadline.dueNanos() - this.sweepAt < 0) {
			scheduleSweep(deadline.dueNanos());
		}
		return deadline;
	}

	void disarm(CuratorCallDeadline deadline) {
		this.armed.remove(deadline);
	}

	private void scheduleSweep(long dueNanos) {
		this.scheduling.lock();
		try {
			ScheduledFuture<?> pending = this.pendingSweep;
			if (pending != null) {
				if (dueNanos - this.sweepAt >= 0) {
					return;
				}
				pending.cancel(false);
			}
			if (this.executor.isShutdown()) {
				return;
			}
			this.sweepAt = dueNanos;
			this.pendingSweep = this.executor.schedule(this::sweep, Math.max(0, dueNanos - System.nanoTime()),
					TimeUnit.NANOSECONDS);
		}
		finally {
			this.scheduling.unlock();
		}
	}

	private void sweep() {
		this.scheduling.lock();
		try {
			this.pendingSweep = null;
		}
		finally {
			this.scheduling.unlock();
		}
		long now = System.nanoTime();
		boolean more = false;
		long next = 0;
		for (CuratorCallDeadline deadline : this.armed) {
			if (deadline.isDue(now) && !deadline.expire(now)) {
				this.armed.remove(deadline);
				continue;
			}
			long due = deadline.dueNanos();
			if (!more || due - next < 0) {
				more = true;
				next = due;
			}
		}
		if (more) {
			scheduleSweep(next);
		}
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
	}

}
