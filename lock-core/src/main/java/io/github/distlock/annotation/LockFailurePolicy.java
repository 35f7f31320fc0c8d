package io.github.distlock.annotation;

/**
 * What an annotated method does when its lock cannot be acquired: the wait time elapsed, or
 * the lock service could not be reached.
 */
public enum LockFailurePolicy {

	/**
	 * Throw the {@code DistributedLockException} (a {@code LockAcquisitionException} when the
	 * wait time elapsed).
	 */
	THROW,

	/**
	 * Do not run the method; return {@code null}, an empty {@code Optional} or an empty
	 * collection, map or array. A method with a primitive return type other than {@code void}
	 * is refused at start-up.
	 */
	SKIP,

	/**
	 * Call the method named by {@link DistributedLock#fallback()} on the same bean with the
	 * same arguments and return its result.
	 */
	FALLBACK

}
