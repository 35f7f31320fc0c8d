package io.github.distlock.core;

import java.time.Duration;
import java.util.Objects;

import io.github.distlock.annotation.LockType;

/**
 * A request for a lock.
 *
 * @param key the lock key, not blank
 * @param type the kind of lock
 * @param waitTime how long to wait; {@link Duration#ZERO} tries once
 * @param name a bounded name for the kind of lock, used in metrics and logs instead of the key
 * (the annotated method, for {@code @DistributedLock})
 */
public record LockRequest(String key, LockType type, Duration waitTime, String name) {

	/** The name of locks requested through {@link LockOperations} without one. */
	public static final String DEFAULT_NAME = "programmatic";

	public LockRequest {
		if (key == null || key.isBlank()) {
			throw new InvalidLockKeyException("Lock key must not be null or blank, but was "
					+ ((key != null) ? "'" + key + "'" : "null"));
		}
		Objects.requireNonNull(type, "type");
		Objects.requireNonNull(waitTime, "waitTime");
		Objects.requireNonNull(name, "name");
		if (waitTime.isNegative()) {
			throw new IllegalArgumentException("waitTime must not be negative, but was " + waitTime);
		}
	}

	/**
	 * A request for a {@link LockType#MUTEX} with the {@link #DEFAULT_NAME default name}.
	 * @param key the lock key
	 * @param waitTime how long to wait
	 * @return the request
	 */
	public static LockRequest of(String key, Duration waitTime) {
		return new LockRequest(key, LockType.MUTEX, waitTime, DEFAULT_NAME);
	}

	/**
	 * This request with another type.
	 * @param type the type
	 * @return a new request
	 */
	public LockRequest withType(LockType type) {
		return new LockRequest(this.key, type, this.waitTime, this.name);
	}

	/**
	 * This request with another name.
	 * @param name the name
	 * @return a new request
	 */
	public LockRequest withName(String name) {
		return new LockRequest(this.key, this.type, this.waitTime, name);
	}

}
