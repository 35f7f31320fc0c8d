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

package io.github.distlock.etcd;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * An etcd that cannot be reached, or stops answering while a thread waits, fails the
 * acquisition with an exception that names etcd and the lock, and leaves no contender key
 * once etcd answers again; a lock outlives a server killed and restarted within its lease.
 */
class EtcdServerFaultTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	/** What an etcd call of an acquisition is given past its wait time (the guide's guarantees page). */
	private static final Duration GRACE = Duration.ofMillis(500);

	/** The test's own thread scheduling, which a loaded machine stretches. */
	private static final Duration SCHEDULING = Duration.ofMillis(400);

	private final TestRegistries registries = new TestRegistries("/server-faults");

	@AfterEach
	void close() throws Exception {
		etcd.resume();
		this.registries.close();
	}

	@Test
	void unreachableClusterFailsTheAcquisitionNamingEtcdAndTheLock() throws IOException {
		String nowhere;
		try (ServerSocket socket = new ServerSocket(0)) {
			nowhere = "http://127.0.0.1:" + socket.getLocalPort();
		}
		EtcdLockRegistry registry = registry(nowhere);
		assertThatExceptionOfType(LockBackendException.class)
			.isThrownBy(() -> registry.acquire(request("nowhere", Duration.ofSeconds(1))))
			.withMessageContaining("'nowhere'")
			.withMessageContaining("etcd");
		assertThat(registry.heldLocks()).isEmpty();
		assertThat(registry.waiters()).isEmpty();
	}

	@Test
	void waiterWhoseTimeEndsWhileEtcdHangsFailsNamingEtcdWithinTheGraceAndLeavesNoKeyOnceItAnswers()
			throws Exception {
		EtcdLockRegistry holderRegistry = registry(etcd.endpoint());
		EtcdLockRegistry waiterRegistry = registry(etcd.endpoint());
		LockHandle held = holderRegistry.acquire(request("hang", Duration.ofSeconds(5)));
		Duration wait = Duration.ofSeconds(4);
		CompletableFuture<Long> started = new CompletableFuture<>();
		CompletableFuture<LockHandle> waiting = CompletableFuture.supplyAsync(() -> {
			started.complete(System.nanoTime());
			return waiterRegistry.acquire(request("hang", wait));
		});
		await().atMost(Duration.ofSeconds(10)).until(() -> !waiterRegistry.waiters().isEmpty());
		assertThat(holderRegistry.participants("hang", LockType.MUTEX)).hasSize(2);
		etcd.pause();
		assertThat(waiting).failsWithin(Duration.ofSeconds(30))
			.withThrowableOfType(ExecutionException.class)
			.havingCause()
			.isInstanceOf(LockBackendException.class)
			.withMessageContaining("'hang'")
			.withMessageContaining("etcd");
		// the wait time, then at most the half second a call is given past it (and a little scheduling)
		assertThat(Duration.ofNanos(System.nanoTime() - started.get()))
			.isLessThan(wait.plus(GRACE).plus(SCHEDULING));
		etcd.resume();
		await().atMost(Duration.ofSeconds(10))
			.until(() -> holderRegistry.participants("hang", LockType.MUTEX).size() == 1);
		held.close();
		try (LockHandle next = waiterRegistry.acquire(request("hang", Duration.ofSeconds(10)))) {
			assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
		}
		await().atMost(Duration.ofSeconds(10))
			.until(() -> holderRegistry.participants("hang", LockType.MUTEX).isEmpty());
	}

	@Test
	void lockOutlivesAServerKilledAndRestartedWithinTheLeaseAndStaysExclusive() throws Exception {
		List<String> changes = new CopyOnWriteArrayList<>();
		EtcdLockRegistry holderRegistry = this.registries.registry(List.of(etcd.endpoint()), Duration.ofSeconds(20),
				new LockListener() {
					@Override
					public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
						changes.add(previous + "->" + current);
					}
				});
		EtcdLockRegistry other = registry(etcd.endpoint());
		LockHandle held = holderRegistry.acquire(request("restart", Duration.ofSeconds(5)));
		etcd.kill();
		Thread.sleep(1_000);
		etcd.restart();
		// etcd keeps leases over a restart: the holder's renewals get through again
		await().atMost(Duration.ofSeconds(20)).until(() -> held.state() == LockState.HELD);
		assertThat(changes).doesNotContain("HELD->LOST", "IN_DOUBT->LOST");
		assertThatExceptionOfType(LockAcquisitionException.class)
			.isThrownBy(() -> other.acquire(request("restart", Duration.ofSeconds(2))));
		held.close();
		try (LockHandle next = other.acquire(request("restart", Duration.ofSeconds(10)))) {
			assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
		}
	}

	private EtcdLockRegistry registry(String endpoint) {
		return this.registries.registry(List.of(endpoint), Duration.ofSeconds(20), TestRegistries.NO_LISTENER);
	}

	private static LockRequest request(String key, Duration wait) {
		return new LockRequest(key, LockType.MUTEX, wait, "fault");
	}

}
