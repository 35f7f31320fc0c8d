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

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import io.github.distlock.annotation.LockType;

/**
 * The first level of two-level locking: threads of this JVM that want the same lock queue here,
 * in FIFO order, before one of them goes to the lock service. The JVM then has at most one
 * contender in the lock service per exclusive lock, and its waiters are woken one at a time. It
 * has the semantics of the lock behind it: reentrant per thread for {@code MUTEX}, shared
 * readers and a reentrant writer that may also read for {@code READ} and {@code WRITE} (one
 * queue for both), and one permit that any thread may return for {@code SEMAPHORE_MUTEX}.
 */
abstract sealed class LocalLockQueue {

	/**
	 * A queue for a kind of lock; {@code READ} and {@code WRITE} share one kind.
	 * @param type a lock type of the kind
	 * @return a new queue
	 */
	static LocalLockQueue of(LockType type) {
		return switch (type) {
			case MUTEX -> new Mutex();
			case READ, WRITE -> new ReadWrite();
			case SEMAPHORE_MUTEX -> new SinglePermit();
		};
	}

	/**
	 * Waits for this JVM's turn.
	 * @param type the lock type asked for
	 * @param waitNanos how long to wait
	 * @return whether it was had within the wait
	 * @throws InterruptedException if the thread was interrupted while waiting
	 */
	abstract boolean tryAcquire(LockType type, long waitNanos) throws InterruptedException;

	/**
	 * Gives the turn to the next thread; by the thread that had it, except for
	 * {@code SEMAPHORE_MUTEX}.
	 * @param type the lock type that was had
	 */
	abstract void release(LockType type);

	/**
	 * Whether other threads wait for their turn now.
	 * @return whether a thread is queued
	 */
	abstract boolean hasQueuedThreads();

	static final class Mutex extends LocalLockQueue {

		private final ReentrantLock lock = new ReentrantLock(true);

		@Override
		boolean tryAcquire(LockType type, long waitNanos) throws InterruptedException {
			return this.lock.tryLock(waitNanos, TimeUnit.NANOSECONDS);
		}

		@Override
		void release(LockType type) {
			this.lock.unlock();
		}

		@Override
		boolean hasQueuedThreads() {
			return this.lock.hasQueuedThreads();
		}

	}

	static final class ReadWrite extends LocalLockQueue {

		private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock(true);

		@Override
		boolean tryAcquire(LockType type, long waitNanos) throws InterruptedException {
			return (type == LockType.READ) ? this.lock.readLock().tryLock(waitNanos, TimeUnit.NANOSECONDS)
					: this.lock.writeLock().tryLock(waitNanos, TimeUnit.NANOSECONDS);
		}

		@Override
		void release(LockType type) {
			if (type == LockType.READ) {
				this.lock.readLock().unlock();
			}
			else {
				this.lock.writeLock().unlock();
			}
		}

		@Override
		boolean hasQueuedThreads() {
			return this.lock.hasQueuedThreads();
		}

	}

	static final class SinglePermit extends LocalLockQueue {

		private final Semaphore permit = new Semaphore(1, true);

		@Override
		boolean tryAcquire(LockType type, long waitNanos) throws InterruptedException {
			return this.permit.tryAcquire(waitNanos, TimeUnit.NANOSECONDS);
		}

		@Override
		void release(LockType type) {
			this.permit.release();
		}

		@Override
		boolean hasQueuedThreads() {
			return this.permit.hasQueuedThreads();
		}

	}

}
