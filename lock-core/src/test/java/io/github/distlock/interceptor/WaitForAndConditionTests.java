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
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.InvalidLockConditionException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.memory.InMemoryLockingConfiguration;
import io.github.distlock.core.memory.InMemoryLockingConfiguration.Settings;
import io.github.distlock.core.memory.InMemoryProcess;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.core.env.MapPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code @DistributedLock}'s {@code waitFor}, {@code holdAtLeastFor} and {@code maxHold}
 * (durations as text, with placeholders) and
 * {@code condition} (lock only the calls it selects), on the in-memory backend with a second
 * client of the same service as another process that holds the key.
 */
class WaitForAndConditionTests {

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryProcess otherProcess = new InMemoryProcess(this.service);

	@AfterEach
	void closeOtherProcess() {
		this.otherProcess.close();
	}

	private final Requests requests = new Requests();

	private void run(Map<String, Object> properties, Consumer<Orders> test) {
		try (AnnotationConfigApplicationContext context = InMemoryLockingConfiguration.prepare(this.service,
				Settings.DEFAULTS.withDefaultWaitTime(Duration.ofSeconds(30)))) {
			context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test", properties));
			context.registerBean(Orders.class);
			context.registerBean(Requests.class, () -> this.requests);
			context.refresh();
			test.accept(context.getBean(Orders.class));
		}
	}

	private LockHandle heldElsewhere(String key) {
		return this.otherProcess.acquire(new LockRequest(key, LockType.MUTEX, Duration.ZERO, "other"));
	}

	@Test
	void waitForTakesTheDurationItsPlaceholderGives() {
		run(Map.of("locks.report.wait", "150ms"), (orders) -> {
			assertThat(orders.report()).isEqualTo("report");
			assertThat(this.requests.waitTimes()).containsExactly(Duration.ofMillis(150));
		});
	}

	@Test
	void waitForTakesThePlaceholdersDefaultWhenThePropertyIsMissing() {
		run(Map.of(), (orders) -> {
			orders.report();
			assertThat(this.requests.waitTimes()).containsExactly(Duration.ofMillis(100));
		});
	}

	@Test
	void waitForTakesAnIsoDurationAndABareNumberAsMilliseconds() {
		run(Map.of(), (orders) -> {
			orders.export();
			orders.archive();
			assertThat(this.requests.waitTimes()).containsExactly(Duration.ofMillis(200), Duration.ofMillis(250));
		});
	}

	@Test
	void waitForBoundsTheWait() {
		run(Map.of("locks.report.wait", "0"), (orders) -> {
			try (LockHandle held = heldElsewhere("report")) {
				assertThatExceptionOfType(LockAcquisitionException.class).isThrownBy(orders::report);
			}
		});
	}

	@Test
	void holdAtLeastForAndMaxHoldTakeTheDurationsTheirPlaceholdersGive() {
		run(Map.of("locks.nightly.hold", "250ms", "locks.nightly.max-hold", "PT2M"), (orders) -> {
			orders.nightly();
			assertThat(this.requests.holdAtLeasts()).containsExactly(Duration.ofMillis(250));
			assertThat(this.requests.maxHolds()).containsExactly(Duration.ofMinutes(2));
		});
	}

	@Test
	void permitsTakeTheNumberTheirPlaceholderGivesAndBoundTheHoldersAcrossProcesses() {
		run(Map.of("locks.exports.permits", "2"), (orders) -> {
			try (LockHandle one = this.otherProcess.acquire(new LockRequest("exports", LockType.SEMAPHORE,
					Duration.ZERO, "other").withPermits(2))) {
				assertThat(orders.export(3)).isEqualTo("exported 3");
				try (LockHandle two = this.otherProcess.acquire(new LockRequest("exports", LockType.SEMAPHORE,
						Duration.ZERO, "other").withPermits(2))) {
					assertThatExceptionOfType(LockAcquisitionException.class).isThrownBy(() -> orders.export(4));
				}
			}
			assertThat(this.requests.permits()).containsExactly(2, 2);
		});
	}

	@Test
	void aCallTheConditionLeavesOutRunsWithoutTheLock() {
		run(Map.of(), (orders) -> {
			try (LockHandle held = heldElsewhere("order:7")) {
				assertThat(orders.ship(7, 10)).isNull();
				assertThatExceptionOfType(LockAcquisitionException.class).isThrownBy(() -> orders.ship(7, 5000));
			}
			AcquiredLock lock = orders.ship(7, 5000);
			assertThat(lock).isNotNull();
			assertThat(lock.key()).isEqualTo("order:7");
		});
	}

	@Test
	void aConditionThatGivesNoBooleanFailsTheCallBeforeTheMethodRuns() {
		run(Map.of(), (orders) -> {
			assertThatExceptionOfType(InvalidLockConditionException.class).isThrownBy(() -> orders.notABoolean(3))
				.withMessageContaining("'#id'")
				.withMessageContaining("Orders.notABoolean(int)")
				.withMessageContaining("evaluated to '3' (Integer)");
			assertThat(orders.calls).isZero();
		});
	}

	static class Orders {

		int calls;

		@DistributedLock(key = "'report'", waitFor = "${locks.report.wait:100ms}")
		public String report() {
			return "report";
		}

		@DistributedLock(key = "'export'", waitFor = "PT0.2S")
		public String export() {
			return "export";
		}

		@DistributedLock(key = "'archive'", waitFor = "250")
		public String archive() {
			return "archive";
		}

		@DistributedLock(key = "'order:' + #id", waitFor = "0", condition = "#amount > 1000")
		public @Nullable AcquiredLock ship(int id, int amount) {
			return LockContext.current();
		}

		@DistributedLock(key = "'exports'", type = LockType.SEMAPHORE, permits = "${locks.exports.permits:1}",
				waitFor = "0")
		public String export(int batch) {
			return "exported " + batch;
		}

		@DistributedLock(key = "'nightly'", type = LockType.SEMAPHORE_MUTEX,
				holdAtLeastFor = "${locks.nightly.hold:100ms}", maxHold = "${locks.nightly.max-hold:1m}")
		public void nightly() {
		}

		@DistributedLock(key = "'order:' + #id", condition = "#id")
		public void notABoolean(int id) {
			this.calls++;
		}

	}

	/** The requests of the acquisitions asked for, as the engine's listener is told them. */
	static class Requests implements LockListener {

		private final List<LockRequest> requests = new CopyOnWriteArrayList<>();

		@Override
		public void onAcquisitionStarted(LockRequest request) {
			this.requests.add(request);
		}

		List<Duration> waitTimes() {
			return this.requests.stream().map(LockRequest::waitTime).toList();
		}

		List<Duration> holdAtLeasts() {
			return this.requests.stream().map(LockRequest::holdAtLeast).toList();
		}

		List<Integer> permits() {
			return this.requests.stream().map(LockRequest::permits).toList();
		}

		List<Duration> maxHolds() {
			return this.requests.stream().map(LockRequest::maxHold).toList();
		}

	}

}
