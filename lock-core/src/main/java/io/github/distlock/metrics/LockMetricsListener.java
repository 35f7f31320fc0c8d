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

import java.time.Duration;

import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.AcquisitionOutcome;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;

/**
 * Records what happens to locks in Micrometer meters:
 * <ul>
 * <li>{@value #WAIT} (timer): from the acquisition attempt to the lock acquired or given up,
 * tagged {@code outcome} = {@code acquired}, {@code timeout}, {@code failed} (lock service error),
 * {@code interrupted}, {@code invalid-key} or {@code lost} (a re-entry into a lock the thread
 * lost).</li>
 * <li>{@value #ACQUIRED}, {@value #TIMEOUTS} and {@value #FAILURES} (counters): acquisitions,
 * waits that elapsed, and acquisitions that failed in the lock service; the same numbers as the wait
 * timer's counts per outcome, as plain counters for dashboards and alerts.</li>
 * <li>{@value #HELD} (timer): from the lock acquired to the lock released.</li>
 * <li>{@value #LOST} (counter): held locks lost because their session ended.</li>
 * <li>{@value #SKIPPED} and {@value #FALLBACKS} (counters): annotated calls skipped or routed to
 * their fallback because the lock could not be had, tagged with that {@code outcome}.</li>
 * </ul>
 * Every meter is tagged with the lock's {@code name} (the annotated method, or the name given to
 * the programmatic API) and {@code type}; never with its key, whose values are unbounded.
 *
 * @since 0.1.0
 */
public class LockMetricsListener implements LockListener {

	/** Timer of the waits for a lock. */
	public static final String WAIT = "distributed.lock.wait";

	/** Counter of locks acquired. */
	public static final String ACQUIRED = "distributed.lock.acquired";

	/** Counter of waits for a lock that elapsed. */
	public static final String TIMEOUTS = "distributed.lock.timeouts";

	/** Counter of acquisitions that failed in the lock service. */
	public static final String FAILURES = "distributed.lock.failures";

	/** Timer of the holds of a lock. */
	public static final String HELD = "distributed.lock.held";

	/** Counter of held locks that were lost. */
	public static final String LOST = "distributed.lock.lost";

	/** Counter of annotated calls skipped for want of their lock. */
	public static final String SKIPPED = "distributed.lock.skipped";

	/** Counter of annotated calls routed to their fallback for want of their lock. */
	public static final String FALLBACKS = "distributed.lock.fallbacks";

	/** Counter of revocation requests told to holders of revocable locks. */
	public static final String REVOCATIONS = "distributed.lock.revocations";

	private final Meter.MeterProvider<Timer> waits;

	private final Meter.MeterProvider<Counter> revocations;

	private final Meter.MeterProvider<Timer> holds;

	private final Meter.MeterProvider<Counter> acquisitions;

	private final Meter.MeterProvider<Counter> timeouts;

	private final Meter.MeterProvider<Counter> failures;

	private final Meter.MeterProvider<Counter> losses;

	private final Meter.MeterProvider<Counter> skips;

	private final Meter.MeterProvider<Counter> fallbacks;

	public LockMetricsListener(MeterRegistry registry) {
		this.waits = Timer.builder(WAIT)
			.description("Time spent waiting for a distributed lock, by outcome")
			.withRegistry(registry);
		this.holds = Timer.builder(HELD).description("Time a distributed lock was held").withRegistry(registry);
		this.acquisitions = Counter.builder(ACQUIRED).description("Distributed locks acquired").withRegistry(registry);
		this.timeouts = Counter.builder(TIMEOUTS)
			.description("Waits for a distributed lock that elapsed")
			.withRegistry(registry);
		this.failures = Counter.builder(FAILURES)
			.description("Acquisitions of a distributed lock that failed in the lock service")
			.withRegistry(registry);
		this.losses = Counter.builder(LOST)
			.description("Distributed locks lost while held, because their session ended")
			.withRegistry(registry);
		this.skips = Counter.builder(SKIPPED)
			.description("Calls skipped because their distributed lock could not be had")
			.withRegistry(registry);
		this.fallbacks = Counter.builder(FALLBACKS)
			.description("Calls routed to their fallback because their distributed lock could not be had")
			.withRegistry(registry);
		this.revocations = Counter.builder(REVOCATIONS)
			.description("Requests to give up a revocable distributed lock, told to its holder")
			.withRegistry(registry);
	}

	@Override
	public void onRevocationRequested(AcquiredLock lock) {
		this.revocations.withTags(tags(lock.name(), lock.type())).increment();
	}

	@Override
	public void onAcquired(AcquiredLock lock, Duration waited) {
		Tags tags = tags(lock.name(), lock.type());
		this.waits.withTags(tags.and("outcome", AcquisitionOutcome.ACQUIRED.tagValue())).record(waited);
		this.acquisitions.withTags(tags).increment();
	}

	@Override
	public void onAcquisitionFailed(LockRequest request, Duration waited, DistributedLockException failure) {
		Tags tags = tags(request.name(), request.type());
		AcquisitionOutcome outcome = AcquisitionOutcome.of(failure);
		this.waits.withTags(tags.and("outcome", outcome.tagValue())).record(waited);
		switch (outcome) {
			case TIMEOUT -> this.timeouts.withTags(tags).increment();
			case FAILED -> this.failures.withTags(tags).increment();
			default -> {
			}
		}
	}

	@Override
	public void onReleased(AcquiredLock lock, Duration held) {
		this.holds.withTags(tags(lock.name(), lock.type())).record(held);
	}

	@Override
	public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
		if (current == LockState.LOST) {
			this.losses.withTags(tags(lock.name(), lock.type())).increment();
		}
	}

	@Override
	public void onFailurePolicyApplied(LockRequest request, LockFailurePolicy policy,
			DistributedLockException failure) {
		Tags tags = tags(request.name(), request.type()).and("outcome", AcquisitionOutcome.of(failure).tagValue());
		switch (policy) {
			case SKIP -> this.skips.withTags(tags).increment();
			case FALLBACK -> this.fallbacks.withTags(tags).increment();
			case THROW -> {
			}
		}
	}

	private static Tags tags(String name, LockType type) {
		return Tags.of("name", name, "type", type.name());
	}

}
