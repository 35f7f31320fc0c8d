package io.github.distlock.core;

/**
 * An {@link AcquiredLock} that its holder releases by closing it, typically in a
 * try-with-resources block. Closing more than once has no further effect.
 */
public interface LockHandle extends AcquiredLock, AutoCloseable {

	/**
	 * Releases the lock. A release that fails in the lock service is logged and the lock is
	 * removed in the background; this method does not throw for it.
	 */
	@Override
	void close();

}
