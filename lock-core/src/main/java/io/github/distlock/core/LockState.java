package io.github.distlock.core;

/**
 * The state of an {@link AcquiredLock}.
 */
public enum LockState {

	/**
	 * Held, and the session behind it is connected to the lock service.
	 */
	HELD,

	/**
	 * The connection to the lock service is suspended: the lock may already be lost. It returns to
	 * {@link #HELD} if the same session reconnects.
	 */
	IN_DOUBT,

	/**
	 * The session (or lease) behind the lock expired or was lost: another process may hold the lock.
	 */
	LOST,

	/**
	 * Released by its holder.
	 */
	RELEASED;

}
