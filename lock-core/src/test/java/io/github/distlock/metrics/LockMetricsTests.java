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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockIntrospection;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.memory.InMemoryLockingConfiguration;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Lock metrics of an application context on the in-memory backend, whose lock registry is told
 * of every event by the context's listeners, with a second client of the same service as another
 * process.
 */
class LockMetricsTests {

	private static final Duration SHORT = Duration.ofMillis(300);

	private static final LockListener NO_LISTENER = new LockListener() {
	};

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryLockBackend otherBackend = new InMemoryLockBackend(this.service);

	private final LockEngine otherRegistry = new LockEngine(this.otherBackend, NO_LISTENER,
			LockEngine.Options.DEFAULTS);

	@AfterEach
	void closeOtherProcess() {
		this.otherRegistry.close();
		this.otherBackend.close();
	}

	private AnnotationConfigApplicationContext start(Class<?>... components) {
		AnnotationConfigApplicationContext context = InMemoryLockingConfiguration.prepare(this.service,
				InMemoryLockingConfiguration.Settings.DEFAULTS);
		context.register(MetricsConfiguration.class);
		if (components.length > 0) {
			context.register(components);
		}
		context.refresh();
		return context;
	}

	@Test
	void metersCountTwoAcquisitionsOneTimeoutAndOneLostLock() {
		try (AnnotationConfigApplicationContext context = start()) {
			LockOperations locks = context.getBean(LockOperations.class);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			locks.acquire(request("scripted:1", SHORT)).close();
			try (LockHandle busy = this.otherRegistry.acquire(request("scripted:busy", SHORT))) {
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> locks.acquire(request("scripted:busy", SHORT)));
			}
			LockHandle doomed = locks.acquire(request("scripted:2", SHORT));
			context.getBean(InMemoryLockBackend.class).expireSession();
			assertThat(doomed.state()).isEqualTo(LockState.LOST);
			doomed.close();

			assertThat(wait(meters, "acquired").count()).isEqualTo(2);
			assertThat(wait(meters, "timeout").count()).isEqualTo(1);
			assertThat(meters.find(LockMetricsListener.WAIT).tags("outcome", "failed").timer()).isNull();
			assertThat(meters.get(LockMetricsListener.HELD).tags("name", "scripted", "type", "MUTEX").timer().count())
				.isEqualTo(2);
			assertThat(meters.get(LockMetricsListener.LOST).tags("name", "scripted", "type", "MUTEX").counter().count())
				.isEqualTo(1);
			assertThat(counter(meters, LockMetricsListener.ACQUIRED)).isEqualTo(2);
			assertThat(counter(meters, LockMetricsListener.TIMEOUTS)).isEqualTo(1);
			assertThat(meters.find(LockMetricsListener.FAILURES).counter()).isNull();
			assertThat(meters.getMeters()).allSatisfy((meter) -> assertThat(meter.getId().getTags())
				.extracting(Tag::getValue)
				.noneMatch((value) -> value.startsWith("scripted:")));
		}
	}

	@Test
	void skippedAndFallbackCallsAreCountedByMethodName() {
		try (AnnotationConfigApplicationContext context = start(JobsConfiguration.class)) {
			Jobs jobs = context.getBean(Jobs.class);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			try (LockHandle job = this.otherRegistry.acquire(request("job:7", SHORT));
					LockHandle report = this.otherRegistry.acquire(request("report:7", SHORT))) {
				assertThat(jobs.run(7)).isNull();
				assertThat(jobs.report(7)).isEqualTo("busy");
			}
			assertThat(jobs.run(7)).isEqualTo("ran");
			assertThat(meters.get(LockMetricsListener.SKIPPED)
				.tags("name", "Jobs.run", "type", "MUTEX", "outcome", "timeout")
				.counter()
				.count()).isEqualTo(1);
			assertThat(meters.get(LockMetricsListener.FALLBACKS)
				.tags("name", "Jobs.report", "type", "MUTEX", "outcome", "timeout")
				.counter()
				.count()).isEqualTo(1);
			assertThat(meters.get(LockMetricsListener.WAIT)
				.tags("name", "Jobs.run", "outcome", "acquired")
				.timer()
				.count()).isEqualTo(1);
		}
	}

	@Test
	void gaugesShowLocksHeldAndThreadsWaitingNow() throws Exception {
		try (AnnotationConfigApplicationContext context = start()) {
			LockOperations locks = context.getBean(LockOperations.class);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters.get(LockRegistryMetrics.ACTIVE).gauge().value()).isZero();
			LockHandle other = this.otherRegistry.acquire(request("gauge:contended", SHORT));
			CompletableFuture<Void> waiter;
			try (LockHandle own = locks.acquire(request("gauge:own", SHORT))) {
				waiter = CompletableFuture
					.runAsync(() -> locks.acquire(request("gauge:contended", Duration.ofSeconds(30))).close());
				await().until(() -> meters.get(LockRegistryMetrics.PENDING).gauge().value() == 1);
				assertThat(meters.get(LockRegistryMetrics.ACTIVE).gauge().value()).isEqualTo(1);
			}
			finally {
				other.close();
			}
			waiter.get(30, TimeUnit.SECONDS);
			assertThat(meters.get(LockRegistryMetrics.PENDING).gauge().value()).isZero();
			assertThat(meters.get(LockRegistryMetrics.ACTIVE).gauge().value()).isZero();
		}
	}

	@Test
	void cachedGaugeCountsTheLocksKeptWithNoHolderApartFromTheHeldOnes() {
		InMemoryLockBackend backend = new InMemoryLockBackend(new InMemoryLockService());
		try (LockEngine engine = new LockEngine(backend, new LockListener() {
		}, LockEngine.Options.STANDARD.withCaching(LockEngine.Caching.of(Duration.ofMinutes(2), 10)))) {
			SimpleMeterRegistry meters = new SimpleMeterRegistry();
			new LockRegistryMetrics(engine).bindTo(meters);
			engine.acquire(request("gauge:cached", SHORT)).close();
			assertThat(meters.get(LockRegistryMetrics.CACHED).gauge().value()).as("after the key's first use").isZero();
			engine.acquire(request("gauge:cached", SHORT)).close();
			assertThat(meters.get(LockRegistryMetrics.CACHED).gauge().value()).isEqualTo(1);
			assertThat(meters.get(LockRegistryMetrics.ACTIVE).gauge().value()).isZero();
		}
		finally {
			backend.close();
		}
	}

	@Test
	void meterCountStaysConstantAcrossTenThousandDistinctKeys() throws Exception {
		try (AnnotationConfigApplicationContext context = start()) {
			LockOperations locks = context.getBean(LockOperations.class);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			IntStream.range(0, 100).forEach((i) -> lockDistinctKey(locks, i));
			int afterWarmUp = meters.getMeters().size();
			ExecutorService executor = Executors.newFixedThreadPool(4);
			try {
				CompletableFuture.allOf(IntStream.range(100, 10_000)
					.mapToObj((i) -> CompletableFuture.runAsync(() -> lockDistinctKey(locks, i), executor))
					.toArray(CompletableFuture[]::new)).get(5, TimeUnit.MINUTES);
			}
			finally {
				executor.shutdownNow();
			}
			assertThat(meters.getMeters()).hasSize(afterWarmUp);
			assertThat(meters.find(LockMetricsListener.WAIT).timers()).hasSize(2 * LockType.values().length);
			assertThat(meters.find(LockMetricsListener.WAIT).timers().stream().mapToLong(Timer::count).sum())
				.isEqualTo(10_000);
			assertThat(meters.find(LockMetricsListener.HELD).timers().stream().mapToLong(Timer::count).sum())
				.isEqualTo(10_000);
			assertThat(meters.getMeters()).flatExtracting((Meter meter) -> meter.getId().getTags())
				.extracting(Tag::getValue)
				.noneMatch((value) -> value.startsWith("order:"));
		}
	}

	/**
	 * Locks key {@code order:i} with one of two names and one of the four types: eight
	 * combinations, all met within the first eight keys.
	 */
	private static void lockDistinctKey(LockOperations locks, int i) {
		LockType[] types = LockType.values();
		String name = (i % 2 == 0) ? "OrderService.ship" : "OrderService.cancel";
		locks.execute(new LockRequest("order:" + i, types[(i / 2) % types.length], Duration.ofSeconds(10), name),
				() -> null);
	}

	@Test
	void failedAndInterruptedAcquisitionsAreTaggedSo() throws Exception {
		SimpleMeterRegistry meters = new SimpleMeterRegistry();
		LockMetricsListener listener = new LockMetricsListener(meters);
		try (InMemoryLockBackend backend = new InMemoryLockBackend(this.service);
				LockEngine registry = new LockEngine(backend, listener, LockEngine.Options.DEFAULTS)) {
			backend.suspendConnection();
			assertThatExceptionOfType(LockBackendException.class)
				.isThrownBy(() -> new LockTemplate(registry).acquire(request("nowhere", SHORT)));
		}
		try (InMemoryLockBackend backend = new InMemoryLockBackend(this.service);
				LockEngine registry = new LockEngine(backend, listener, LockEngine.Options.DEFAULTS);
				LockHandle held = this.otherRegistry.acquire(request("interrupted", SHORT))) {
			LockTemplate locks = new LockTemplate(registry);
			AtomicReference<Throwable> failure = new AtomicReference<>();
			Thread waiter = new Thread(() -> {
				try {
					locks.acquire(request("interrupted", Duration.ofMinutes(1))).close();
				}
				catch (Throwable ex) {
					failure.set(ex);
				}
			});
			waiter.start();
			await().until(() -> registry.waiters().size() == 1 && waiter.getState() != Thread.State.RUNNABLE);
			waiter.interrupt();
			waiter.join(30_000);
			assertThat(failure.get()).isInstanceOf(LockInterruptedException.class);
		}
		assertThat(wait(meters, "failed").count()).isEqualTo(1);
		assertThat(wait(meters, "interrupted").count()).isEqualTo(1);
		assertThat(counter(meters, LockMetricsListener.FAILURES)).isEqualTo(1);
		assertThat(meters.find(LockMetricsListener.TIMEOUTS).counter()).isNull();
	}

	private static double counter(MeterRegistry meters, String name) {
		return meters.get(name).tags("name", "scripted", "type", "MUTEX").counter().count();
	}

	private static LockRequest request(String key, Duration waitTime) {
		return new LockRequest(key, LockType.MUTEX, waitTime, "scripted");
	}

	private static Timer wait(MeterRegistry meters, String outcome) {
		return meters.get(LockMetricsListener.WAIT).tags("name", "scripted", "type", "MUTEX", "outcome", outcome).timer();
	}

	/**
	 * The meters, as the metrics auto-configuration adds them: a listener the registry tells of
	 * every event, and the gauges of the registry's locks bound to the meter registry.
	 */
	@Configuration(proxyBeanMethods = false)
	static class MetricsConfiguration {

		@Bean
		SimpleMeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

		@Bean
		LockMetricsListener lockMetricsListener(MeterRegistry meterRegistry) {
			return new LockMetricsListener(meterRegistry);
		}

		@Bean
		LockRegistryMetrics lockRegistryMetrics(LockIntrospection locks, MeterRegistry meterRegistry) {
			LockRegistryMetrics metrics = new LockRegistryMetrics(locks);
			metrics.bindTo(meterRegistry);
			return metrics;
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class JobsConfiguration {

		@Bean
		Jobs jobs() {
			return new Jobs();
		}

	}

	static class Jobs {

		@DistributedLock(key = "'job:' + #id", waitTime = 0, onFailure = LockFailurePolicy.SKIP)
		public String run(int id) {
			return "ran";
		}

		@DistributedLock(key = "'report:' + #id", waitTime = 0, onFailure = LockFailurePolicy.FALLBACK,
				fallback = "busy")
		public String report(int id) {
			return "done";
		}

		public String busy(int id) {
			return "busy";
		}

	}

}
