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

package io.github.distlock.reactive;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.AsyncLockTemplate;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.memory.InMemoryProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@link ReactiveLockTemplate} on the in-memory backend, with a second client of the same
 * service as another process.
 */
class ReactiveLockTemplateTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryLockBackend backend = new InMemoryLockBackend(this.service);

	private final LockEngine engine = new LockEngine(this.backend, new LockListener() {
	}, LockEngine.Options.STANDARD);

	private final ReactiveLockTemplate locks = new ReactiveLockTemplate(new AsyncLockTemplate(this.engine, true),
			true);

	private final InMemoryProcess other = new InMemoryProcess(this.service);

	@AfterEach
	void close() {
		this.other.close();
		this.engine.close();
		this.backend.close();
	}

	@Test
	void workSeesItsLockInTheContextAndTheLockIsReleasedWhenItCompletes() {
		StepVerifier.create(this.locks.withLock(LockRequest.of("a", WAIT),
				(lock) -> ReactiveLockContext.current().map((current) -> current.key() + ":" + (current == lock))))
			.expectNext("a:true")
			.verifyComplete();
		assertThat(this.service.entriesOf("a")).isEmpty();
		StepVerifier.create(ReactiveLockContext.all()).expectNext(List.of()).verifyComplete();
	}

	@Test
	void nestedWorkOnTheSameKeyReentersAndAnotherSubscriptionWaits() {
		Mono<Long> nested = this.locks.withLock(LockRequest.of("b", WAIT),
				(outer) -> this.locks.withLock(LockRequest.of("b", WAIT),
						(inner) -> Mono.just(inner.fencingToken() - outer.fencingToken())));
		StepVerifier.create(nested).expectNext(0L).verifyComplete();
		AtomicInteger inside = new AtomicInteger();
		Mono<Integer> slow = this.locks.withLock(LockRequest.of("b", WAIT),
				(lock) -> Mono.delay(Duration.ofMillis(200)).map((tick) -> inside.incrementAndGet()));
		StepVerifier.create(Flux.merge(slow, slow)).expectNext(1, 2).verifyComplete();
	}

	@Test
	void lostLockErrorsTheWorkWithLockLostExceptionAndCancelsIt() {
		AtomicInteger cancelled = new AtomicInteger();
		StepVerifier.create(this.locks.withLock(LockRequest.of("c", WAIT),
				(lock) -> Mono.never().doOnCancel(cancelled::incrementAndGet)))
			.then(() -> await().until(() -> this.service.entriesOf("c").size() == 1))
			.then(this.backend::expireSession)
			.expectError(LockLostException.class)
			.verify(Duration.ofSeconds(5));
		assertThat(cancelled).hasValue(1);
		await().until(() -> this.engine.locksInUse() == 0);
	}

	@Test
	void waitThatElapsesSignalsLockAcquisitionExceptionAndLeavesNothing() {
		try (LockHandle held = this.other.acquire(LockRequest.of("d", WAIT))) {
			StepVerifier.create(this.locks.withLock(LockRequest.of("d", Duration.ofMillis(100)), (lock) -> Mono.just(1)))
				.expectError(LockAcquisitionException.class)
				.verify(Duration.ofSeconds(5));
			assertThat(this.service.entriesOf("d")).hasSize(1);
		}
	}

	@Test
	void acquireGivesAHandleTheSubscriberCloses() {
		LockHandle handle = this.locks.acquire(LockRequest.of("e", WAIT).withType(LockType.MUTEX)).block(WAIT);
		assertThat(handle.state()).isEqualTo(LockState.HELD);
		handle.close();
		assertThat(this.service.entriesOf("e")).isEmpty();
	}

	@Test
	void semaphoreIsNotReenteredByNestedWork() {
		LockRequest permit = LockRequest.of("f", Duration.ofMillis(100)).withType(LockType.SEMAPHORE);
		StepVerifier.create(this.locks.withLock(permit,
				(outer) -> this.locks.withLock(permit, (AcquiredLock inner) -> Mono.just("inner"))))
			.expectError(LockAcquisitionException.class)
			.verify(Duration.ofSeconds(5));
	}

}
