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
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

import io.github.distlock.annotation.LockType;

/**
 * A request for the locks of several keys, all or none: {@link LockOperations} takes them in
 * the order of {@link #keys()} and releases them in reverse.
 *
 * @param keys the keys, without duplicates, in ascending order: the one order every process
 * takes them in, so that two callers whose key sets overlap cannot each wait for the other
 * @param type the kind of lock on every key
 * @param waitTime how long to wait for all of them together; {@link Duration#ZERO} tries each
 * once
 * @param name a bounded name for the kind of lock, used in metrics and logs instead of the keys
 * @param holdAtLeast how long after its acquisition each lock stays held at least, as
 * {@link LockRequest#holdAtLeast()}
 * @param revocable whether the holder may be asked to give each lock up, as
 * {@link LockRequest#revocable()}
 * @param maxHold how long after its acquisition each lock is held at most, as
 * {@link LockRequest#maxHold()}
 * @param permits how many holders each key's {@link LockType#SEMAPHORE} has at most, as
 * {@link LockRequest#permits()}
 * @since 0.1.0
 */
public record MultiLockRequest(List<String> keys, LockType type, Duration waitTime, String name,
		Duration holdAtLeast, boolean revocable, Duration maxHold, int permits) {

	public MultiLockRequest {
		keys = ordered(keys);
		Objects.requireNonNull(type, "type");
		Objects.requireNonNull(waitTime, "waitTime");
		Objects.requireNonNull(name, "name");
		if (waitTime.isNegative()) {
			throw new IllegalArgumentException("waitTime must not be negative, but was " + waitTime);
		}
		LockRequest.checkHoldAtLeast(holdAtLeast, type, "the locks " + keys);
		LockRequest.checkMaxHold(maxHold, holdAtLeast, "the locks " + keys);
		LockRequest.checkPermits(permits, type, "the locks " + keys);
	}

	/**
	 * A request for one permit of each key's semaphore, or locks of another type.
	 * @param keys the keys, in any order, duplicates allowed
	 * @param type the kind of lock on every key
	 * @param waitTime how long to wait for all of them together
	 * @param name a bounded name for the kind of lock
	 * @param holdAtLeast how long after its acquisition each lock stays held at least
	 * @param revocable whether the holder may be asked to give each lock up
	 * @param maxHold how long after its acquisition each lock is held at most
	 */
	public MultiLockRequest(List<String> keys, LockType type, Duration waitTime, String name, Duration holdAtLeast,
			boolean revocable, Duration maxHold) {
		this(keys, type, waitTime, name, holdAtLeast, revocable, maxHold, 1);
	}

	/**
	 * A request whose locks are held until they are closed.
	 * @param keys the keys, in any order, duplicates allowed
	 * @param type the kind of lock on every key
	 * @param waitTime how long to wait for all of them together
	 * @param name a bounded name for the kind of lock
	 * @param holdAtLeast how long after its acquisition each lock stays held at least
	 * @param revocable whether the holder may be asked to give each lock up
	 */
	public MultiLockRequest(List<String> keys, LockType type, Duration waitTime, String name, Duration holdAtLeast,
			boolean revocable) {
		this(keys, type, waitTime, name, holdAtLeast, revocable, Duration.ZERO, 1);
	}

	/**
	 * A request that releases the locks when it is closed.
	 * @param keys the keys, in any order, duplicates allowed
	 * @param type the kind of lock on every key
	 * @param waitTime how long to wait for all of them together
	 * @param name a bounded name for the kind of lock
	 */
	public MultiLockRequest(List<String> keys, LockType type, Duration waitTime, String name) {
		this(keys, type, waitTime, name, Duration.ZERO, false);
	}

	/**
	 * A request whose locks are not revocable.
	 * @param keys the keys, in any order, duplicates allowed
	 * @param type the kind of lock on every key
	 * @param waitTime how long to wait for all of them together
	 * @param name a bounded name for the kind of lock
	 * @param holdAtLeast how long after its acquisition each lock stays held at least
	 */
	public MultiLockRequest(List<String> keys, LockType type, Duration waitTime, String name, Duration holdAtLeast) {
		this(keys, type, waitTime, name, holdAtLeast, false);
	}

	/**
	 * A request for {@link LockType#MUTEX} locks with the {@link LockRequest#DEFAULT_NAME default
	 * name}.
	 * @param keys the keys, in any order, duplicates allowed
	 * @param waitTime how long to wait for all of them
	 * @return the request
	 * @throws InvalidLockKeyException if there is no key, or one is null or blank
	 */
	public static MultiLockRequest of(Collection<String> keys, Duration waitTime) {
		return new MultiLockRequest(copy(keys), LockType.MUTEX, waitTime, LockRequest.DEFAULT_NAME);
	}

	/**
	 * The request for one of the keys, with the time left until a deadline.
	 * @param key one of {@link #keys()}
	 * @param waitTime the time left
	 * @return the request for that key's lock
	 */
	public LockRequest requestFor(String key, Duration waitTime) {
		return new LockRequest(key, this.type, waitTime, this.name, this.holdAtLeast, this.revocable, null,
				this.maxHold, this.permits);
	}

	/**
	 * This request with another type.
	 * @param type the type
	 * @return a new request
	 */
	public MultiLockRequest withType(LockType type) {
		return new MultiLockRequest(this.keys, type, this.waitTime, this.name, this.holdAtLeast, this.revocable,
				this.maxHold, this.permits);
	}

	/**
	 * This request with another name.
	 * @param name the name
	 * @return a new request
	 */
	public MultiLockRequest withName(String name) {
		return new MultiLockRequest(this.keys, this.type, this.waitTime, name, this.holdAtLeast, this.revocable,
				this.maxHold, this.permits);
	}

	/**
	 * This request with a time each lock stays held at least.
	 * @param holdAtLeast how long after its acquisition; the type must be
	 * {@link LockType#SEMAPHORE_MUTEX} unless it is zero
	 * @return a new request
	 */
	public MultiLockRequest withHoldAtLeast(Duration holdAtLeast) {
		return new MultiLockRequest(this.keys, this.type, this.waitTime, this.name, holdAtLeast, this.revocable,
				this.maxHold, this.permits);
	}

	/**
	 * This request with a time each lock is held at most.
	 * @param maxHold how long after its acquisition, as {@link LockRequest#withMaxHold(Duration)}
	 * @return a new request
	 */
	public MultiLockRequest withMaxHold(Duration maxHold) {
		return new MultiLockRequest(this.keys, this.type, this.waitTime, this.name, this.holdAtLeast, this.revocable,
				maxHold, this.permits);
	}

	/**
	 * This request for {@link LockType#SEMAPHORE}s with a number of permits.
	 * @param permits how many holders each key's semaphore has at most, at least 1
	 * @return a new request
	 */
	public MultiLockRequest withPermits(int permits) {
		return new MultiLockRequest(this.keys, this.type, this.waitTime, this.name, this.holdAtLeast, this.revocable,
				this.maxHold, permits);
	}

	private static List<String> copy(Collection<String> keys) {
		return (keys != null) ? new ArrayList<>(keys) : null;
	}

	private static List<String> ordered(List<String> keys) {
		if (keys == null || keys.isEmpty()) {
			throw new InvalidLockKeyException("A multi-key lock needs at least one key, but "
					+ ((keys == null) ? "the keys were null" : "the collection of keys was empty"));
		}
		TreeSet<String> ordered = new TreeSet<>();
		int index = 0;
		for (String key : keys) {
			if (key == null || key.isBlank()) {
				throw new InvalidLockKeyException("Lock key " + index + " of " + keys.size()
						+ " must not be null or blank, but was " + ((key != null) ? "'" + key + "'" : "null"));
			}
			ordered.add(key);
			index++;
		}
		return List.copyOf(ordered);
	}

}
