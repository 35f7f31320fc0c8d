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

package io.github.distlock.observation;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.AcquisitionOutcome;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.micrometer.common.KeyValues;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Makes an {@link Observation} of each wait for a lock ({@value #WAIT}) and of each hold
 * ({@value #HOLD}), so that a tracer shows both as spans of the request that took the lock.
 * <p>
 * Low-cardinality key values (in metrics too): {@code name} and {@code type} of the lock, and
 * the wait's {@code outcome}. High-cardinality key values (in spans only): the {@code key}, the
 * lock {@code path} and the {@code fencing.token}. A held lock's changes of state (in doubt, lost,
 * held again) are events of its hold.
 *
 * @since 0.1.0
 */
public class LockObservationListener implements LockListener {

	/** Name of the observation of a wait for a lock. */
	public static final String WAIT = "distributed.lock.acquire";

	/** Name of the observation of a held lock. */
	public static final String HOLD = "distributed.lock.hold";

	private final ObservationRegistry registry;

	/**
	 * Waits under way, by key, name and type, first started first: an asynchronous acquisition
	 * starts on one thread and ends on another, so a wait is not the calling thread's.
	 */
	private final Map<WaitKey, Deque<Observation>> waits = new ConcurrentHashMap<>();

	/** Holds by the handle the template gives out, which is the one released. */
	private final Map<AcquiredLock, Observation> holds = new ConcurrentHashMap<>();

	public LockObservationListener(ObservationRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void onAcquisitionStarted(LockRequest request) {
		Observation wait = Observation.createNotStarted(WAIT, this.registry)
			.contextualName("lock " + request.name())
			.lowCardinalityKeyValues(KeyValues.of("name", request.name(), "type", request.type().name()))
			.highCardinalityKeyValue("key", request.key());
		Observation started = wait.start();
		this.waits.compute(new WaitKey(request.key(), request.name(), request.type()), (key, queue) -> {
			Deque<Observation> waiting = (queue != null) ? queue : new ArrayDeque<>();
			waiting.addLast(started);
			return waiting;
		});
	}

	/** Ends the earliest wait under way for a key, name and type, if any. */
	private @Nullable Observation endWait(String key, String name, LockType type) {
		Observation[] ended = new Observation[1];
		this.waits.computeIfPresent(new WaitKey(key, name, type), (waitKey, queue) -> {
			ended[0] = queue.pollFirst();
			return queue.isEmpty() ? null : queue;
		});
		return ended[0];
	}

	/** Whose wait it is: the waits of one key, name and type are told apart by their order only. */
	private record WaitKey(String key, String name, LockType type) {
	}

	@Override
	public void onAcquired(AcquiredLock lock, Duration waited) {
		Observation wait = endWait(lock.key(), lock.name(), lock.type());
		if (wait != null) {
			wait.lowCardinalityKeyValue("outcome", AcquisitionOutcome.ACQUIRED.tagValue()).highCardinalityKeyValue("path", lock.path()).stop();
		}
		Observation hold = Observation.createNotStarted(HOLD, this.registry)
			.contextualName("hold " + lock.name())
			.parentObservation(parentOf(wait))
			.lowCardinalityKeyValues(KeyValues.of("name", lock.name(), "type", lock.type().name(), "state",
					LockState.HELD.name()))
			.highCardinalityKeyValues(KeyValues.of("key", lock.key(), "path", lock.path(), "fencing.token",
					String.valueOf(lock.fencingToken())));
		this.holds.put(lock, hold.start());
	}

	/**
	 * The observation the hold belongs to: the wait's parent, current where the caller asked; an
	 * asynchronous lock is granted on another thread, where none is current.
	 */
	private @Nullable Observation parentOf(@Nullable Observation wait) {
		if (wait != null && wait.getContextView().getParentObservation() instanceof Observation parent) {
			return parent;
		}
		return this.registry.getCurrentObservation();
	}

	@Override
	public void onAcquisitionFailed(LockRequest request, Duration waited, DistributedLockException failure) {
		Observation wait = endWait(request.key(), request.name(), request.type());
		if (wait != null) {
			wait.lowCardinalityKeyValue("outcome", AcquisitionOutcome.of(failure).tagValue()).error(failure).stop();
		}
	}

	@Override
	public void onReleased(AcquiredLock lock, Duration held) {
		Observation hold = this.holds.remove(lock);
		if (hold != null) {
			hold.stop();
		}
	}

	/**
	 * The registry tells of a change with its own handle, not the template's: every hold of the
	 * same node (a thread's re-entries) changed.
	 */
	@Override
	public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
		Observation.Event event = Observation.Event.of("distributed.lock." + current.name().toLowerCase(Locale.ROOT),
				"lock " + previous + " -> " + current);
		this.holds.forEach((held, hold) -> {
			if (held.path().equals(lock.path()) && held.fencingToken() == lock.fencingToken()) {
				hold.lowCardinalityKeyValue("state", current.name()).event(event);
			}
		});
	}

}
