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

import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.annotation.LockType;

/**
 * The first level of two-level locking: threads of this JVM that want the same lock queue here,
 * in FIFO order, before one of them goes to the lock service. The JVM then has at most one
 * contender in the lock service per exclusive lock, and its waiters are woken one at a time
 * (each has a condition of its own). It has the sharing of the lock behind it: one turn at a
 * time for {@code MUTEX}, {@code SEMAPHORE_MUTEX} and {@code WRITE}, shared turns for
 * {@code READ} (one queue for {@code READ} and {@code WRITE}); a waiting writer holds back the
 * readers that come after it. A turn belongs to no thread: the engine gives it back for a
 * holder that kept its lock past its {@code maxHold}. A thread's re-entry into a lock it holds
 * is the engine's, and never comes here. The guard is held for a few field updates only, never
 * while a thread waits.
 */
final class LocalLockQueue {

	private final ReentrantLock guard = new ReentrantLock();

	/** The threads waiting for a turn, first come first; guarded. */
	private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();

	/** How many {@code READ} turns are out; guarded. */
	private int readers;

	/** Whether an exclusive turn is out; guarded. */
	private boolean exclusive;

	/** The size of {@link #waiting}, to read without the guard. */
	private volatile int queued;

	/**
	 * A queue for a kind of lock; {@code READ} and {@code WRITE} share one kind.
	 * @param type a lock type of the kind
	 * @return a new queue
	 */
	static LocalLockQueue of(LockType type) {
		return new LocalLockQueue();
	}

	/**
	 * Waits for this JVM's turn.
	 * @param type the lock type asked for
	 * @param waitNanos how long to wait
	 * @return whether it was had within the wait
	 * @throws InterruptedException if the thread was interrupted while waiting (it then has no
	 * turn)
	 */
	boolean tryAcquire(LockType type, long waitNanos) throws InterruptedException {
		boolean shared = (type == LockType.READ);
		this.guard.lock();
		try {
			if (this.waiting.isEmpty() && free(shared)) {
				take(shared);
				return true;
			}
			if (waitNanos <= 0) {
				return false;
			}
			Waiter waiter = new Waiter(shared, this.guard.newCondition());
			this.waiting.addLast(waiter);
			this.queued = this.waiting.size();
			long remaining = waitNanos;
			try {
				while (!waiter.granted) {
					if (remaining <= 0) {
						leave(waiter);
						return false;
					}
					remaining = waiter.turn.awaitNanos(remaining);
				}
				return true;
			}
			catch (InterruptedException ex) {
				if (waiter.granted) {
					giveBack(shared);
				}
				else {
					leave(waiter);
				}
				throw ex;
			}
		}
		finally {
			this.guard.unlock();
		}
	}

	/**
	 * Gives the turn to the next threads; by any thread.
	 * @param type the lock type that was had
	 */
	void release(LockType type) {
		this.guard.lock();
		try {
			giveBack(type == LockType.READ);
		}
		finally {
			this.guard.unlock();
		}
	}

	/**
	 * Whether other threads wait for their turn now.
	 * @return whether a thread is queued
	 */
	boolean hasQueuedThreads() {
		return this.queued > 0;
	}

	private boolean free(boolean shared) {
		return !this.exclusive && (shared || this.readers == 0);
	}

	private void take(boolean shared) {
		if (shared) {
			this.readers++;
		}
		else {
			this.exclusive = true;
		}
	}

	private void giveBack(boolean shared) {
		if (shared ? this.readers == 0 : !this.exclusive) {
			throw new IllegalStateException((shared ? "A shared" : "An exclusive")
					+ " turn of the local queue was given back, but none was out");
		}
		if (shared) {
			this.readers--;
		}
		else {
			this.exclusive = false;
		}
		grantWaiting();
	}

	private void leave(Waiter waiter) {
		this.waiting.remove(waiter);
		// a writer that gave up at the head may have held readers back
		grantWaiting();
	}

	/** Gives turns to the waiters at the head of the queue that may have one now, in order. */
	private void grantWaiting() {
		Waiter head;
		while ((head = this.waiting.peekFirst()) != null && free(head.shared)) {
			this.waiting.removeFirst();
			take(head.shared);
			head.granted = true;
			head.turn.signal();
		}
		this.queued = this.waiting.size();
	}

	/**
	 * A thread waiting for its turn; guarded.
	 */
	private static final class Waiter {

		private final boolean shared;

		private final Condition turn;

		private boolean granted;

		Waiter(boolean shared, Condition turn) {
			this.shared = shared;
			this.turn = turn;
		}

	}

}
