/*
 * SPDX-License-Identifier: Apache-2.0
 * Copyright 2026 the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.distlock.core;

import java.time.Duration;
import java.util.Objects;

import io.github.distlock.annotation.LockType;
import org.jspecify.annotations.Nullable;

/**
 * A request for a lock.
 *
 * @param key the lock key, not blank
 * @param type the kind of lock
 * @param waitTime how long to wait; {@link Duration#ZERO} tries once
 * @param name a bounded name for the kind of lock, used in metrics and logs instead of the key
 * (the annotated method, for {@code @DistributedLock})
 * @param holdAtLeast how long after its acquisition the lock stays held at least: a
 * {@link LockHandle#close() close} before then gives the lock up in the background once that
 * much time has passed, so that a short scheduled job is not run again by another process whose
 * schedule fires a little later; {@link Duration#ZERO} (the default) releases at once. Only a
 * {@link LockType#SEMAPHORE_MUTEX} or {@link LockType#SEMAPHORE} may be released by a thread
 * other than its holder, so only they take a positive value.
 * @param revocable whether another process or an operator may ask the holder to give the lock up
 * ({@link LockOperations#requestRevocation(String, LockType)}): the holder is told through
 * {@link AcquiredLock#revocationRequested()} and {@link LockListener#onRevocationRequested}; a
 * lock that is not revocable is never affected. A backend supports it for some types only
 * ({@link LockRegistry#supportsRevocation(LockType)}).
 * @param owner who asks, recorded in the lock service with the request's contender, so that any
 * process can read who holds the lock ({@link LockRegistry#ownerOf}); {@code null} (the
 * default) records none. At most {@value #MAX_OWNER_LENGTH} characters, not blank.
 * @param maxHold how long after its acquisition the lock is held at most: if the holder has not
 * closed it by then, the registry gives the lock up itself (deletes its node or key, so that
 * another holder takes it with a greater fencing token), marks the handle
 * {@link LockState#LOST LOST}, tells the {@link LockListener} and, if the registry interrupts
 * the holders of lost locks, interrupts the holder. {@link Duration#ZERO} (the default) holds
 * the lock until it is closed. Not shorter than a positive {@code holdAtLeast}.
 * @param permits how many holders a {@link LockType#SEMAPHORE} has at most, at least 1; 1 for
 * every other type. Every request for a key's semaphore gives the same number.
 * @since 0.1.0
 */
