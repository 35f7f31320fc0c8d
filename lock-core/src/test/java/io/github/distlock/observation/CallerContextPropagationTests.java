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
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.core.AsyncLockTemplate;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.reactive.ReactiveLockTemplate;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationView;
import io.micrometer.observation.contextpropagation.ObservationThreadLocalAccessor;
import io.micrometer.observation.tck.TestObservationRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Micrometer's context propagation carries the caller's observation to asynchronous locked work:
 * the lock is granted on another thread, where the work starts with the caller's observation
 * current, and the lock's wait and hold are children of it. Each lock is first held by another
 * process, so that the grant cannot come on the caller's thread.
 */
class CallerContextPropagationTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final TestObservationRegistry observations = TestObservationRegistry.create();

	/** The observations started, as a handler sees them. */
	private final List<Observation.Context> started = new CopyOnWriteArrayList<>();

	{
		this.observations.observationConfig().observationHandler(new ObservationHandler<>() {
			@Override
			public void onStart(Observation.Context context) {
				CallerContextPropagationTests.this.started.add(context);
			}

			@Override
			public boolean supportsContext(Observation.Context context) {
				return true;
			}
		});
	}

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryLockBackend backend = new InMemoryLockBackend(this.service);

	private final LockEngine engine = new LockEngine(this.backend, new LockObservationListener(this.observations),
			LockEngine.Options.DEFAULTS);

	private final InMemoryLockBackend otherBackend = new InMemoryLockBackend(this.service);

	private final LockEngine other = new LockEngine(this.otherBackend, new LockListener() {
	}, LockEngine.Options.DEFAULTS);

	private final AsyncLockTemplate asyncLocks = new AsyncLockTemplate(this.engine, true);

	private final ReactiveLockTemplate reactiveLocks = new ReactiveLockTemplate(this.asyncLocks, true);

	private final AtomicReference<Thread> workThread = new AtomicReference<>();

	private final AtomicReference<Observation> currentInWork = new AtomicReference<>();

	@AfterEach
	void close() {
		this.other.close();
		this.otherBackend.close();
		this.engine.close();
		this.backend.close();
	}

	@Test
	void completionStageWorkStartsWithTheCallersObservationOnTheThreadThatGotTheLock() throws Exception {
		Observation request = Observation.start("request", this.observations);
		CompletableFuture<String> result;
		try (LockHandle held = this.other.acquire(LockRequest.of("stage", WAIT));
				Observation.Scope scope = request.openScope()) {
			result = this.asyncLocks.executeAsync(LockRequest.of("stage", WAIT), (lock) -> {
				record();
				return CompletableFuture.completedFuture("done");
			});
			awaitWaiting();
		}
		assertThat(result.get(10, TimeUnit.SECONDS)).isEqualTo("done");
		assertRanElsewhereUnder(request);
		assertThat(this.observations.getCurrentObservation()).as("the caller's thread after the call").isNull();
	}

	@Test
	void reactiveWorkStartsWithTheObservationCurrentWhereItWasSubscribedTo() {
		Observation request = Observation.start("request", this.observations);
		Mono<String> locked = this.reactiveLocks.withLock(LockRequest.of("mono", WAIT),
				(lock) -> Mono.fromSupplier(() -> {
					record();
					return "done";
				}));
		CompletableFuture<String> result;
		try (LockHandle held = this.other.acquire(LockRequest.of("mono", WAIT));
				Observation.Scope scope = request.openScope()) {
			result = locked.toFuture();
			awaitWaiting();
		}
		assertThat(result.join()).isEqualTo("done");
		assertRanElsewhereUnder(request);
	}

	@Test
	void reactiveWorkStartsWithTheObservationOfItsReactorContext() {
		// as WebFlux gives it: in the subscriber's context, current on no thread
		Observation request = Observation.start("request", this.observations);
		CompletableFuture<String> result;
		try (LockHandle held = this.other.acquire(LockRequest.of("context", WAIT))) {
			result = this.reactiveLocks.withLock(LockRequest.of("context", WAIT), (lock) -> Mono.fromSupplier(() -> {
				record();
				return "done";
			})).contextWrite(Context.of(ObservationThreadLocalAccessor.KEY, request)).toFuture();
			awaitWaiting();
		}
		assertThat(result.join()).isEqualTo("done");
		assertRanElsewhereUnder(request);
	}

	private void record() {
		this.workThread.set(Thread.currentThread());
		this.currentInWork.set(this.observations.getCurrentObservation());
	}

	private void awaitWaiting() {
		await().until(() -> this.started.stream()
			.anyMatch((context) -> context.getName().equals(LockObservationListener.WAIT)));
	}

	private void assertRanElsewhereUnder(Observation request) {
		assertThat(this.workThread.get()).as("the thread that ran the work").isNotNull().isNotEqualTo(Thread.currentThread());
		assertThat(this.currentInWork.get()).as("the observation current in the work").isSameAs(request);
		assertThat(parentOf(LockObservationListener.WAIT)).as("the wait's parent").isSameAs(request);
		assertThat(parentOf(LockObservationListener.HOLD)).as("the hold's parent").isSameAs(request);
	}

	private @Nullable ObservationView parentOf(String name) {
		return this.started.stream()
			.filter((context) -> context.getName().equals(name))
			.findFirst()
			.map(Observation.Context::getParentObservation)
			.orElse(null);
	}

}
