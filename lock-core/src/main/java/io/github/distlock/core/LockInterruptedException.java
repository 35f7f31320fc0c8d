package io.github.distlock.core;

/**
 * Thrown when a thread is interrupted while it waits for a lock. The thread's interrupt status
 * is set again, and no lock node is left behind.
 */
public class LockInterruptedException extends DistributedLockException {

	private static final long serialVersionUID = 1L;

	public LockInterruptedException(String key, String path, InterruptedException cause) {
		super("Interrupted while waiting for lock '" + key + "' (" + path + ")", cause);
	}

}
