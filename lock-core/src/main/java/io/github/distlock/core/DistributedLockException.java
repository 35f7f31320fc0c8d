package io.github.distlock.core;

import org.jspecify.annotations.Nullable;

/**
 * Base of the exceptions thrown by distributed locking.
 */
public class DistributedLockException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	public DistributedLockException(String message) {
		super(message);
	}

	public DistributedLockException(String message, @Nullable Throwable cause) {
		super(message, cause);
	}

}
