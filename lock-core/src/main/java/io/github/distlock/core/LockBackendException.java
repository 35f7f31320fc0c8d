package io.github.distlock.core;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when the lock service fails or cannot be reached.
 */
public class LockBackendException extends DistributedLockException {

	private static final long serialVersionUID = 1L;

	public LockBackendException(String message, @Nullable Throwable cause) {
		super(message, cause);
	}

}
