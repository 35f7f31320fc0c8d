package io.github.distlock.core;

import java.util.Locale;

/**
 * How an attempt to acquire a lock ended, as metrics and observations tag it.
 */
public enum AcquisitionOutcome {

	/** The lock was acquired. */
	ACQUIRED,

	/** The wait time elapsed ({@link LockAcquisitionException}). */
	TIMEOUT,

	/** The lock service failed or was unreachable ({@link LockBackendException}). */
	FAILED,

	/** The thread was interrupted ({@link LockInterruptedException}). */
	INTERRUPTED,

	/** The key was null, blank or its expression failed ({@link InvalidLockKeyException}). */
	INVALID_KEY,

	/** The thread tried to re-enter a lock it had lost ({@link LockLostException}). */
	LOST;

	/**
	 * The outcome of a failed attempt.
	 * @param failure why it failed
	 * @return the outcome
	 */
	public static AcquisitionOutcome of(DistributedLockException failure) {
		if (failure instanceof LockAcquisitionException) {
			return TIMEOUT;
		}
		if (failure instanceof LockInterruptedException) {
			return INTERRUPTED;
		}
		if (failure instanceof InvalidLockKeyException) {
			return INVALID_KEY;
		}
		if (failure instanceof LockLostException) {
			return LOST;
		}
		return FAILED;
	}

	/**
	 * The tag value: the name in lower case, words joined by {@code -} ({@code invalid-key}).
	 * @return the tag value
	 */
	public String tagValue() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

}
