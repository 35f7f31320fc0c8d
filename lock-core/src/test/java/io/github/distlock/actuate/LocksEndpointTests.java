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

package io.github.distlock.actuate;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.distlock.actuate.LocksEndpoint.LocksDescriptor;
import io.github.distlock.actuate.LocksEndpoint.ParticipantsDescriptor;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The {@code locks} endpoint on the in-memory backend, with a second client of the same service
 * as another process. In the service, a contender is named by its lock type, its entry and its
 * client's session ({@code MUTEX-3@session-2}), so that the holder can be told from the waiters.
 */
class LocksEndpointTests {

	private static final Duration SHORT = Duration.ofMillis(300);

	private static final LockListener NO_LISTENER = new LockListener() {
	};

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryLockBackend ownBackend = new InMemoryLockBackend(this.service);

	private final InMemoryLockBackend otherBackend = new InMemoryLockBackend(this.service);

	private final LockEngine own = new LockEngine(this.ownBackend, NO_LISTENER, LockEngine.Options.STANDARD);

	private final LockEngine other = new LockEngine(this.otherBackend, NO_LISTENER, LockEngine.Options.STANDARD);

	private final LocksEndpoint endpoint = new LocksEndpoint(this.own);

	@AfterEach
	void disconnect() {
		this.own.close();
		this.other.close();
		this.ownBackend.close();
		this.otherBackend.close();
	}

	@Test
	void listsTheLocksThisProcessKeepsWithNoHolderApartFromTheHeldOnes() {
		try (LockEngine caching = new LockEngine(this.ownBackend, NO_LISTENER,
				LockEngine.Options.STANDARD.withCaching(LockEngine.Caching.of(Duration.ofMinutes(2), 10)))) {
			LocksEndpoint endpoint = new LocksEndpoint(caching);
			// a key's second use is cached
			caching.acquire(request("stock:cached", LockType.MUTEX, SHORT)).close();
			caching.acquire(request("stock:cached", LockType.MUTEX, SHORT)).close();
			try (LockHandle held = caching.acquire(request("stock:held", LockType.MUTEX, SHORT))) {
				LocksDescriptor locks = endpoint.locks();
				assertThat(locks.held()).extracting(LocksEndpoint.HeldLock::key).containsExactly("stock:held");
				assertThat(locks.cached()).singleElement().satisfies((cached) -> {
					assertThat(cached.key()).isEqualTo("stock:cached");
					assertThat(cached.type()).isEqualTo(LockType.MUTEX);
					assertThat(cached.description()).startsWith("entry ");
				});
			}
		}
	}

	@Test
	void listsTheLocksThisProcessHoldsAndAwaits() throws Exception {
		try (LockHandle contended = this.other.acquire(request("stock:7", LockType.MUTEX, SHORT));
				LockHandle held = this.own.acquire(request("stock:42", LockType.MUTEX, SHORT))) {
			CompletableFuture<Void> waiter = CompletableFuture.runAsync(
					() -> this.own.acquire(request("stock:7", LockType.MUTEX, Duration.ofSeconds(30))).close());
			await().until(() -> !this.endpoint.locks().waiting().isEmpty());
			LocksDescriptor locks = this.endpoint.locks();
			assertThat(locks.held()).singleElement().satisfies((lock) -> {
				assertThat(lock.key()).isEqualTo("stock:42");
				assertThat(lock.name()).isEqualTo("StockService.purchase");
				assertThat(lock.path()).isEqualTo("memory:stock:42");
				assertThat(lock.type()).isEqualTo(LockType.MUTEX);
				assertThat(lock.state()).isEqualTo("HELD");
				assertThat(lock.fencingToken()).isEqualTo(held.fencingToken());
				assertThat(lock.acquiredAt()).isEqualTo(held.acquiredAt());
				assertThat(lock.holderThread()).isEqualTo(Thread.currentThread().getName());
			});
			assertThat(locks.waiting()).singleElement().satisfies((waiting) -> {
				assertThat(waiting.key()).isEqualTo("stock:7");
				assertThat(waiting.path()).isEqualTo("memory:stock:7");
				assertThat(waiting.thread()).isNotEqualTo(Thread.currentThread().getName());
			});
			contended.close();
			waiter.get(30, TimeUnit.SECONDS);
		}
		assertThat(this.endpoint.locks().held()).isEmpty();
		assertThat(this.endpoint.locks().waiting()).isEmpty();
	}

