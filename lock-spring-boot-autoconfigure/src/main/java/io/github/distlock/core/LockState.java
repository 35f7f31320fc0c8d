package io.github.distlock.core;

/**
 * The state of an {@link AcquiredLock}.
 */
public enum LockState {

	/**
	 * Held, and the ZooKeeper session behind it is connected.
	 */
	HELD,

	/**
	 * The connection to ZooKeeper is suspended: the lock may already be lost. It returns to
	 * {@link #HELD} if the same session reconnects.
	 */
	IN_DOUBT,

	/**
	 * The session behind the lock expired or was lost: another process may hold the lock.
	 */
	LOST,

	/**
	 * Released by its holder.
	 */
	RELEASED;

}
