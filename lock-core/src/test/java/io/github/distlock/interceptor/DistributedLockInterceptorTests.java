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

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.InvalidLockKeyException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.memory.InMemoryLockingConfiguration;
import io.github.distlock.core.memory.InMemoryLockingConfiguration.Settings;
import io.github.distlock.core.memory.InMemoryProcess;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * {@code @DistributedLock} on beans of a real application context, on the in-memory backend with
 * a second client of the same service as another process. (That the
 * {@code distributed-lock.default-wait-time} property sets the default wait is the
 * auto-configuration's to test.)
 */
class DistributedLockInterceptorTests {

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryProcess otherProcess = new InMemoryProcess(this.service);

	@AfterEach
	void closeOtherProcess() {
		this.otherProcess.close();
	}

	private void run(ContextTest test) {
		run(Settings.DEFAULTS, test);
	}

	private void run(Settings settings, ContextTest test) {
		try (AnnotationConfigApplicationContext context = InMemoryLockingConfiguration.start(this.service, settings,
				ServiceConfiguration.class)) {
			test.accept(context);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Test
	void keyExpressionUsesParameterNames() {
		run((context) -> {
			AcquiredLock lock = context.getBean(StockService.class).purchase(42);
			assertThat(lock.key()).isEqualTo("stock:42");
			assertThat(lock.path()).isEqualTo("memory:stock:42");
			assertThat(lock.fencingToken()).isPositive();
			assertThat(lock.isHeld()).isFalse();
			assertThat(LockContext.current()).isNull();
		});
	}

	@Test
	void keyExpressionUsesPositionalRootAndBeanReferences() {
		run((context) -> {
			StockService service = context.getBean(StockService.class);
			assertThat(service.positional("x", "y")).isEqualTo("p:x:y");
			assertThat(service.rootReferences("z")).isEqualTo("rootReferences:z:1");
			assertThat(service.beanReference("7")).isEqualTo("tenant-a:7");
		});
	}

	@Test
	void lockIsHeldInTheServiceWhileTheMethodRuns() {
		run((context) -> {
			List<String> entriesDuringCall = context.getBean(StockService.class)
				.whileHeld(() -> this.service.entriesOf("held"));
			assertThat(entriesDuringCall).hasSize(1);
			assertThat(this.service.entriesOf("held")).isEmpty();
		});
	}

	@Test
	void nestedCallOnTheSameKeyReentersTheLock() {
		run((context) -> {
			List<Long> tokens = context.getBean(OuterService.class).outerThenInner(9);
			assertThat(tokens).hasSize(2);
			assertThat(tokens.get(0)).isEqualTo(tokens.get(1));
		});
	}

	@Test
	void methodExceptionPropagatesUnchangedAndTheLockIsReleased() {
		run((context) -> {
			StockService service = context.getBean(StockService.class);
			assertThatIOException().isThrownBy(service::failing).withMessage("boom");
			assertThat(this.service.entriesOf("failing")).isEmpty();
			try (LockHandle lock = this.otherProcess
				.acquire(new LockRequest("failing", LockType.MUTEX, Duration.ZERO, "test"))) {
				assertThat(lock.isHeld()).isTrue();
			}
		});
	}

	@Test
	void nullKeyIsRejectedWithMethodNameAndExpression() {
		run((context) -> assertThatExceptionOfType(InvalidLockKeyException.class)
			.isThrownBy(() -> context.getBean(StockService.class).byName(null))
			.withMessageContaining("StockService.byName(String)")
			.withMessageContaining("'#name'")
			.withMessageContaining("null"));
	}

	@Test
	void blankKeyIsRejectedWithMethodNameAndExpression() {
		run((context) -> assertThatExceptionOfType(InvalidLockKeyException.class)
			.isThrownBy(() -> context.getBean(StockService.class).byName("  "))
			.withMessageContaining("StockService.byName(String)")
			.withMessageContaining("blank"));
	}

	@Test
	void failingExpressionIsRejectedWithMethodName() {
		run((context) -> assertThatExceptionOfType(InvalidLockKeyException.class)
			.isThrownBy(() -> context.getBean(StockService.class).nested(null))
			.withMessageContaining("StockService.nested(Map)"));
	}

	@Test
	void timeoutThrowsLockAcquisitionExceptionByDefault() throws Exception {
		try (LockHandle busy = holdBusyElsewhere()) {
			run((context) -> assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> context.getBean(StockService.class).throwing())
				.satisfies((ex) -> assertThat(ex.getKey()).isEqualTo("busy")));
		}
	}

	@Test
	void skipPolicyReturnsAnEmptyValueWithoutRunningTheMethod() throws Exception {
		try (LockHandle busy = holdBusyElsewhere()) {
			run((context) -> {
				StockService service = context.getBean(StockService.class);
				assertThat(service.skipOptional()).isEmpty();
				assertThat(service.skipList()).isEmpty();
				assertThat(service.skipObject()).isNull();
				service.skipVoid();
				assertThat(service.calls()).isZero();
			});
		}
		run((context) -> {
			StockService service = context.getBean(StockService.class);
			assertThat(service.skipOptional()).contains("ran");
			assertThat(service.calls()).isOne();
		});
	}

	@Test
	void fallbackPolicyCallsTheFallbackWithTheSameArguments() throws Exception {
		try (LockHandle busy = holdBusyElsewhere()) {
			run((context) -> {
				StockService service = context.getBean(StockService.class);
				assertThat(service.withFallback("x")).isEqualTo("fallback:x");
				assertThat(service.withFallbackTakingTheFailure("y")).isEqualTo("fallback:y:LockAcquisitionException");
			});
		}
		run((context) -> assertThat(context.getBean(StockService.class).withFallback("x")).isEqualTo("locked:x"));
	}

	@Test
	void waitTimeAndUnitAreHonoured() throws Exception {
		try (LockHandle busy = holdBusyElsewhere()) {
			run((context) -> assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> context.getBean(StockService.class).waitsInSeconds())
				.satisfies((ex) -> assertThat(ex.getWaited()).isGreaterThanOrEqualTo(Duration.ofSeconds(1))));
		}
	}

	@Test
	void defaultWaitTimeAppliesWhenTheAnnotationGivesNone() throws Exception {
		try (LockHandle busy = holdBusyElsewhere()) {
			run(Settings.DEFAULTS.withDefaultWaitTime(Duration.ofMillis(250)),
					(context) -> assertThatExceptionOfType(LockAcquisitionException.class)
						.isThrownBy(() -> context.getBean(StockService.class).defaultWait())
						.satisfies((ex) -> assertThat(ex.getWaited()).isGreaterThanOrEqualTo(Duration.ofMillis(250))));
		}
	}

	private LockHandle holdBusyElsewhere() {
		return this.otherProcess.acquire(new LockRequest("busy", LockType.MUTEX, Duration.ofSeconds(5), "test"));
	}

	@FunctionalInterface
	interface ContextTest {

		void accept(AnnotationConfigApplicationContext context) throws Exception;

	}

	@FunctionalInterface
	interface ThrowingSupplier<T> {

		T get() throws Exception;

	}

	@Configuration(proxyBeanMethods = false)
	static class ServiceConfiguration {

		@Bean
		StockService stockService() {
			return new StockService();
		}

		@Bean
		OuterService outerService(StockService stockService) {
			return new OuterService(stockService);
		}

		@Bean
		KeyPrefix keyPrefix() {
			return new KeyPrefix();
		}

	}

	static class KeyPrefix {

		public String value() {
			return "tenant-a:";
		}

	}

	static class StockService {

		private int calls;

		public int calls() {
			return this.calls;
		}

		@DistributedLock(key = "'stock:' + #goodsNo")
		public AcquiredLock purchase(int goodsNo) {
			return LockContext.current();
		}

		@DistributedLock(key = "'stock:' + #goodsNo")
		public long token(int goodsNo) {
			return LockContext.current().fencingToken();
		}

		@DistributedLock(key = "'p:' + #p0 + ':' + #a1")
		public String positional(String first, String second) {
			return LockContext.current().key();
		}

		@DistributedLock(key = "#root.method.name + ':' + #root.args[0] + ':' + #root.args.length")
		public String rootReferences(String value) {
			return LockContext.current().key();
		}

		@DistributedLock(key = "@keyPrefix.value() + #id")
		public String beanReference(String id) {
			return LockContext.current().key();
		}

		@DistributedLock(key = "'held'")
		public <T> T whileHeld(ThrowingSupplier<T> work) throws Exception {
			return work.get();
		}

		@DistributedLock(key = "#name")
		public String byName(String name) {
			return name;
		}

		@DistributedLock(key = "#values['id'].toString()")
		public String nested(Map<String, Object> values) {
			return "unreachable";
		}

		@DistributedLock(key = "'failing'")
		public void failing() throws IOException {
			throw new IOException("boom");
		}

		@DistributedLock(key = "'busy'", waitTime = 100)
		public String throwing() {
			return "unreachable";
		}

		@DistributedLock(key = "'busy'", waitTime = 1, timeUnit = TimeUnit.SECONDS)
		public String waitsInSeconds() {
			return "unreachable";
		}

		@DistributedLock(key = "'busy'")
		public String defaultWait() {
			return "unreachable";
		}

		@DistributedLock(key = "'busy'", waitTime = 100, onFailure = LockFailurePolicy.SKIP)
		public Optional<String> skipOptional() {
			this.calls++;
			return Optional.of("ran");
		}

		@DistributedLock(key = "'busy'", waitTime = 100, onFailure = LockFailurePolicy.SKIP)
		public List<String> skipList() {
			this.calls++;
			return List.of("ran");
		}

		@DistributedLock(key = "'busy'", waitTime = 100, onFailure = LockFailurePolicy.SKIP)
		public String skipObject() {
			this.calls++;
			return "ran";
		}

		@DistributedLock(key = "'busy'", waitTime = 100, onFailure = LockFailurePolicy.SKIP)
		public void skipVoid() {
			this.calls++;
		}

		@DistributedLock(key = "'busy'", waitTime = 100, onFailure = LockFailurePolicy.FALLBACK,
				fallback = "fallbackOf")
		public String withFallback(String value) {
			return "locked:" + value;
		}

		@DistributedLock(key = "'busy'", waitTime = 100, onFailure = LockFailurePolicy.FALLBACK,
				fallback = "fallbackWithFailure")
		public String withFallbackTakingTheFailure(String value) {
			return "locked:" + value;
		}

		String fallbackOf(String value) {
			return "fallback:" + value;
		}

		String fallbackWithFailure(String value, DistributedLockException failure) {
			return "fallback:" + value + ":" + failure.getClass().getSimpleName();
		}

	}

	static class OuterService {

		private final StockService stockService;

		OuterService(StockService stockService) {
			this.stockService = stockService;
		}

		@DistributedLock(key = "'stock:' + #goodsNo", waitTime = 0)
		public List<Long> outerThenInner(int goodsNo) {
			long outer = LockContext.current().fencingToken();
			return List.of(outer, this.stockService.token(goodsNo));
		}

	}

}
