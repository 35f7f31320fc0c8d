package io.github.distlock.core;

import java.time.Duration;

/**
 * Thrown when a lock could not be acquired within its wait time.
 */
public class LockAcquisitionException extends DistributedLockException {

	private static final long serialVersionUID = 1L;

	private final String key;

	private final String path;

	private final Duration waited;

	public LockAcquisitionException(String key, String path, Duration waited) {
		super("Could not acquire lock '" + key + "' (" + path + ") within " + waited.toMillis() + " ms");
		this.key = key;
		this.path = path;
		this.waited = waited;
	}

	/**
	 * The key of the lock.
	 * @return the key
	 */
	public String getKey() {
		return this.key;
	}

	/**
	 * The lock path.
	 * @return the path
	 */
	public String getPath() {
		return this.path;
	}

	/**
	 * How long the caller waited.
	 * @return the time waited
	 */
	public Duration getWaited() {
		return this.waited;
	}

}
