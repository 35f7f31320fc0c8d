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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * {@link AsyncLockTemplate}: a {@code CompletionStage} holds its lock from its start to its
 * completion, on the in-memory backend.
 */
class AsyncLockTemplateTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryLockBackend backend = new InMemoryLockBackend(this.service);

	private final LockEngine engine = new LockEngine(this.backend, new LockListener() {
	}, LockEngine.Options.STANDARD);

	private final AsyncLockTemplate locks = new AsyncLockTemplate(this.engine, true);

	@AfterEach
	void close() {
		this.engine.close();
		this.backend.close();
	}

	@Test
	void workRunsWithItsLockInLockContextAndTheLockGoesWhenItsStageCompletes() throws Exception {
		CompletableFuture<String> stage = new CompletableFuture<>();
		CompletableFuture<String> result = this.locks.executeAsync("a", WAIT, (lock) -> {
			assertThat(LockContext.current()).isSameAs(lock);
			return stage;
		});
		await().until(() -> this.engine.heldLocks().size() == 1);
		assertThat(LockContext.current()).isNull();
		stage.complete("done");
		assertThat(result.get(5, TimeUnit.SECONDS)).isEqualTo("done");
		assertThat(this.engine.heldLocks()).isEmpty();
		assertThat(this.service.entriesOf("a")).isEmpty();
	}

	@Test
	void workThatThrowsFailsTheResultAndReleases() {
		CompletableFuture<String> result = this.locks.executeAsync("b", WAIT, (lock) -> {
			throw new IllegalStateException("no stock");
		});
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> result.get(5, TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(IllegalStateException.class)
			.withMessage("no stock");
		assertThat(this.service.entriesOf("b")).isEmpty();
	}

	@Test
	void lostLockFailsTheResultAtOnceAndCancelsTheWork() {
		CompletableFuture<String> stage = new CompletableFuture<>();
		CompletableFuture<String> result = this.locks.executeAsync("c", WAIT, (lock) -> stage);
		await().until(() -> this.engine.heldLocks().size() == 1);
		this.backend.expireSession();
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> result.get(5, TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(LockLostException.class);
		assertThat(stage).isCancelled();
		await().until(() -> this.engine.locksInUse() == 0);
	}

	@Test
	void cancelledResultCancelsTheWorkAndReleasesTheLock() {
		CompletableFuture<String> stage = new CompletableFuture<>();
		CompletableFuture<String> result = this.locks.executeAsync("d", WAIT, (lock) -> stage);
		await().until(() -> this.engine.heldLocks().size() == 1);
		result.cancel(false);
		assertThat(stage).isCancelled();
		await().until(() -> this.service.entriesOf("d").isEmpty() && this.engine.locksInUse() == 0);
	}

}
