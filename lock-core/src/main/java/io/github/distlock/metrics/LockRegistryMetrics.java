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

package io.github.distlock.metrics;

import io.github.distlock.core.LockIntrospection;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Gauges of the locks of this process now: {@value #ACTIVE} (lock handles held),
 * {@value #PENDING} (threads waiting for a lock) and {@value #CACHED} (locks kept with no
 * holder, by lock caching). Untagged, so their number is fixed.
 *
 * @since 0.1.0
 */
public class LockRegistryMetrics implements MeterBinder {

	/** Gauge of the lock handles held by this process now. */
	public static final String ACTIVE = "distributed.lock.active";

	/** Gauge of the threads of this process waiting for a lock now. */
	public static final String PENDING = "distributed.lock.pending";

	/** Gauge of the locks this process keeps in the lock service with no holder now (lock caching). */
	public static final String CACHED = "distributed.lock.cached";

	private final LockIntrospection locks;

	public LockRegistryMetrics(LockIntrospection locks) {
		this.locks = locks;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder(ACTIVE, this.locks, (locks) -> locks.heldLocks().size())
			.description("Distributed locks held by this process now (a reentrant hold counts again)")
			.register(registry);
		Gauge.builder(PENDING, this.locks, (locks) -> locks.waiters().size())
			.description("Threads of this process waiting for a distributed lock now")
			.register(registry);
		Gauge.builder(CACHED, this.locks, (locks) -> locks.cachedLocks().size())
			.description("Distributed locks this process keeps with no holder now, for its next thread (lock caching)")
			.register(registry);
	}

}
