package io.github.distlock.core;

import java.util.Collection;
import java.util.List;

import io.github.distlock.annotation.LockType;

/**
 * What a lock backend can tell about its locks: those this process holds and awaits, and the
 * contenders for a key across all processes. The {@code locks} endpoint and the lock gauges
 * read it; it never takes or releases a lock.
 */
public interface LockIntrospection {

	/**
	 * The locks this process holds now.
	 * @return a snapshot of the held locks
	 */
	List<? extends AcquiredLock> heldLocks();

	/**
	 * The threads of this process waiting for a lock now.
	 * @return a snapshot of the waiters
	 */
	List<LockWaiter> waiters();

	/**
	 * The lock path a key maps to.
	 * @param key the lock key
	 * @return the lock path
	 * @throws InvalidLockKeyException if the key cannot name a lock
	 */
	String pathOf(String key);

	/**
	 * The contenders for a key across all processes, as the lock service sees them, holder
	 * first.
	 * @param key the lock key
	 * @param type the kind of lock
	 * @return the contenders' names in the lock service
	 * @throws LockBackendException if the lock service cannot be read
	 */
	Collection<String> participants(String key, LockType type);

}
