package io.github.distlock.annotation;

/**
 * The kinds of distributed lock. Every backend gives each kind the same meaning; the names in
 * parentheses are the Apache Curator recipes the ZooKeeper backend uses or interoperates with.
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
