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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.annotation.LockType;
import org.jspecify.annotations.Nullable;

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
 * <p>
 * An asynchronous acquisition waits in the same queue with no thread: its turn is a future,
 * completed once the guard is released; a future that ended before its turn came (its deadline,
 * its caller's cancel) leaves the queue, or gives back the turn it was granted meanwhile.
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
		List<Waiter> granted = List.of();
		this.guard.lock();
		try {
			if (this.waiting.isEmpty() && free(shared)) {
				take(shared);
				return true;
			}
			if (waitNanos <= 0) {
				return false;
			}
			Condition turn = this.guard.newCondition();
			Waiter waiter = new Waiter(shared, turn, null);
			this.waiting.addLast(waiter);
			this.queued = this.waiting.size();
			long remaining = waitNanos;
			try {
				while (!waiter.granted) {
					if (remaining <= 0) {
						granted = leave(waiter);
						return false;
					}
					remaining = turn.awaitNanos(remaining);
				}
				return true;
			}
			catch (InterruptedException ex) {
				granted = (waiter.granted) ? giveBack(shared) : leave(waiter);
				throw ex;
			}
		}
		finally {
			this.guard.unlock();
			completeTurns(granted);
		}
	}

	/**
	 * Asks for this JVM's turn with no thread waiting.
	 * @param type the lock type asked for
	 * @return completed when the turn is had; the caller completes it exceptionally (its
	 * deadline) or cancels it to leave the queue, and gives back the turn with
	 * {@link #release(LockType)} once it was had
	 */
	CompletableFuture<Void> acquireAsync(LockType type) {
		boolean shared = (type == LockType.READ);
		CompletableFuture<Void> turn = new CompletableFuture<>();
		Waiter waiter = new Waiter(shared, null, turn);
		this.guard.lock();
		try {
			if (this.waiting.isEmpty() && free(shared)) {
				take(shared);
				waiter.granted = true;
			}
			else {
				this.waiting.addLast(waiter);
				this.queued = this.waiting.size();
			}
		}
		finally {
			this.guard.unlock();
		}
		if (waiter.granted) {
			turn.complete(null);
			return turn;
		}
		turn.whenComplete((ignored, failure) -> {
			if (failure != null) {
				leaveUnlessGranted(waiter);
			}
		});
		return turn;
	}

	/**
	 * An asynchronous waiter's future ended before its turn: it leaves the queue. A turn granted
	 * meanwhile is given back by whoever granted it, whose completion of the future failed.
	 */
	private void leaveUnlessGranted(Waiter waiter) {
		List<Waiter> granted;
		this.guard.lock();
		try {
			if (waiter.granted) {
				return;
			}
			granted = leave(waiter);
		}
		finally {
			this.guard.unlock();
		}
		completeTurns(granted);
	}

	/**
	 * Gives the turn to the next threads; by any thread.
	 * @param type the lock type that was had
	 */
	void release(LockType type) {
		List<Waiter> granted;
		this.guard.lock();
		try {
			granted = giveBack(type == LockType.READ);
		}
		finally {
			this.guard.unlock();
		}
		completeTurns(granted);
	}

	/**
	 * Completes the turns granted to asynchronous waiters, outside the guard; a turn whose future
	 * ended before is given back.
	 */
	private void completeTurns(List<Waiter> granted) {
		for (Waiter waiter : granted) {
			if (!waiter.future.complete(null)) {
				release(waiter.shared ? LockType.READ : LockType.MUTEX);
			}
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

	/**
	 * Gives back a turn; guarded.
	 * @return the asynchronous waiters granted a turn, to complete outside the guard
	 */
	private List<Waiter> giveBack(boolean shared) {
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
		return grantWaiting();
	}

	/**
	 * Takes a waiter out of the queue; guarded.
	 * @return the asynchronous waiters granted a turn, to complete outside the guard
	 */
	private List<Waiter> leave(Waiter waiter) {
		this.waiting.remove(waiter);
		// a writer that gave up at the head may have held readers back
		return grantWaiting();
	}

	/**
	 * Gives turns to the waiters at the head of the queue that may have one now, in order: a
	 * thread is signalled, an asynchronous waiter is returned.
	 */
	private List<Waiter> grantWaiting() {
		List<Waiter> granted = List.of();
		Waiter head;
		while ((head = this.waiting.peekFirst()) != null && free(head.shared)) {
			this.waiting.removeFirst();
			take(head.shared);
			head.granted = true;
			if (head.turn != null) {
				head.turn.signal();
			}
			else {
				if (granted.isEmpty()) {
					granted = new ArrayList<>(2);
				}
				granted.add(head);
			}
		}
		this.queued = this.waiting.size();
		return granted;
	}

	/**
	 * A thread, or an asynchronous acquisition, waiting for its turn; guarded.
	 */
	private static final class Waiter {

		private final boolean shared;

		/** The waiting thread's condition; {@code null} for an asynchronous waiter. */
		private final @Nullable Condition turn;

		/** The asynchronous waiter's turn; {@code null} for a thread. */
		private final @Nullable CompletableFuture<Void> future;

		private boolean granted;

		Waiter(boolean shared, @Nullable Condition turn, @Nullable CompletableFuture<Void> future) {
			this.shared = shared;
			this.turn = turn;
			this.future = future;
		}

	}

}
