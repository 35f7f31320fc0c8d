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

package io.github.distlock.interceptor;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.memory.InMemoryLockingConfiguration;
import io.github.distlock.core.memory.InMemoryProcess;
import io.github.distlock.core.memory.ParkedThreads;
import io.github.distlock.reactive.ReactiveLockContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * {@code @DistributedLock} on methods whose work completes through what they return: a
 * {@code CompletableFuture}, a {@code Mono}, a {@code Flux}. The lock is owned by that work, from
 * its start to its end, and no thread waits for it.
 */
class AsyncLockedMethodsTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryProcess otherProcess = new InMemoryProcess(this.service);

	private AnnotationConfigApplicationContext context;

	private Stock stock;

	@AfterEach
	void close() {
		if (this.context != null) {
			this.context.close();
		}
		this.otherProcess.close();
	}

	private Stock start() {
		this.context = InMemoryLockingConfiguration.start(this.service, StockConfiguration.class);
		this.stock = this.context.getBean(Stock.class);
		return this.stock;
	}

	@Test
	void completableFutureHoldsTheLockUntilItCompletesAndSeesItInLockContext() throws Exception {
		Stock stock = start();
		CompletableFuture<String> gate = new CompletableFuture<>();
		CompletableFuture<String> first = stock.reserveLater("a", gate);
		await().until(() -> stock.started() == 1);
		assertThat(stock.locksSeen()).containsExactly("stock:a");
		CompletableFuture<String> second = stock.reserveLater("a", CompletableFuture.completedFuture("second"));
		assertThat(this.service.entriesOf("stock:a")).hasSize(1);
		assertThat(ParkedThreads.inThisLibrary()).isEmpty();
		assertThat(stock.started()).as("the second call waits for the first's future").isEqualTo(1);
		gate.complete("first");
		assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("first");
		assertThat(second.get(5, TimeUnit.SECONDS)).isEqualTo("second");
		await().until(() -> this.service.entriesOf("stock:a").isEmpty());
	}

	@Test
	void completableFutureWhoseWaitElapsesFailsWithLockAcquisitionException() {
		Stock stock = start();
		try (LockHandle held = this.otherProcess.acquire(LockRequest.of("stock:b", WAIT))) {
			CompletableFuture<String> call = stock.reserveQuickly("b");
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> call.get(5, TimeUnit.SECONDS))
				.havingCause()
				.isInstanceOf(LockAcquisitionException.class);
			assertThat(stock.started()).isZero();
		}
	}

	@Test
	void completableFutureOfAFailedMethodFailsWithItsExceptionAndReleases() {
		Stock stock = start();
		CompletableFuture<String> call = stock.reserveLater("c", CompletableFuture.failedFuture(new IllegalStateException("sold out")));
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> call.get(5, TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(IllegalStateException.class)
			.withMessage("sold out");
		await().until(() -> this.service.entriesOf("stock:c").isEmpty());
	}

	@Test
	void monoCallsTheMethodWhenSubscribedAndHoldsTheLockUntilItCompletes() {
		Stock stock = start();
		Sinks.One<String> gate = Sinks.one();
		Mono<String> first = stock.reserve("d", gate.asMono());
		assertThat(stock.started()).as("nothing runs before the subscription").isZero();
		StepVerifier.create(first).then(() -> {
			await().until(() -> stock.started() == 1);
			assertThat(this.service.entriesOf("stock:d")).hasSize(1);
			StepVerifier.create(stock.reserve("d", Mono.just("second")).timeout(Duration.ofMillis(200)))
				.expectError(java.util.concurrent.TimeoutException.class)
				.verify(Duration.ofSeconds(5));
			gate.tryEmitValue("first");
		}).expectNext("first").verifyComplete();
		assertThat(stock.locksSeen()).as("the second call never ran").containsExactly("stock:d");
		await().until(() -> this.service.entriesOf("stock:d").isEmpty());
	}

	@Test
	void nestedLockedMonoOfTheSameKeyReentersInTheSamePipeline() {
		Stock stock = start();
		StepVerifier.create(stock.reserveTwice("e")).expectNext("e:inner").verifyComplete();
		await().until(() -> this.service.entriesOf("stock:e").isEmpty());
	}

	@Test
	void fluxHoldsTheLockUntilItCompletesAndACancelReleasesIt() {
		Stock stock = start();
		StepVerifier.create(stock.counts("f", 3)).expectNext(1, 2, 3).verifyComplete();
		await().until(() -> this.service.entriesOf("stock:f").isEmpty());
		StepVerifier.create(stock.counts("f", Integer.MAX_VALUE)).expectNext(1, 2).thenCancel().verify();
		await().until(() -> this.service.entriesOf("stock:f").isEmpty());
		try (LockHandle next = this.otherProcess.acquire(LockRequest.of("stock:f", Duration.ZERO))) {
			assertThat(next.isHeld()).isTrue();
		}
	}

	@Test
	void cancelledWaitLeavesNothingAndNeverCallsTheMethod() {
		Stock stock = start();
		try (LockHandle held = this.otherProcess.acquire(LockRequest.of("stock:g", WAIT))) {
			StepVerifier.create(stock.reserve("g", Mono.just("never")))
				.then(() -> await().until(() -> this.service.entriesOf("stock:g").size() == 2))
				.thenCancel()
				.verify();
			await().until(() -> this.service.entriesOf("stock:g").size() == 1);
		}
		assertThat(stock.started()).isZero();
		await().until(() -> this.service.entriesOf("stock:g").isEmpty());
	}

	@Test
	void lostLockCancelsThePublisherWithLockLostException() {
		Stock stock = start();
		InMemoryLockBackend backend = this.context.getBean(InMemoryLockBackend.class);
		StepVerifier.create(stock.reserve("h", Mono.never()))
			.then(() -> await().until(() -> stock.started() == 1))
			.then(backend::expireSession)
			.expectError(LockLostException.class)
			.verify(Duration.ofSeconds(5));
		await().until(() -> stock.cancelled() == 1);
	}

	@Test
	void failurePoliciesApplyToALockThatCannotBeHad() {
		Stock stock = start();
		try (LockHandle held = this.otherProcess.acquire(LockRequest.of("stock:i", WAIT))) {
			StepVerifier.create(stock.reserveOrSkip("i")).verifyComplete();
			StepVerifier.create(stock.reserveOrFallBack("i")).expectNext("fallback: i").verifyComplete();
			StepVerifier.create(stock.reserveQuicklyMono("i")).expectError(LockAcquisitionException.class).verify();
		}
		assertThat(stock.started()).isZero();
	}

	@Test
	void monoOfSeveralKeysHoldsEachInKeyOrderUntilItCompletes() {
		Stock stock = start();
		Sinks.One<String> gate = Sinks.one();
		StepVerifier.create(stock.reserveAll(List.of("k", "j"), gate.asMono())).then(() -> {
			await().until(() -> stock.started() == 1);
			assertThat(this.service.entriesOf("stock:j")).hasSize(1);
			assertThat(this.service.entriesOf("stock:k")).hasSize(1);
			gate.tryEmitValue("done");
		}).expectNext("done").verifyComplete();
		assertThat(stock.locksSeen()).containsExactly("stock:j", "stock:k");
		await().until(() -> this.service.entriesOf("stock:j").isEmpty() && this.service.entriesOf("stock:k").isEmpty());
	}

	@Test
	void severalKeysAreTakenAllOrNone() {
		Stock stock = start();
		try (LockHandle held = this.otherProcess.acquire(LockRequest.of("stock:m", WAIT))) {
			StepVerifier.create(stock.reserveAllQuickly(List.of("l", "m"))).expectError(LockAcquisitionException.class).verify();
			CompletableFuture<String> later = stock.reserveAllLaterQuickly(List.of("m", "l"));
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> later.get(5, TimeUnit.SECONDS))
				.havingCause()
				.isInstanceOf(LockAcquisitionException.class);
			// l was taken first and given back when m could not be had
			await().until(() -> this.service.entriesOf("stock:l").isEmpty());
		}
		assertThat(stock.started()).isZero();
	}

	@Test
	void completableFutureOfSeveralKeysSeesEveryLockInLockContext() throws Exception {
		Stock stock = start();
		try (LockHandle held = this.otherProcess.acquire(LockRequest.of("stock:o", WAIT))) {
			CompletableFuture<String> later = stock.reserveAllLater(List.of("o", "n"));
			await().until(() -> this.service.entriesOf("stock:o").size() == 2);
			assertThat(this.service.entriesOf("stock:n")).as("n is held while o is waited for").hasSize(1);
			held.close();
			assertThat(later.get(5, TimeUnit.SECONDS)).isEqualTo("stock:n,stock:o");
		}
		await().until(() -> this.service.entriesOf("stock:n").isEmpty() && this.service.entriesOf("stock:o").isEmpty());
	}

	@Test
	void lossOfOneOfSeveralLocksCancelsTheWork() {
		Stock stock = start();
		InMemoryLockBackend backend = this.context.getBean(InMemoryLockBackend.class);
		StepVerifier.create(stock.reserveAll(List.of("p", "q"), Mono.never()))
			.then(() -> await().until(() -> stock.started() == 1))
			.then(backend::expireSession)
			.expectError(LockLostException.class)
			.verify(Duration.ofSeconds(5));
		await().until(() -> stock.cancelled() == 1);
	}

	@Configuration(proxyBeanMethods = false)
	static class StockConfiguration {

		@Bean
		Shelf shelf() {
			return new Shelf();
		}

		@Bean
		Stock stock(Shelf shelf) {
			return new Stock(shelf);
		}

	}

	static class Shelf {

		@DistributedLock(key = "'stock:' + #item")
		public Mono<String> take(String item) {
			return Mono.just(item + ":inner");
		}

	}

	static class Stock {

		private final Shelf shelf;

		Stock(Shelf shelf) {
			this.shelf = shelf;
		}

		private final AtomicInteger started = new AtomicInteger();

		private final AtomicInteger cancelled = new AtomicInteger();

		private final List<String> locksSeen = new CopyOnWriteArrayList<>();

		/** How many calls ran, read through the proxy. */
		public int started() {
			return this.started.get();
		}

		public int cancelled() {
			return this.cancelled.get();
		}

		public List<String> locksSeen() {
			return this.locksSeen;
		}

		@DistributedLock(key = "'stock:' + #item")
		public CompletableFuture<String> reserveLater(String item, CompletableFuture<String> outcome) {
			this.started.incrementAndGet();
			AcquiredLock lock = LockContext.current();
			this.locksSeen.add((lock != null) ? lock.key() : "none");
			return outcome;
		}

		@DistributedLock(key = "'stock:' + #item", waitFor = "100ms")
		public CompletableFuture<String> reserveQuickly(String item) {
			this.started.incrementAndGet();
			return CompletableFuture.completedFuture(item);
		}

		@DistributedLock(key = "'stock:' + #item")
		public Mono<String> reserve(String item, Mono<String> outcome) {
			this.started.incrementAndGet();
			return ReactiveLockContext.current()
				.doOnNext((lock) -> this.locksSeen.add(lock.key()))
				.then(outcome)
				.doOnCancel(this.cancelled::incrementAndGet);
		}

		@DistributedLock(key = "'stock:' + #item")
		public Mono<String> reserveTwice(String item) {
			return this.shelf.take(item);
		}

		@DistributedLock(key = "'stock:' + #item")
		public Flux<Integer> counts(String item, int count) {
			return Flux.range(1, count).delayElements(Duration.ofMillis(10));
		}

		@DistributedLock(key = "'stock:' + #item", waitFor = "100ms", onFailure = LockFailurePolicy.SKIP)
		public Mono<String> reserveOrSkip(String item) {
			this.started.incrementAndGet();
			return Mono.just(item);
		}

		@DistributedLock(key = "'stock:' + #item", waitFor = "100ms", onFailure = LockFailurePolicy.FALLBACK,
				fallback = "fallBack")
		public Mono<String> reserveOrFallBack(String item) {
			this.started.incrementAndGet();
			return Mono.just(item);
		}

		Mono<String> fallBack(String item) {
			return Mono.just("fallback: " + item);
		}

		@DistributedLock(key = "'stock:' + #item", waitFor = "100ms")
		public Mono<String> reserveQuicklyMono(String item) {
			this.started.incrementAndGet();
			return Mono.just(item);
		}

		@DistributedLock(key = "#items.![ 'stock:' + #this ]")
		public Mono<String> reserveAll(List<String> items, Mono<String> outcome) {
			this.started.incrementAndGet();
			return ReactiveLockContext.all()
				.doOnNext((locks) -> locks.forEach((lock) -> this.locksSeen.add(lock.key())))
				.then(outcome)
				.doOnCancel(this.cancelled::incrementAndGet);
		}

		@DistributedLock(key = "#items.![ 'stock:' + #this ]", waitFor = "100ms")
		public Mono<String> reserveAllQuickly(List<String> items) {
			this.started.incrementAndGet();
			return Mono.just("all");
		}

		@DistributedLock(key = "#items.![ 'stock:' + #this ]")
		public CompletableFuture<String> reserveAllLater(List<String> items) {
			this.started.incrementAndGet();
			return CompletableFuture.completedFuture(String.join(",",
					LockContext.all().stream().map(AcquiredLock::key).toList()));
		}

		@DistributedLock(key = "#items.![ 'stock:' + #this ]", waitFor = "100ms")
		public CompletableFuture<String> reserveAllLaterQuickly(List<String> items) {
			this.started.incrementAndGet();
			return CompletableFuture.completedFuture("all");
		}

	}

}
