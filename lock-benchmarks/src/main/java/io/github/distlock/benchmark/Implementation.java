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

package io.github.distlock.benchmark;

import java.util.Arrays;
import java.util.List;

/**
 * The lock implementations measured, in table order. Each uses its own ZooKeeper paths; the
 * Redisson peer its own Redis keys.
 */
enum Implementation {

	/** The floor: an EPHEMERAL_SEQUENTIAL create and its delete through Curator; not a lock. */
	FLOOR("floor", "floor: create + delete (not a lock)"),

	/**
	 * The floor of the starter's MUTEX cycle on ZooKeeper ({@link TransactionFloor}): its create
	 * (with the lock path when new) and its delete sent, on the raw ZooKeeper client; not a lock.
	 */
	TRANSACTION_FLOOR("transaction-floor", "floor: the starter's create, delete sent (raw client, not a lock)"),

	/** Curator's {@code InterProcessMutex}, one instance per thread (and key). */
	CURATOR_PER_THREAD("curator-thread", "Curator InterProcessMutex, instance per thread"),

	/** Curator's {@code InterProcessMutex}, one instance per path shared by the threads. */
	CURATOR_SHARED("curator-shared", "Curator InterProcessMutex, shared instance per path"),

	/** The starter's {@code LockOperations.execute}. */
	LOCK_OPERATIONS("lock-operations", "LockOperations.execute"),

	/**
	 * The starter's {@code LockOperations.execute} with lock caching on
	 * ({@code distributed-lock.cache.enabled=true}): a second Spring context, under its own root
	 * path ({@link StarterContext#cachedVariant}).
	 */
	LOCK_OPERATIONS_CACHED("lock-operations-cached", "LockOperations.execute, lock caching on"),

	/** A {@code @DistributedLock} bean method called through its proxy. */
	ANNOTATED("annotated", "@DistributedLock method"),

	/** Redisson's {@code RLock} on a single Redis server ({@link RedissonLocks}): a peer, not on ZooKeeper. */
	REDISSON("redisson", "Redisson RLock (Redis, not consensus)");

	/** The implementation that ratios are taken against. */
	static final Implementation REFERENCE = CURATOR_PER_THREAD;

	/** The peer that the second ratios are taken against. */
	static final Implementation PEER = REDISSON;

	private final String id;

	private final String label;

	Implementation(String id, String label) {
		this.id = id;
		this.label = label;
	}

	String id() {
		return this.id;
	}

	String label() {
		return this.label;
	}

	/** Whether it excludes other holders, so that overlapping critical sections mean a fault. */
	boolean isLock() {
		return this != FLOOR && this != TRANSACTION_FLOOR;
	}

	/** Whether it runs on the ZooKeeper server, so that the server's counters measure it. */
	boolean onZooKeeper() {
		return this != REDISSON;
	}

	static Implementation fromId(String id) {
		return Arrays.stream(values())
			.filter((implementation) -> implementation.id.equals(id))
			.findFirst()
			.orElseThrow(() -> new IllegalArgumentException(
					"Unknown implementation '" + id + "'; use 'all' or some of " + ids()));
	}

	static List<String> ids() {
		return Arrays.stream(values()).map(Implementation::id).toList();
	}

}
