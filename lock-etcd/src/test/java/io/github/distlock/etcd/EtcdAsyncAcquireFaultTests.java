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

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.GetOption;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The etcd backend's acquisition with no thread waiting when etcd misbehaves: it ends by its
 * deadline while etcd does not answer, and its key goes once etcd answers again; its lease
 * expiring in etcd while it waits, it queues again under a new lease and still gets the lock;
 * an etcd that cannot be reached fails it naming etcd and the lock.
 */
class EtcdAsyncAcquireFaultTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private static final String ROOT = "/async-faults";

	private static final Duration LONG = Duration.ofSeconds(60);

	/** What an etcd call of an acquisition is given past its wait time. */
	private static final Duration GRACE = Duration.ofMillis(500);

	/** The test's own thread scheduling, which a loaded machine stretches. */
	private static final Duration SCHEDULING = Duration.ofMillis(400);

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private final Client observer = client(etcd.endpoint());

	@AfterEach
	void close() throws Exception {
		etcd.resume();
		for (int i = this.closeables.size() - 1; i >= 0; i--) {
			this.closeables.get(i).close();
		}
	}

	@Test
	void waitEndsByItsDeadlineWhileEtcdDoesNotAnswerAndItsKeyGoesOnceEtcdAnswers() throws Exception {
		EtcdLockBackend holderBackend = backend(etcd.endpoint(), Duration.ofSeconds(30));
		EtcdLockBackend backend = backend(etcd.endpoint(), Duration.ofSeconds(30));
		LockRequest request = request("hang");
		BackendLock holder = holderBackend.acquire(request, holderBackend.pathOf("hang"), deadline(LONG));
		Duration wait = Duration.ofSeconds(3);
		long start = System.nanoTime();
		CompletableFuture<BackendLock> waiting = acquireAsync(backend, request, wait);
		await().atMost(Duration.ofSeconds(5)).until(() -> keys("hang").size() == 2);
		etcd.pause();
		Throwable failure = failureOf(waiting, Duration.ofSeconds(20));
		Duration waited = Duration.ofNanos(System.nanoTime() - start);
		assertThat(failure).isInstanceOf(LockAcquisitionException.class);
		assertThat(((LockAcquisitionException) failure).getKey()).isEqualTo("hang");
		// by the deadline: no etcd call is awaited once it passed
		assertThat(waited).isGreaterThanOrEqualTo(wait).isLessThan(wait.plus(SCHEDULING));
		etcd.resume();
		await().atMost(Duration.ofSeconds(10)).until(() -> keys("hang").size() == 1);
		holder.release();
		BackendLock next = acquireAsync(backend, request, Duration.ofSeconds(10)).get(20, TimeUnit.SECONDS);
		assertThat(next.fencingToken()).isGreaterThan(holder.fencingToken());
		next.release();
	}

	@Test
	void aLeaseThatExpiresInEtcdWhileWaitingIsReplacedAndTheAcquisitionStillGetsTheLock() throws Exception {
		StallingProxy proxy = new StallingProxy(etcd.endpoint());
		this.closeables.add(proxy);
		EtcdLockBackend holderBackend = backend(etcd.endpoint(), Duration.ofSeconds(30));
		// a lease of 2 s, renewed through a path that stops delivering
		EtcdLockBackend backend = backend(proxy.endpoint(), Duration.ofSeconds(2));
		LockRequest request = request("expired");
		BackendLock holder = holderBackend.acquire(request, holderBackend.pathOf("expired"), deadline(LONG));
		CompletableFuture<BackendLock> waiting = acquireAsync(backend, request, LONG);
		await().atMost(Duration.ofSeconds(5)).until(() -> keys("expired").size() == 2);
		KeyValue first = keyValues("expired").get(1);
		EtcdSession.Lease firstLease = backend.latestLease();
		proxy.holdRequests();
		// etcd lets the lease expire, and deletes its key; the backend judges it lost by then
		await().atMost(Duration.ofSeconds(10)).until(() -> keys("expired").size() == 1);
		await().atMost(Duration.ofSeconds(5)).until(() -> firstLease.status() == EtcdSession.Status.LOST);
		proxy.cutClients();
		await().atMost(Duration.ofSeconds(20)).until(() -> keys("expired").size() == 2);
		KeyValue again = keyValues("expired").get(1);
		assertThat(again.getLease()).isNotEqualTo(first.getLease());
		assertThat(waiting).isNotDone();
		holder.release();
		BackendLock lock = waiting.get(10, TimeUnit.SECONDS);
		assertThat(lock.fencingToken()).isGreaterThan(holder.fencingToken());
		assertThat(lock.state()).isEqualTo(LockState.HELD);
		lock.release();
	}

	@Test
	void unreachableEtcdFailsTheAcquisitionNamingEtcdAndTheLockWithinTheGrace() throws Exception {
		String nowhere;
		try (ServerSocket socket = new ServerSocket(0)) {
			nowhere = "http://127.0.0.1:" + socket.getLocalPort();
		}
		EtcdLockBackend backend = backend(nowhere, Duration.ofSeconds(10));
		Duration wait = Duration.ofSeconds(1);
		long start = System.nanoTime();
		Throwable failure = failureOf(acquireAsync(backend, request("nowhere"), wait), Duration.ofSeconds(20));
		assertThat(failure).isInstanceOf(LockBackendException.class)
			.hasMessageContaining("'nowhere'")
			.hasMessageContaining("etcd");
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(wait.plus(GRACE).plus(SCHEDULING));
	}

	private EtcdLockBackend backend(String endpoint, Duration leaseTtl) {
		Client client = client(endpoint);
		EtcdLockBackend backend = new EtcdLockBackend(client, new EtcdLockPathResolver(ROOT), leaseTtl);
		this.closeables.add(backend);
		return backend;
	}

	private Client client(String endpoint) {
		Client client = Client.builder().endpoints(endpoint).connectTimeout(Duration.ofMillis(500)).build();
		this.closeables.add(client);
		return client;
	}

	private static CompletableFuture<BackendLock> acquireAsync(EtcdLockBackend backend, LockRequest request,
			Duration wait) {
		return backend.acquireAsync(request, backend.pathOf(request.key()), deadline(wait));
	}

	private static long deadline(Duration wait) {
		return System.nanoTime() + wait.toNanos();
	}

	private static LockRequest request(String key) {
		return new LockRequest(key, LockType.MUTEX, LONG, "async-fault");
	}

	private static Throwable failureOf(CompletableFuture<?> acquisition, Duration within) throws Exception {
		try {
			acquisition.get(within.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			return ex.getCause();
		}
		throw new AssertionError("The acquisition did not fail: " + acquisition);
	}

	private List<String> keys(String key) throws Exception {
		return keyValues(key).stream().map((kv) -> kv.getKey().toString(StandardCharsets.UTF_8)).toList();
	}

	/** The contender keys of a {@code MUTEX}, in queue order, as another client reads them. */
	private List<KeyValue> keyValues(String key) throws Exception {
		String queue = Contenders.queue(new EtcdLockPathResolver(ROOT).resolve(key), LockType.MUTEX) + "/";
		List<KeyValue> kvs = new ArrayList<>(this.observer.getKVClient()
			.get(ByteSequence.from(queue, StandardCharsets.UTF_8), GetOption.builder().isPrefix(true).build())
			.get(10, TimeUnit.SECONDS)
			.getKvs());
		kvs.sort((a, b) -> Long.compare(a.getCreateRevision(), b.getCreateRevision()));
		return kvs;
	}

}
