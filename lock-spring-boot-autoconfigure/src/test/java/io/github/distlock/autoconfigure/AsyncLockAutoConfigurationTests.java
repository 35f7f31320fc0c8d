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

package io.github.distlock.autoconfigure;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AsyncLockOperations;
import io.github.distlock.core.AsyncLockTemplate;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.reactive.ReactiveLockContext;
import io.github.distlock.reactive.ReactiveLockOperations;
import io.github.distlock.reactive.ReactiveLockTemplate;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.publisher.Mono;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The asynchronous and reactive lock operations: auto-configured over an engine whose backend
 * can wait with no thread, replaceable, absent where they cannot work; and an annotated
 * {@code Mono} method that the backend cannot lock asynchronously fails start-up.
 */
class AsyncLockAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class));

	@Test
	void asyncAndReactiveOperationsAreAutoConfiguredOverTheEngine() {
		this.contextRunner.withUserConfiguration(InMemoryBackend.class, ReservationsConfiguration.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(AsyncLockOperations.class).hasSingleBean(ReactiveLockOperations.class);
				Mono<String> locked = context.getBean(ReactiveLockOperations.class)
					.withLock(LockRequest.of("auto", Duration.ofSeconds(5)),
							(lock) -> ReactiveLockContext.current().map((current) -> current.key()));
				assertThat(locked.block(Duration.ofSeconds(5))).isEqualTo("auto");
				assertThat(context.getBean(Reservations.class).reserve("a").block(Duration.ofSeconds(5)))
					.isEqualTo("locked:reservation:a");
				assertThat(context.getBean(InMemoryLockService.class).entriesOf("reservation:a")).isEmpty();
			});
	}

	@Test
	void withoutReactorThereAreNoReactiveOperations() {
		this.contextRunner.withUserConfiguration(InMemoryBackend.class)
			.withClassLoader(new FilteredClassLoader(Mono.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(AsyncLockOperations.class)
				.doesNotHaveBean(ReactiveLockOperations.class));
	}

	@Test
	void applicationBeansReplaceOurs() {
		this.contextRunner.withUserConfiguration(InMemoryBackend.class, CustomOperations.class).run((context) -> {
			assertThat(context.getBean(AsyncLockOperations.class)).isSameAs(CustomOperations.ASYNC);
			assertThat(context.getBean(ReactiveLockOperations.class)).isSameAs(CustomOperations.REACTIVE);
		});
	}

	@Test
	void registryThatCannotWaitWithoutAThreadHasNoAsyncOperationsAndItsMonoMethodsFailStartup() {
		this.contextRunner.withUserConfiguration(ThreadOnlyBackend.class)
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(AsyncLockOperations.class)
				.doesNotHaveBean(ReactiveLockOperations.class));
		this.contextRunner.withUserConfiguration(ThreadOnlyBackend.class, ReservationsConfiguration.class)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("@DistributedLock on " + Reservations.class.getName() + ".reserve(String)")
				.hasMessageContaining("returns Mono and uses lock type MUTEX")
				.hasMessageContaining("(ThreadOnlyRegistry) cannot acquire with no thread waiting; it can for []"));
	}

	@Configuration(proxyBeanMethods = false)
	static class InMemoryBackend {

		@Bean
		InMemoryLockService inMemoryLockService() {
			return new InMemoryLockService();
		}

		@Bean(destroyMethod = "close")
		InMemoryLockBackend lockBackend(InMemoryLockService service) {
			return new InMemoryLockBackend(service);
		}

	}

	/** A registry that locks for threads only: not an {@code AsyncLockRegistry}. */
	@Configuration(proxyBeanMethods = false)
	static class ThreadOnlyBackend {

		@Bean
		LockRegistry threadOnlyRegistry() {
			InMemoryLockBackend backend = new InMemoryLockBackend(new InMemoryLockService());
			LockEngine engine = new LockEngine(backend,
					new LockListener() {
					}, LockEngine.Options.STANDARD);
			return new ThreadOnlyRegistry(engine);
		}

	}

	static class ThreadOnlyRegistry implements LockRegistry {

		private final LockEngine engine;

		ThreadOnlyRegistry(LockEngine engine) {
			this.engine = engine;
		}

		@Override
		public LockHandle acquire(LockRequest request) {
			return this.engine.acquire(request);
		}

		@Override
		public Set<LockType> supportedTypes() {
			return EnumSet.of(LockType.MUTEX);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomOperations {

		static final AsyncLockOperations ASYNC = new AsyncLockTemplate(
				new LockEngine(new InMemoryLockBackend(new InMemoryLockService()),
						new LockListener() {
						}, LockEngine.Options.STANDARD),
				true);

		static final ReactiveLockOperations REACTIVE = new ReactiveLockTemplate(ASYNC, true);

		@Bean
		AsyncLockOperations customAsyncLockOperations() {
			return ASYNC;
		}

		@Bean
		ReactiveLockOperations customReactiveLockOperations() {
			return REACTIVE;
		}

	}

	static class Reservations {

		@DistributedLock(key = "'reservation:' + #item")
		public Mono<String> reserve(String item) {
			return ReactiveLockContext.current().map((lock) -> "locked:" + lock.key());
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ReservationsConfiguration {

		@Bean
		Reservations reservations() {
			return new Reservations();
		}

	}

}
