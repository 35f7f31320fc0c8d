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

import org.jspecify.annotations.Nullable;

/**
 * The lock implementations measured on etcd, in table order. Each uses its own keys; the
 * Redisson peer its own Redis keys. {@code bench.implementations} selects them by the ids of
 * their ZooKeeper counterparts ({@link #counterpart()}); etcd's lock service, the reference of
 * every ratio, has none and always runs.
 */
enum EtcdImplementation {

	/** The floor: a put and its delete through jetcd; not a lock. */
	FLOOR("floor: put + delete (not a lock)", false, Implementation.FLOOR),

	/** etcd's own lock service through jetcd's {@code Lock} client, a lease per thread. */
	JETCD_LOCK("jetcd Lock (etcd's lock service)", true, null),

	/** The starter's {@code LockOperations.execute} on the etcd backend. */
	LOCK_OPERATIONS("LockOperations.execute", true, Implementation.LOCK_OPERATIONS),

	/**
	 * The starter's {@code LockOperations.execute} on the etcd backend with lock caching on: a
	 * second Spring context, under its own root path ({@link StarterContext#cachedVariant}).
	 */
	LOCK_OPERATIONS_CACHED(Implementation.LOCK_OPERATIONS_CACHED.label(), true,
			Implementation.LOCK_OPERATIONS_CACHED),

	/** A {@code @DistributedLock} bean method on the etcd backend, called through its proxy. */
	ANNOTATED("@DistributedLock method", true, Implementation.ANNOTATED),

	/** Redisson's {@code RLock} on a single Redis server ({@link RedissonLocks}): a peer, not on etcd. */
	REDISSON(Implementation.REDISSON.label(), true, Implementation.REDISSON);

	/** The implementation that ratios are taken against. */
	static final EtcdImplementation REFERENCE = JETCD_LOCK;

	/** The peer that the second ratios are taken against. */
	static final EtcdImplementation PEER = REDISSON;

	private final String label;

	private final boolean lock;

	private final @Nullable Implementation counterpart;

	EtcdImplementation(String label, boolean lock, @Nullable Implementation counterpart) {
		this.label = label;
		this.lock = lock;
		this.counterpart = counterpart;
	}

	/**
	 * The etcd implementations that a selection of {@code bench.implementations} stands for:
	 * those whose counterpart it selects, and etcd's lock service.
	 * @param selected the selected implementations
	 * @return the etcd ones, in table order
	 */
	static List<EtcdImplementation> selectedBy(List<Implementation> selected) {
		return Arrays.stream(values())
			.filter((implementation) -> implementation.counterpart == null
					|| selected.contains(implementation.counterpart))
			.toList();
	}

	/** The ZooKeeper run's implementation whose id selects this one; {@code null} for the reference. */
	@Nullable Implementation counterpart() {
		return this.counterpart;
	}

	String label() {
		return this.label;
	}

	/** Whether it excludes other holders, so that overlapping critical sections mean a fault. */
	boolean isLock() {
		return this.lock;
	}

	/** Whether it runs on the etcd server, so that etcd's message counter measures it. */
	boolean onEtcd() {
		return this != REDISSON;
	}

}
