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
import java.util.concurrent.TimeUnit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AsyncLockHandle;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.tck.TestObservationRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.micrometer.observation.tck.TestObservationRegistryAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The observations of a scripted run on the in-memory backend: a lock acquired and held inside
 * a parent observation, a wait that times out, and a lock in doubt and then lost while held.
 * The registry is the one source of the events; the template tells nobody.
 */
class LockObservationTests {

	private final TestObservationRegistry observations = TestObservationRegistry.create();

	private final InMemoryLockService service = new InMemoryLockService();

	private InMemoryLockBackend backend;

	private LockEngine registry;

	private InMemoryLockBackend otherBackend;

	private LockEngine other;

	private LockTemplate template;

	@BeforeEach
	void connect() {
		this.backend = new InMemoryLockBackend(this.service);
		this.registry = new LockEngine(this.backend, new LockObservationListener(this.observations),
				LockEngine.Options.DEFAULTS);
		this.otherBackend = new InMemoryLockBackend(this.service);
		this.other = new LockEngine(this.otherBackend, new LockListener() {
		}, LockEngine.Options.DEFAULTS);
		this.template = new LockTemplate(this.registry);
	}

	@AfterEach
	void close() {
		this.registry.close();
		this.backend.close();
		this.other.close();
		this.otherBackend.close();
	}

	@Test
	void asynchronousWaitEndedOnAnotherThreadIsStoppedWithItsOutcome() throws Exception {
		try (AsyncLockHandle handle = this.registry
			.acquireAsync(new LockRequest("stock:7", LockType.MUTEX, Duration.ofSeconds(5), "StockService.reserve"))
			.get(5, TimeUnit.SECONDS)) {
			assertThat(handle.isHeld()).isTrue();
		}
		assertThat(this.observations).hasNumberOfObservationsEqualTo(2)
			.hasObservationWithNameEqualTo(LockObservationListener.WAIT)
			.that()
			.hasBeenStopped()
			.hasLowCardinalityKeyValue("outcome", "acquired");
		assertThat(this.observations).hasObservationWithNameEqualTo(LockObservationListener.HOLD)
			.that()
			.hasBeenStopped();
		// the caller's thread keeps no wait behind: its next, blocking, wait is its own
		this.template.execute(new LockRequest("stock:8", LockType.MUTEX, Duration.ofSeconds(5), "StockService.buy"),
				() -> null);
		assertThat(this.observations).hasNumberOfObservationsEqualTo(4);
		assertThat(this.observations).hasHandledContextsThatSatisfy((contexts) -> assertThat(contexts)
			.filteredOn((context) -> context.getName().equals(LockObservationListener.WAIT))
			.allSatisfy((context) -> assertThat(context.getHighCardinalityKeyValue("path")).isNotNull()));
	}

	@Test
	void waitAndHoldAreObservedInsideTheCallersObservation() {
		Observation request = Observation.start("request", this.observations);
		try (Observation.Scope scope = request.openScope()) {
			this.template.execute(new LockRequest("stock:42", LockType.MUTEX, Duration.ofSeconds(5), "StockService.buy"),
					() -> null);
		}
		request.stop();
		assertThat(this.observations).hasNumberOfObservationsEqualTo(3)
			.hasObservationWithNameEqualTo(LockObservationListener.WAIT)
			.that()
			.hasBeenStarted()
			.hasBeenStopped()
			.hasParentObservationEqualTo(request)
			.hasContextualNameEqualTo("lock StockService.buy")
			.hasLowCardinalityKeyValue("name", "StockService.buy")
			.hasLowCardinalityKeyValue("type", "MUTEX")
			.hasLowCardinalityKeyValue("outcome", "acquired")
			.hasHighCardinalityKeyValue("key", "stock:42")
			.hasHighCardinalityKeyValue("path", "memory:stock:42")
			.doesNotHaveError();
		assertThat(this.observations).hasObservationWithNameEqualTo(LockObservationListener.HOLD)
			.that()
			.hasBeenStopped()
			.hasParentObservationEqualTo(request)
			.hasLowCardinalityKeyValue("state", "HELD")
			.hasHighCardinalityKeyValueWithKey("fencing.token")
			.doesNotHaveLowCardinalityKeyValueWithKey("key");
	}

	@Test
	void timedOutWaitIsAnObservationWithItsError() {
		try (LockHandle held = this.other.acquire(new LockRequest("busy", LockType.MUTEX, Duration.ofSeconds(5), "t"))) {
			assertThatExceptionOfType(LockAcquisitionException.class).isThrownBy(() -> this.template
				.execute(new LockRequest("busy", LockType.MUTEX, Duration.ofMillis(200), "Jobs.nightly"), () -> null));
		}
		assertThat(this.observations).hasNumberOfObservationsEqualTo(1)
			.hasObservationWithNameEqualTo(LockObservationListener.WAIT)
			.that()
			.hasBeenStopped()
			.hasLowCardinalityKeyValue("outcome", "timeout")
			.assertThatError()
			.isInstanceOf(LockAcquisitionException.class);
	}

	@Test
	void lockInDoubtAndThenLostAreEventsOfItsHold() {
		List<String> events = new CopyOnWriteArrayList<>();
		this.observations.observationConfig().observationHandler(new ObservationHandler<>() {

			@Override
			public void onEvent(Observation.Event event, Observation.Context context) {
				events.add(context.getName() + " " + event.getName());
			}

			@Override
			public boolean supportsContext(Observation.Context context) {
				return true;
			}

		});
		try (LockHandle lock = this.template.acquire(new LockRequest("lost", LockType.MUTEX, Duration.ofSeconds(5), "t"))) {
			this.backend.suspendConnection();
			this.backend.expireSession();
			assertThat(lock.state()).isEqualTo(LockState.LOST);
		}
		assertThat(this.observations).hasObservationWithNameEqualTo(LockObservationListener.HOLD)
			.that()
			.hasBeenStopped()
			.hasLowCardinalityKeyValue("state", "LOST");
		assertThat(events).containsExactly("distributed.lock.hold distributed.lock.in_doubt",
				"distributed.lock.hold distributed.lock.lost");
	}

}
