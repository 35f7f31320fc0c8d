package io.github.distlock.core;

import java.time.Duration;

import io.github.distlock.annotation.LockType;

/**
 * The SPI of a lock backend: acquires a lock on a key. The handle it returns releases the lock
 * when closed. Implementations share one recipe per lock so that a thread may re-enter a
 * reentrant lock it holds.
 */
public interface LockRegistry {

	/**
	 * Acquires a lock.
	 * @param key the lock key, not blank
	 * @param type the kind of lock
	 * @param waitTime how long to wait; {@link Duration#ZERO} tries once
	 * @return the held lock
	 * @throws LockAcquisitionException if the wait time elapsed
	 * @throws LockInterruptedException if the thread was interrupted while waiting
	 * @throws LockBackendException if the lock service failed
	 */
	LockHandle acquire(String key, LockType type, Duration waitTime);

}
