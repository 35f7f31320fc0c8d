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

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * An annotation's {@code name} selects settings of the application's configuration, which take
 * precedence over the annotation's attributes; the name labels the lock's metrics.
 */
class NamedLockSettingsTests {

	private static final NamedLockSettings SKIP_AT_ONCE_AS_SEMAPHORE = new NamedLockSettings(Duration.ZERO,
			LockType.SEMAPHORE_MUTEX, LockFailurePolicy.SKIP, Duration.ofMinutes(5));

	private static final Map<String, NamedLockSettings> CONFIGURED = Map.of("reports", SKIP_AT_ONCE_AS_SEMAPHORE,
			"slow", new NamedLockSettings(Duration.ofSeconds(-1), null, null),
			"partial", new NamedLockSettings(null, null, LockFailurePolicy.THROW),
			"fallback", new NamedLockSettings(null, null, LockFailurePolicy.FALLBACK),
			"too-short", new NamedLockSettings(null, null, null, Duration.ofSeconds(10)),
			"exports", new NamedLockSettings(null, LockType.SEMAPHORE, null, null, 4),
			"no-permits", new NamedLockSettings(null, null, null, null, 0),
			"permits-of-a-mutex", new NamedLockSettings(null, null, null, null, 2));

	private final LockOperationSource source = new LockOperationSource(
			(name) -> CONFIGURED.getOrDefault(name, NamedLockSettings.NONE));

	/** The class is scanned whole at its first method: an invalid one fails them all. */
	private LockOperation operation(String methodName) throws NoSuchMethodException {
		Method method = Jobs.class.getMethod(methodName);
		LockOperation operation = this.source.getOperation(method, Jobs.class);
		assertThat(operation).isNotNull();
		return operation;
	}

	@Test
	void configuredSettingsTakePrecedenceOverTheAnnotations() throws Exception {
		LockOperation operation = operation("nightly");
		assertThat(operation.waitTime()).isEqualTo(Duration.ZERO);
		assertThat(operation.type()).isEqualTo(LockType.SEMAPHORE_MUTEX);
		assertThat(operation.onFailure()).isEqualTo(LockFailurePolicy.SKIP);
		assertThat(operation.holdAtLeast()).isEqualTo(Duration.ofSeconds(30));
		assertThat(operation.maxHold()).isEqualTo(Duration.ofMinutes(5));
		assertThat(operation.name()).isEqualTo("reports");
	}

	@Test
	void settingsLeftUnsetKeepTheAnnotations() throws Exception {
		LockOperation operation = operation("partlyConfigured");
		assertThat(operation.waitTime()).isEqualTo(Duration.ofSeconds(2));
		assertThat(operation.type()).isEqualTo(LockType.MUTEX);
		assertThat(operation.onFailure()).isEqualTo(LockFailurePolicy.THROW);
		assertThat(operation.fallback()).isNull();
		assertThat(operation.maxHold()).isEqualTo(Duration.ofMinutes(1));
	}

	@Test
	void aNameWithNothingConfiguredKeepsTheAnnotationsSettings() throws Exception {
		LockOperation operation = operation("unconfigured");
		assertThat(operation.waitTime()).isEqualTo(Duration.ofMillis(500));
		assertThat(operation.type()).isEqualTo(LockType.MUTEX);
		assertThat(operation.name()).isEqualTo("nobody-configured-this");
	}

	@Test
	void anUnnamedLockIsLabelledByItsMethod() throws Exception {
		assertThat(operation("unnamed").name()).isEqualTo("Jobs.unnamed");
	}

	@Test
	void aNegativeConfiguredWaitFailsNamingTheMethodAndTheName() {
		assertThatIllegalStateException()
			.isThrownBy(() -> this.source.getOperation(SlowJobs.class.getMethod("tooSlow"), SlowJobs.class))
			.withMessageContaining("SlowJobs.tooSlow()")
			.withMessageContaining("named 'slow'")
			.withMessageContaining("negative");
	}

	@Test
	void aConfiguredMaxHoldShorterThanTheHoldAtLeastFailsNamingTheMethodAndTheName() {
		assertThatIllegalStateException()
			.isThrownBy(() -> this.source.getOperation(ShortJobs.class.getMethod("heldLong"), ShortJobs.class))
			.withMessageContaining("ShortJobs.heldLong()")
			.withMessageContaining("maxHold PT10S (configured under its name 'too-short')")
			.withMessageContaining("shorter than its holdAtLeast PT30S");
	}

	@Test
	void configuredPermitsMakeASemaphoreOfThatManyHolders() throws Exception {
		LockOperation operation = this.source.getOperation(PermitJobs.class.getMethod("export"), PermitJobs.class);
		assertThat(operation.type()).isEqualTo(LockType.SEMAPHORE);
		assertThat(operation.permits()).isEqualTo(4);
	}

	@Test
	void configuredPermitsBelowOneOrOfAnotherTypeFailNamingTheMethodAndTheName() {
		assertThatIllegalStateException()
			.isThrownBy(() -> this.source.getOperation(NoPermitJobs.class.getMethod("none"), NoPermitJobs.class))
			.withMessageContaining("NoPermitJobs.none()")
			.withMessageContaining("named 'no-permits', whose configured permits 0 is below 1");
		assertThatIllegalStateException()
			.isThrownBy(() -> this.source.getOperation(MutexPermitJobs.class.getMethod("mutex"), MutexPermitJobs.class))
			.withMessageContaining("MutexPermitJobs.mutex()")
			.withMessageContaining("named 'permits-of-a-mutex', whose configured permits 2 need type SEMAPHORE, but its type is MUTEX");
	}

