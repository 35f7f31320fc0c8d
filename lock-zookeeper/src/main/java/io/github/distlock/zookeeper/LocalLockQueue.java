package io.github.distlock.zookeeper;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import io.github.distlock.annotation.LockType;

/**
 * The first level of two-level locking: threads of this JVM that want the same lock queue here,
 * in FIFO order, before one of them goes to ZooKeeper. The JVM then has at most one ZooKeeper
 * contender per exclusive lock, and its waiters are woken one at a time instead of all at each
 * release (Curator wakes every thread waiting on a shared recipe, and each re-reads the lock's
 * children). It has the semantics of the ZooKeeper recipe behind it: reentrant per thread for
 * {@code MUTEX}, shared readers and a reentrant writer that may also read for {@code READ} and
 * {@code WRITE}, and one permit that any thread may return for {@code SEMAPHORE_MUTEX}.
 */
abstract sealed class LocalLockQueue {

	static LocalLockQueue of(RecipeKind kind) {
		return switch (kind) {
			case MUTEX -> new Mutex();
			case READ_WRITE -> new ReadWrite();
			case SEMAPHORE_MUTEX -> new SinglePermit();
		};
	}

	/**
	 * Waits for this JVM's turn.
	 * @return whether it was had within the wait
	 */
	abstract boolean tryAcquire(LockType type, long waitNanos) throws InterruptedException;

	abstract void release(LockType type);

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

	}

}
