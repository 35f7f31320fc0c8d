package io.github.distlock.benchmark;

/**
 * One thread's way of running a cycle with one implementation.
 */
@FunctionalInterface
interface Contender {

	/**
	 * Acquires the lock on the key, runs the critical section, releases the lock.
	 * @param key the key
	 * @param criticalSection the work done while holding the lock
	 * @throws Exception if the lock cannot be had or released
	 */
	void cycle(String key, Runnable criticalSection) throws Exception;

}
