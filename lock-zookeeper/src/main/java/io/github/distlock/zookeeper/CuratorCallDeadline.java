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

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds a blocking call into Curator: an acquisition by its wait time, a release by a short
 * time. Curator honours a wait time while it waits for a predecessor, but not while it retries
 * a request over a lost connection (each attempt may take the connection timeout, and there are
 * several). Past the deadline and a grace period, the calling thread is interrupted, which makes
 * Curator give up: an acquisition removes its node, and a release leaves the node to Curator's
 * guaranteed delete in the background. Curator swallows some interrupts and goes on to calls
 * that wait again (the foreground delete of a node it gives up, for one), so the thread is
 * interrupted again every {@value #REPEAT_MILLIS} ms until the call ends. The interrupt is then
 * cleared, and the registry reports the elapsed wait instead of an interrupt. Armed through a
 * {@link DeadlineSweeper}.
 */
final class CuratorCallDeadline implements AutoCloseable {

	private static final long MIN_GRACE_MILLIS = 100;

	private static final long MIN_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(MIN_GRACE_MILLIS);

	private static final long REPEAT_MILLIS = 100;

	private static final long MAX_DAYS = 100;

	private static final int WAITING = 0;

	private static final int INTERRUPTING = 1;

	private static final int INTERRUPTED = 2;

	private static final int CLOSED = 3;

	private final DeadlineSweeper sweeper;

	private final Thread thread = Thread.currentThread();

	private final AtomicInteger state = new AtomicInteger(WAITING);

	/** When the deadline is due, and once it fired, when it interrupts again. */
	private volatile long dueNanos;

	private volatile boolean expired;

	CuratorCallDeadline(DeadlineSweeper sweeper, long waitNanos) {
		this.sweeper = sweeper;
		this.dueNanos = System.nanoTime() + saturatedAdd(waitNanos, graceNanos(waitNanos));
	}

	/**
	 * The time a call to ZooKeeper under way at its deadline gets to end on its own: a tenth of
	 * the wait time, and {@value #MIN_GRACE_MILLIS} ms at least.
	 * @param waitNanos the wait time
	 * @return the grace period
	 */
	static long graceNanos(long waitNanos) {
		return Math.max(MIN_GRACE_NANOS, waitNanos / 10);
	}

	long dueNanos() {
		return this.dueNanos;
	}

	boolean isDue(long nowNanos) {
		return nowNanos - this.dueNanos >= 0;
	}

	/**
	 * Interrupts the call, unless it ended.
	 * @param nowNanos the time of the sweep
	 * @return whether the call goes on, to be interrupted again at {@link #dueNanos()}
	 */
	boolean expire(long nowNanos) {
		if (!this.state.compareAndSet(WAITING, INTERRUPTING) && !this.state.compareAndSet(INTERRUPTED, INTERRUPTING)) {
			return false;
		}
		this.expired = true;
		this.thread.interrupt();
		this.dueNanos = nowNanos + TimeUnit.MILLISECONDS.toNanos(REPEAT_MILLIS);
		this.state.set(INTERRUPTED);
		return true;
	}

	/**
	 * Whether the deadline interrupted the call.
	 * @return whether it expired
	 */
	boolean expired() {
		return this.expired;
	}

	/**
	 * Disarms the deadline; if it fired, clears the interrupt it caused, so the caller's thread
	 * keeps only interrupts of its own.
	 */
	@Override
	public void close() {
		while (true) {
			int current = this.state.get();
			if (current == CLOSED) {
				return;
			}
			if (current == INTERRUPTING) {
				Thread.onSpinWait();
			}
			else if (this.state.compareAndSet(current, CLOSED)) {
				this.sweeper.disarm(this);
				if (current == INTERRUPTED) {
					Thread.interrupted();
				}
				return;
			}
		}
	}

	/** The sum, at most {@value #MAX_DAYS} days: far enough, and far from overflowing nanoTime. */
	private static long saturatedAdd(long a, long b) {
		long sum = a + b;
		long max = TimeUnit.DAYS.toNanos(MAX_DAYS);
		return (sum < 0 || sum > max) ? max : sum;
	}

}
