package io.github.distlock.annotation;

/**
 * The kinds of distributed lock, each backed by an Apache Curator recipe.
 */
public enum LockType {

	/**
	 * Exclusive, fair and reentrant per thread ({@code InterProcessMutex}).
	 */
	MUTEX,

	/**
	 * Exclusive and not reentrant; may be released by another thread (a single-lease
	 * {@code InterProcessSemaphoreV2}, the recipe behind {@code InterProcessSemaphoreMutex}).
	 */
	SEMAPHORE_MUTEX,

	/**
	 * Shared with other readers, excluded by a writer ({@code InterProcessReadWriteLock} read
	 * lock).
	 */
	READ,

	/**
	 * Exclusive against readers and writers ({@code InterProcessReadWriteLock} write lock);
	 * a holder may also take the read lock of the same key.
	 */
	WRITE

}
