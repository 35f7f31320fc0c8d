package io.github.distlock.core;

import java.util.EnumSet;
import java.util.Set;

import io.github.distlock.annotation.LockType;

/**
 * The SPI of a lock backend: acquires a lock on a key. The handle it returns releases the lock
 * when closed. Implementations share one recipe per lock so that a thread may re-enter a
 * reentrant lock it holds.
 */
public interface LockRegistry {

	/**
	 * Acquires a lock.
	 * @param request the key, type, wait time and name of the lock
	 * @return the held lock
	 * @throws LockAcquisitionException if the wait time elapsed
	 * @throws LockInterruptedException if the thread was interrupted while waiting
	 * @throws LockBackendException if the lock service failed
	 */
	LockHandle acquire(LockRequest request);

	/**
	 * The lock types this backend can acquire. {@code @DistributedLock} methods of another type
	 * fail start-up, and {@link LockOperations} refuses a request of another type before it
	 * waits.
	 * @return the supported types, all of them unless the backend says otherwise
	 */
	default Set<LockType> supportedTypes() {
		return EnumSet.allOf(LockType.class);
	}

}
