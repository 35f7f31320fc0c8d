package io.github.distlock.benchmark;

import io.github.distlock.annotation.DistributedLock;

/**
 * The annotated implementation: a bean whose method holds {@code @DistributedLock}, called
 * through its proxy. The wait time is {@code distributed-lock.default-wait-time}.
 */
public class LockedMethods {

	/**
	 * Runs the critical section holding the lock on {@code bench:<key>}.
	 * @param key the key
	 * @param criticalSection the work
	 */
	@DistributedLock(key = "'bench:' + #key")
	public void cycle(String key, Runnable criticalSection) {
		criticalSection.run();
	}

}
