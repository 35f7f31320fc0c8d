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

package io.github.distlock.juc;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;

import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockRequest;

/**
 * A {@link Lock} on one key: each {@code lock} acquires through the registry or the programmatic
 * API the {@link DistributedLocks} was built over, and each {@code unlock} closes the calling
 * thread's latest handle on the key, taken through any lock of the same {@link DistributedLocks}.
 */
final class RegistryLock implements Lock {

	static final Duration NO_WAIT = Duration.ZERO;

	/**
	 * The wait of one round of {@link #lock()}: long, yet far from overflowing
	 * {@link System#nanoTime()} arithmetic.
	 */
	private static final Duration ROUND = Duration.ofDays(365);

	private final Function<LockRequest, LockHandle> acquirer;

	private final LockRequest request;

	private final ThreadHolds holds;

	RegistryLock(Function<LockRequest, LockHandle> acquirer, LockRequest request, ThreadHolds holds) {
		this.acquirer = acquirer;
		this.request = request;
		this.holds = holds;
	}

	/**
	 * Waits for the lock, however long, and is not interrupted: an interrupt while waiting is
	 * remembered and the thread waits again (at the end of the queue), then keeps its interrupt
	 * status once it holds the lock.
	 */
	@Override
	public void lock() {
		boolean interrupted = false;
		try {
			while (true) {
				try {
					held(this.acquirer.apply(this.request.withWaitTime(ROUND)));
					return;
				}
				catch (LockInterruptedException ex) {
					interrupted = true;
					Thread.interrupted();
				}
				catch (LockAcquisitionException ex) {
					// a year went by: wait another
				}
			}
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	@Override
	public void lockInterruptibly() throws InterruptedException {
		while (true) {
			if (tryLock(ROUND.toNanos(), TimeUnit.NANOSECONDS)) {
				return;
			}
		}
	}

	/**
	 * Tries once, as {@code ReentrantLock.tryLock()} does also for an interrupted thread, which
	 * keeps its interrupt status.
	 */
	@Override
	public boolean tryLock() {
		boolean interrupted = Thread.interrupted();
		try {
			return acquire(NO_WAIT);
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	@Override
	public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
		try {
			return acquire(Duration.ofNanos(Math.max(0, unit.toNanos(time))));
		}
		catch (LockInterruptedException ex) {
			Thread.interrupted();
			InterruptedException interrupted = new InterruptedException(ex.getMessage());
			interrupted.initCause(ex);
			throw interrupted;
		}
	}

	private boolean acquire(Duration wait) {
		try {
			held(this.acquirer.apply(this.request.withWaitTime(wait)));
			return true;
		}
		catch (LockAcquisitionException ex) {
			return false;
		}
	}

	private void held(LockHandle handle) {
		this.holds.push(this.request, handle);
	}

	/**
	 * Releases the calling thread's latest hold of this lock.
	 * @throws IllegalMonitorStateException if the thread does not hold it
	 */
	@Override
	public void unlock() {
		LockHandle handle = this.holds.pop(this.request);
		if (handle == null) {
			throw new IllegalMonitorStateException("The current thread does not hold lock '" + this.request.key() + "'");
		}
		handle.close();
	}

	/**
	 * Not supported: a condition would need a wait and a signal across processes.
	 * @throws UnsupportedOperationException always
	 */
	@Override
	public Condition newCondition() {
		throw new UnsupportedOperationException("Distributed locks have no conditions (lock '" + this.request.key()
				+ "')");
	}

	@Override
	public String toString() {
		return "DistributedLock[key=" + this.request.key() + ", type=" + this.request.type() + "]";
	}

}