	@Test
	void participantsOfAKeyHeldByAnotherProcessListItsHolderFirst() throws Exception {
		try (LockHandle held = this.other.acquire(request("stock:1", LockType.MUTEX, SHORT))) {
			CompletableFuture<Void> waiter = CompletableFuture.runAsync(
					() -> this.own.acquire(request("stock:1", LockType.MUTEX, Duration.ofSeconds(30))).close());
			await().until(() -> this.endpoint.participants(key("stock:1"), null).participants().size() == 2);
			ParticipantsDescriptor participants = this.endpoint.participants(key("stock:1"), null);
			assertThat(participants.key()).isEqualTo("stock:1");
			assertThat(participants.path()).isEqualTo("memory:stock:1");
			assertThat(participants.type()).isEqualTo(LockType.MUTEX);
			assertThat(participants.participants()).allMatch((entry) -> entry.startsWith("MUTEX-"));
			assertThat(participants.participants().get(0)).endsWith(sessionOf(this.otherBackend));
			assertThat(participants.participants().get(1)).endsWith(sessionOf(this.ownBackend));
			held.close();
			waiter.get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void participantsOfASemaphoreMutexListItsHolderFirst() throws Exception {
		try (LockHandle held = this.other.acquire(request("job", LockType.SEMAPHORE_MUTEX, SHORT))) {
			assertThat(this.endpoint.participants(key("job"), LockType.SEMAPHORE_MUTEX).participants())
				.singleElement()
				.asString()
				.endsWith(sessionOf(this.otherBackend));
			CompletableFuture<Void> waiter = CompletableFuture.runAsync(() -> this.own
				.acquire(request("job", LockType.SEMAPHORE_MUTEX, Duration.ofSeconds(30)))
				.close());
			await().until(() -> this.endpoint.participants(key("job"), LockType.SEMAPHORE_MUTEX)
				.participants()
				.size() == 2);
			List<String> entries = this.endpoint.participants(key("job"), LockType.SEMAPHORE_MUTEX).participants();
			assertThat(entries.get(0)).endsWith(sessionOf(this.otherBackend));
			assertThat(entries.get(1)).endsWith(sessionOf(this.ownBackend));
			assertThat(this.endpoint.participants(key("job"), LockType.MUTEX).participants())
				.as("a MUTEX of the same key is another lock")
				.isEmpty();
			held.close();
			waiter.get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void participantsOfReadersAndAWriterShareOneQueue() throws Exception {
		try (LockHandle reader = this.other.acquire(request("report", LockType.READ, SHORT))) {
			CompletableFuture<Void> writer = CompletableFuture.runAsync(
					() -> this.own.acquire(request("report", LockType.WRITE, Duration.ofSeconds(30))).close());
			await().until(() -> this.endpoint.participants(key("report"), LockType.WRITE).participants().size() == 2);
			assertThat(this.endpoint.participants(key("report"), LockType.READ).participants())
				.containsExactlyInAnyOrderElementsOf(
						this.endpoint.participants(key("report"), LockType.WRITE).participants());
			reader.close();
			writer.get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void participantsOfAKeyNeverLockedAreNone() {
		for (LockType type : LockType.values()) {
			assertThat(this.endpoint.participants(key("never-locked"), type).participants()).as(type.name())
				.isEmpty();
		}
	}

	@Test
	void keyMayContainSlashes() throws Exception {
		try (LockHandle held = this.other.acquire(request("orders/42", LockType.MUTEX, SHORT))) {
			ParticipantsDescriptor participants = this.endpoint.participants(new String[] { "orders", "42" }, null);
			assertThat(participants.key()).isEqualTo("orders/42");
			assertThat(participants.path()).isEqualTo(held.path()).isEqualTo("memory:orders/42");
			assertThat(participants.participants()).hasSize(1);
		}
	}

	@Test
	void blankKeyIsABadRequest() {
		assertThatExceptionOfType(InvalidEndpointRequestException.class)
			.isThrownBy(() -> this.endpoint.participants(key(" "), null))
			.withMessageContaining("must not be null or blank");
	}

	private static String[] key(String key) {
		return new String[] { key };
	}

	/** How the lock service's entries of a client end: with the client's session. */
	private static String sessionOf(InMemoryLockBackend client) {
		return "@session-" + client.sessionId();
	}

	private static LockRequest request(String key, LockType type, Duration waitTime) {
		return new LockRequest(key, type, waitTime, "StockService.purchase");
	}

}