public record LockRequest(String key, LockType type, Duration waitTime, String name, Duration holdAtLeast,
		boolean revocable, @Nullable String owner, Duration maxHold, int permits) {

	/** The name of locks requested through {@link LockOperations} without one. */
	public static final String DEFAULT_NAME = "programmatic";

	/** The longest {@link #owner()} a request may record. */
	public static final int MAX_OWNER_LENGTH = 256;

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
		checkHoldAtLeast(holdAtLeast, type, "lock '" + key + "'");
		if (owner != null && (owner.isBlank() || owner.length() > MAX_OWNER_LENGTH)) {
			throw new IllegalArgumentException("The owner of lock '" + key + "' must not be blank nor longer than "
					+ MAX_OWNER_LENGTH + " characters, but was '" + owner + "'");
		}
		checkMaxHold(maxHold, holdAtLeast, "lock '" + key + "'");
		checkPermits(permits, type, "lock '" + key + "'");
	}

	/**
	 * A request for one permit of a semaphore, or a lock of another type.
	 * @param key the lock key, not blank
	 * @param type the kind of lock
	 * @param waitTime how long to wait
	 * @param name a bounded name for the kind of lock
	 * @param holdAtLeast how long after its acquisition the lock stays held at least
	 * @param revocable whether the holder may be asked to give the lock up
	 * @param owner who asks, or {@code null} to record none
	 * @param maxHold how long after its acquisition the lock is held at most
	 */
	public LockRequest(String key, LockType type, Duration waitTime, String name, Duration holdAtLeast,
			boolean revocable, @Nullable String owner, Duration maxHold) {
		this(key, type, waitTime, name, holdAtLeast, revocable, owner, maxHold, 1);
	}

	/**
	 * A request whose lock is held until it is closed.
	 * @param key the lock key, not blank
	 * @param type the kind of lock
	 * @param waitTime how long to wait
	 * @param name a bounded name for the kind of lock
	 * @param holdAtLeast how long after its acquisition the lock stays held at least
	 * @param revocable whether the holder may be asked to give the lock up
	 * @param owner who asks, or {@code null} to record none
	 */
	public LockRequest(String key, LockType type, Duration waitTime, String name, Duration holdAtLeast,
			boolean revocable, @Nullable String owner) {
		this(key, type, waitTime, name, holdAtLeast, revocable, owner, Duration.ZERO);
	}

	/**
	 * A request that records no owner.
	 * @param key the lock key, not blank
	 * @param type the kind of lock
	 * @param waitTime how long to wait
	 * @param name a bounded name for the kind of lock
	 * @param holdAtLeast how long after its acquisition the lock stays held at least
	 * @param revocable whether the holder may be asked to give the lock up
	 */
	public LockRequest(String key, LockType type, Duration waitTime, String name, Duration holdAtLeast,
			boolean revocable) {
		this(key, type, waitTime, name, holdAtLeast, revocable, null);
	}

	/**
	 * A request that releases the lock when it is closed.
	 * @param key the lock key, not blank
	 * @param type the kind of lock
	 * @param waitTime how long to wait
	 * @param name a bounded name for the kind of lock
	 */
	public LockRequest(String key, LockType type, Duration waitTime, String name) {
		this(key, type, waitTime, name, Duration.ZERO, false);
	}

	/**
	 * A request that is not revocable.
	 * @param key the lock key, not blank
	 * @param type the kind of lock
	 * @param waitTime how long to wait
	 * @param name a bounded name for the kind of lock
	 * @param holdAtLeast how long after its acquisition the lock stays held at least
	 */
	public LockRequest(String key, LockType type, Duration waitTime, String name, Duration holdAtLeast) {
		this(key, type, waitTime, name, holdAtLeast, false);
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
		return new LockRequest(this.key, type, this.waitTime, this.name, this.holdAtLeast, this.revocable,
				this.owner, this.maxHold, this.permits);
	}

	/**
	 * This request with another wait time.
	 * @param waitTime how long to wait; {@link Duration#ZERO} tries once
	 * @return a new request
	 */
	public LockRequest withWaitTime(Duration waitTime) {
		return new LockRequest(this.key, this.type, waitTime, this.name, this.holdAtLeast, this.revocable,
				this.owner, this.maxHold, this.permits);
	}

	/**
	 * This request with another name.
	 * @param name the name
	 * @return a new request
	 */
	public LockRequest withName(String name) {
		return new LockRequest(this.key, this.type, this.waitTime, name, this.holdAtLeast, this.revocable,
				this.owner, this.maxHold, this.permits);
	}

	/**
	 * This request with a time the lock stays held at least.
	 * @param holdAtLeast how long after its acquisition; the type must be
	 * {@link LockType#SEMAPHORE_MUTEX} or {@link LockType#SEMAPHORE} unless it is zero
	 * @return a new request
	 */
	public LockRequest withHoldAtLeast(Duration holdAtLeast) {
		return new LockRequest(this.key, this.type, this.waitTime, this.name, holdAtLeast, this.revocable,
				this.owner, this.maxHold, this.permits);
	}

	/**
	 * This request, revocable or not.
	 * @param revocable whether another process or an operator may ask the holder to give the
	 * lock up
	 * @return a new request
	 */
	public LockRequest withRevocable(boolean revocable) {
		return new LockRequest(this.key, this.type, this.waitTime, this.name, this.holdAtLeast, revocable,
				this.owner, this.maxHold, this.permits);
	}

	/**
	 * This request with an owner, recorded in the lock service with its contender.
	 * @param owner who asks, or {@code null} to record none
	 * @return a new request
	 */
	public LockRequest withOwner(@Nullable String owner) {
		return new LockRequest(this.key, this.type, this.waitTime, this.name, this.holdAtLeast, this.revocable,
				owner, this.maxHold, this.permits);
	}

	/**
	 * This request with a time the lock is held at most.
	 * @param maxHold how long after its acquisition; {@link Duration#ZERO} for no limit; not
	 * shorter than a positive {@link #holdAtLeast()}
	 * @return a new request
	 */
	public LockRequest withMaxHold(Duration maxHold) {
		return new LockRequest(this.key, this.type, this.waitTime, this.name, this.holdAtLeast, this.revocable,
				this.owner, maxHold, this.permits);
	}

	/**
	 * This request for a {@link LockType#SEMAPHORE} with a number of permits.
	 * @param permits how many holders the semaphore has at most, at least 1
	 * @return a new request
	 */
	public LockRequest withPermits(int permits) {
		return new LockRequest(this.key, this.type, this.waitTime, this.name, this.holdAtLeast, this.revocable,
				this.owner, this.maxHold, permits);
	}

	static void checkPermits(int permits, LockType type, String what) {
		if (permits < 1) {
			throw new IllegalArgumentException("permits of " + what + " must be at least 1, but was " + permits);
		}
		if (permits != 1 && type != LockType.SEMAPHORE) {
			throw new IllegalArgumentException("permits (" + permits + ") of " + what + " need type SEMAPHORE, but was "
					+ type + ": every other type has one holder at a time (or shared readers)");
		}
	}

	static void checkMaxHold(Duration maxHold, Duration holdAtLeast, String what) {
		Objects.requireNonNull(maxHold, "maxHold");
		if (maxHold.isNegative()) {
			throw new IllegalArgumentException("maxHold of " + what + " must not be negative, but was " + maxHold);
		}
		if (!maxHold.isZero() && maxHold.compareTo(holdAtLeast) < 0) {
			throw new IllegalArgumentException("maxHold (" + maxHold + ") of " + what
					+ " is shorter than its holdAtLeast (" + holdAtLeast
					+ "): a lock cannot be held at least longer than it may be held at most");
		}
	}

	static void checkHoldAtLeast(Duration holdAtLeast, LockType type, String what) {
		Objects.requireNonNull(holdAtLeast, "holdAtLeast");
		if (holdAtLeast.isNegative()) {
			throw new IllegalArgumentException("holdAtLeast must not be negative, but was " + holdAtLeast);
		}
		if (!holdAtLeast.isZero() && !type.isReleasableByAnyThread()) {
			throw new IllegalArgumentException("holdAtLeast (" + holdAtLeast + ") of " + what
					+ " needs type SEMAPHORE_MUTEX or SEMAPHORE, but was " + type
					+ ": the lock is released by a background thread, and only these types may be released "
					+ "by another thread than its holder");
		}
	}

}
