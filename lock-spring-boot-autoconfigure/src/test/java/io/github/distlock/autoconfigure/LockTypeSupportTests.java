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
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;
import io.github.distlock.test.memory.InMemoryLockRegistry;
import io.github.distlock.core.memory.InMemoryLockService;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * A backend declares the lock types it supports: an annotated method of another type fails
 * start-up naming the method, the type and the backend, and {@link LockOperations} refuses a
 * request of another type before anything is told or awaited.
 */
class LockTypeSupportTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DistributedLockAutoConfiguration.class))
		.withUserConfiguration(MutexOnlyBackend.class);

	@Test
	void annotatedMethodOfAnUnsupportedTypeFailsStartup() {
		this.contextRunner.withUserConfiguration(ReadingService.class)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("@DistributedLock on " + Reports.class.getName() + ".read()")
				.hasMessageContaining("uses lock type READ, which the lock backend (MutexOnlyRegistry) does not support")
				.hasMessageContaining("[MUTEX]"));
	}

	@Test
	void supportedTypesStartAndLock() {
		this.contextRunner.withUserConfiguration(MutexService.class).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(Jobs.class).run()).isEqualTo("ran");
		});
	}

	@Test
	void lockOperationsRefuseAnUnsupportedTypeBeforeTellingAnyone() {
		this.contextRunner.withUserConfiguration(RecordingListener.class).run((context) -> {
			LockOperations operations = context.getBean(LockOperations.class);
			assertThatIllegalArgumentException()
				.isThrownBy(() -> operations.acquire(new LockRequest("k", LockType.WRITE, Duration.ofSeconds(1), "n")))
				.withMessage("Lock type WRITE of lock 'k' is not supported by the lock backend (MutexOnlyRegistry), "
						+ "which supports [MUTEX]");
			assertThat(context.getBean(RecordingListener.class).events).isEmpty();
			try (LockHandle mutex = operations.acquire("k", Duration.ofSeconds(1))) {
				assertThat(mutex.isHeld()).isTrue();
			}
			assertThat(context.getBean(RecordingListener.class).events).containsExactly("started", "acquired");
		});
	}

	/**
	 * An application's own registry, which tells the application's listeners.
	 */
	static class MutexOnlyRegistry implements LockRegistry {

		private final InMemoryLockRegistry delegate;

		MutexOnlyRegistry(LockListener listener) {
			this.delegate = new InMemoryLockRegistry(new InMemoryLockService(), listener);
		}

		@Override
		public LockHandle acquire(LockRequest request) {
			return this.delegate.acquire(request);
		}

		@Override
		public Set<LockType> supportedTypes() {
			return EnumSet.of(LockType.MUTEX);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class MutexOnlyBackend {

		@Bean
		MutexOnlyRegistry mutexOnlyRegistry(ObjectProvider<LockListener> listeners) {
			return new MutexOnlyRegistry(new CompositeLockListener(listeners.orderedStream().toList()));
		}

	}

	static class Reports {

		@DistributedLock(key = "'report'", type = LockType.READ)
		public String read() {
			return "read";
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ReadingService {

		@Bean
		Reports reports() {
			return new Reports();
		}

	}

	static class Jobs {

		@DistributedLock(key = "'job'")
		public String run() {
			return "ran";
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class MutexService {

		@Bean
		Jobs jobs() {
			return new Jobs();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class RecordingListener implements LockListener {

		final List<String> events = new CopyOnWriteArrayList<>();

		@Override
		public void onAcquisitionStarted(LockRequest request) {
			this.events.add("started");
		}

		@Override
		public void onAcquired(AcquiredLock lock, Duration waited) {
			this.events.add("acquired");
		}

	}

}
