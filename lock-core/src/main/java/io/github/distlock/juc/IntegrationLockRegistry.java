package io.github.distlock.juc;

import java.util.Objects;
import java.util.concurrent.locks.Lock;

import org.springframework.integration.support.locks.LockRegistry;

/**
 * Spring Integration's {@link LockRegistry} on distributed locks: a {@code MUTEX} per key, the
 * key being the lock key's {@code toString()}. Replacing the application's Spring Integration
 * lock registry bean with this one moves its aggregators, idempotent receivers and leader
 * initiators to ZooKeeper or etcd.
 */
public class IntegrationLockRegistry implements LockRegistry<Lock> {

	private final DistributedLocks locks;

	/**
	 * A registry on distributed locks.
	 * @param locks the locks
	 */
	public IntegrationLockRegistry(DistributedLocks locks) {
		this.locks = Objects.requireNonNull(locks, "locks");
	}

	/**
	 * The lock of a key.
	 * @param lockKey the key; its {@code toString()} is the lock key
	 * @return the lock
	 * @throws io.github.distlock.core.InvalidLockKeyException if the key is blank
	 */
	@Override
	public Lock obtain(Object lockKey) {
		Objects.requireNonNull(lockKey, "lockKey");
		return this.locks.obtain(lockKey.toString());
	}

}
