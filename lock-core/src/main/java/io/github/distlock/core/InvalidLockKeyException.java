package io.github.distlock.core;

/**
 * Thrown when a lock key is null or blank, or its expression evaluates to such a value.
 */
public class InvalidLockKeyException extends DistributedLockException {

	private static final long serialVersionUID = 1L;

	public InvalidLockKeyException(String message) {
		super(message);
	}

}
