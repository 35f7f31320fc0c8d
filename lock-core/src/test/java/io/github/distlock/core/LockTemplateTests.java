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

package io.github.distlock.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The programmatic API over the in-memory backend.
 */
class LockTemplateTests {

	private final InMemoryLockBackend backend = new InMemoryLockBackend(new InMemoryLockService());

	private final LockEngine registry = new LockEngine(this.backend, new LockListener() {
	}, LockEngine.Options.DEFAULTS);

	private final LockTemplate locks = new LockTemplate(this.registry);

	@AfterEach
	void disconnect() {
		this.registry.close();
		this.backend.close();
	}

	@Test
	void executeRunsTheCallbackHoldingTheLockAndReturnsItsResult() {
		String result = this.locks.execute("stock:42", Duration.ofSeconds(3), () -> {
			AcquiredLock lock = LockContext.current();
			assertThat(lock).isNotNull();
			assertThat(lock.isHeld()).isTrue();
			return lock.key() + "@" + lock.path();
		});
		assertThat(result).isEqualTo("stock:42@memory:stock:42");
		assertThat(LockContext.current()).isNull();
		assertThat(this.registry.heldLocks()).isEmpty();
	}

	@Test
	void lockContextGivesTheInnermostLock() {
		List<String> seen = new ArrayList<>();
		this.locks.execute("outer", Duration.ofSeconds(1), () -> {
			seen.add(LockContext.current().key());
			this.locks.execute("inner", Duration.ofSeconds(1), LockType.WRITE, () -> seen.add(LockContext.current().key()));
			seen.add(LockContext.current().key());
			return null;
		});
		assertThat(seen).containsExactly("outer", "inner", "outer");
	}

	@Test
	void callbackExceptionPropagatesUnchangedAfterRelease() {
		IllegalStateException failure = new IllegalStateException("boom");
		assertThatExceptionOfType(IllegalStateException.class)
			.isThrownBy(() -> this.locks.execute("failing", Duration.ofSeconds(1), () -> {
				throw failure;
			}))
			.isSameAs(failure);
		assertThat(this.registry.heldLocks()).isEmpty();
		assertThat(LockContext.current()).isNull();
	}

	@Test
	void blankKeyIsRejected() {
		assertThatExceptionOfType(InvalidLockKeyException.class)
			.isThrownBy(() -> this.locks.execute(" ", Duration.ZERO, () -> "x"))
			.withMessageContaining("null or blank");
		assertThatExceptionOfType(InvalidLockKeyException.class)
			.isThrownBy(() -> this.locks.acquire(null, Duration.ZERO));
	}

	@Test
	void negativeWaitTimeIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.locks.acquire("k", Duration.ofMillis(-1)))
			.withMessageContaining("waitTime");
	}

	@Test
	void lockLostDuringTheCallbackIsReportedAfterIt() {
		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> this.locks.execute("lost", Duration.ofSeconds(1), () -> {
				this.backend.expireSession();
				assertThat(LockContext.current().state()).isEqualTo(LockState.LOST);
				return "done";
			}))
			.satisfies((ex) -> {
				assertThat(ex.getKey()).isEqualTo("lost");
				assertThat(ex.getPath()).isEqualTo("memory:lost");
			});
		assertThat(this.registry.heldLocks()).isEmpty();
		assertThat(LockContext.current()).isNull();
	}

	// ---- work that ends while its lock is in doubt -----------------------------------------------

	/**
	 * Work that ends while its lock is in doubt returns only once the lock is known to be held
	 * again (the session lived on, so nobody else had it), and keeps the lock until then.
	 */
	@Test
	void workThatEndsWhileItsLockIsInDoubtReturnsOnceItIsHeldAgain() throws Exception {
		AtomicBoolean resumed = new AtomicBoolean();
		CompletableFuture<Void> resuming = new CompletableFuture<>();
		String result = this.locks.execute("doubt-held", Duration.ofSeconds(1), () -> {
			this.backend.suspendConnection();
			resuming.completeAsync(() -> {
				sleep(Duration.ofMillis(300));
				resumed.set(true);
				this.backend.resumeConnection();
				return null;
			});
			return "done";
		});
		assertThat(resumed).as("the lock was held again before execute returned").isTrue();
		assertThat(result).isEqualTo("done");
		assertThat(this.registry.heldLocks()).isEmpty();
		resuming.get(10, TimeUnit.SECONDS);
	}

	/**
	 * Work that ends while its lock is in doubt, which is then lost, is reported as work whose
	 * lock was lost.
	 */
	@Test
	void workThatEndsWhileItsLockIsInDoubtThatIsThenLostIsReportedAsLost() throws Exception {
		CompletableFuture<Void> expiring = new CompletableFuture<>();
		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> this.locks.execute("doubt-lost", Duration.ofSeconds(1), () -> {
				this.backend.suspendConnection();
				expireLater(expiring);
				return "done";
			}))
			.satisfies((ex) -> assertThat(ex.getKey()).isEqualTo("doubt-lost"));
		assertThat(this.registry.heldLocks()).isEmpty();
		expiring.get(10, TimeUnit.SECONDS);
	}

	/** With {@code failOnLost=false} such work returns its result, after the loss, which is logged. */
	@Test
	void workThatEndsWhileItsLockIsInDoubtReturnsAfterTheLossWithoutFailOnLost() throws Exception {
		CompletableFuture<Void> expiring = new CompletableFuture<>();
		long session = this.backend.sessionId();
		String result = new LockTemplate(this.registry, false).execute("doubt-lost-tolerated", Duration.ofSeconds(1),
				() -> {
					this.backend.suspendConnection();
					expireLater(expiring);
					return "done";
				});
		assertThat(this.backend.sessionId()).as("the session expired before execute returned").isNotEqualTo(session);
		assertThat(result).isEqualTo("done");
		expiring.get(10, TimeUnit.SECONDS);
	}

	/** The same for several keys: a lock in doubt at the end that is then lost is reported. */
	@Test
	void workOnSeveralKeysThatEndsWhileOneIsInDoubtThatIsThenLostIsReportedAsLost() throws Exception {
		CompletableFuture<Void> expiring = new CompletableFuture<>();
		assertThatExceptionOfType(LockLostException.class)
			.isThrownBy(() -> this.locks.executeAll(List.of("doubt-a", "doubt-b"), Duration.ofSeconds(1), () -> {
				this.backend.suspendConnection();
				expireLater(expiring);
				return "done";
			}));
		assertThat(this.registry.heldLocks()).isEmpty();
		expiring.get(10, TimeUnit.SECONDS);
	}

	private void expireLater(CompletableFuture<Void> expiring) {
		expiring.completeAsync(() -> {
			sleep(Duration.ofMillis(300));
			this.backend.expireSession();
			return null;
		});
	}

	private static void sleep(Duration duration) {
		try {
			Thread.sleep(duration.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Test
	void typeTheBackendDoesNotSupportIsRefusedBeforeWaiting() {
		LockRegistry mutexOnly = new LockRegistry() {

			@Override
			public LockHandle acquire(LockRequest request) {
				return LockTemplateTests.this.registry.acquire(request);
			}

			@Override
			public java.util.Set<LockType> supportedTypes() {
				return java.util.EnumSet.of(LockType.MUTEX);
			}

		};
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new LockTemplate(mutexOnly).acquire(new LockRequest("k", LockType.READ, Duration.ZERO, "t")))
			.withMessageContaining("READ");
		assertThat(this.registry.waiters()).isEmpty();
	}

}