	@Test
	void aDefaultMaxHoldAppliesToLocksThatSetNone() throws Exception {
		LockOperationSource withDefault = new LockOperationSource(
				(name) -> CONFIGURED.getOrDefault(name, NamedLockSettings.NONE), () -> Duration.ofMinutes(2));
		assertThat(withDefault.getOperation(DefaultedJobs.class.getMethod("plain"), DefaultedJobs.class).maxHold())
			.isEqualTo(Duration.ofMinutes(2));
		assertThat(withDefault.getOperation(DefaultedJobs.class.getMethod("ownMaxHold"), DefaultedJobs.class).maxHold())
			.isEqualTo(Duration.ofMinutes(7));
		assertThat(withDefault.getOperation(DefaultedJobs.class.getMethod("noMaxHold"), DefaultedJobs.class).maxHold())
			.as("\"0\" holds until the method returns, whatever the default").isZero();
		assertThat(withDefault.getOperation(DefaultedJobs.class.getMethod("namedMaxHold"), DefaultedJobs.class).maxHold())
			.isEqualTo(Duration.ofMinutes(5));
	}

	@Test
	void aDefaultMaxHoldShorterThanAMethodsHoldAtLeastFailsNamingTheProperty() {
		LockOperationSource withDefault = new LockOperationSource((name) -> NamedLockSettings.NONE,
				() -> Duration.ofSeconds(10));
		assertThatIllegalStateException()
			.isThrownBy(() -> withDefault.getOperation(ShortDefaultJobs.class.getMethod("heldLong"), ShortDefaultJobs.class))
			.withMessageContaining("ShortDefaultJobs.heldLong()")
			.withMessageContaining("maxHold PT10S (distributed-lock.default-max-hold; set the annotation's maxHold for this method)")
			.withMessageContaining("shorter than its holdAtLeast PT30S");
	}

	public static class PermitJobs {

		@DistributedLock(key = "'export'", name = "exports")
		public void export() {
		}

	}

	public static class NoPermitJobs {

		@DistributedLock(key = "'none'", name = "no-permits", type = LockType.SEMAPHORE)
		public void none() {
		}

	}

	public static class MutexPermitJobs {

		@DistributedLock(key = "'mutex'", name = "permits-of-a-mutex")
		public void mutex() {
		}

	}

	public static class DefaultedJobs {

		@DistributedLock(key = "'plain'")
		public void plain() {
		}

		@DistributedLock(key = "'own'", maxHold = "7m")
		public void ownMaxHold() {
		}

		@DistributedLock(key = "'none'", maxHold = "0")
		public void noMaxHold() {
		}

		// the name's 5 minutes, configured under "reports", with the type SEMAPHORE_MUTEX it gives
		@DistributedLock(key = "'named'", name = "reports")
		public void namedMaxHold() {
		}

	}

	public static class ShortDefaultJobs {

		@DistributedLock(key = "'held-long'", type = LockType.SEMAPHORE_MUTEX, holdAtLeastFor = "30s")
		public void heldLong() {
		}

	}

	public static class ShortJobs {

		@DistributedLock(key = "'held-long'", name = "too-short", type = LockType.SEMAPHORE_MUTEX, holdAtLeast = 30,
				timeUnit = TimeUnit.SECONDS)
		public void heldLong() {
		}

	}

	public static class Jobs {

		// holdAtLeast needs SEMAPHORE_MUTEX: the configured type makes it valid
		@DistributedLock(key = "'nightly'", name = "reports", waitTime = 5, holdAtLeast = 30,
				timeUnit = TimeUnit.SECONDS)
		public String nightly() {
			return "ran";
		}

		// the configured THROW leaves the annotation's fallback unused, and that is no error
		@DistributedLock(key = "'partly'", name = "partial", waitFor = "2s", onFailure = LockFailurePolicy.FALLBACK,
				fallback = "instead", maxHold = "1m")
		public String partlyConfigured() {
			return "ran";
		}

		public String instead() {
			return "fallback";
		}

		@DistributedLock(key = "'other'", name = "nobody-configured-this", waitFor = "500ms")
		public void unconfigured() {
		}

		@DistributedLock(key = "'plain'")
		public void unnamed() {
		}

	}

	@Test
	void aConfiguredFallbackPolicyWithoutAFallbackMethodFailsNamingTheName() {
		assertThatIllegalStateException()
			.isThrownBy(() -> this.source.getOperation(FallbackJobs.class.getMethod("export"), FallbackJobs.class))
			.withMessageContaining("FallbackJobs.export()")
			.withMessageContaining("named 'fallback'")
			.withMessageContaining("names no fallback method");
	}

	public static class FallbackJobs {

		@DistributedLock(key = "'export'", name = "fallback")
		public String export() {
			return "exported";
		}

	}

	public static class SlowJobs {

		@DistributedLock(key = "'slow'", name = "slow")
		public void tooSlow() {
		}

	}

}
