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

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.GetOption;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The etcd backend's acquisition with no thread waiting ({@link EtcdLockBackend#acquireAsync}),
 * called directly, on a real etcd: the same keys and fencing tokens as a thread's acquisition,
 * in one queue with those of the same backend and of other clients, for every type; the deadline,
 * a cancel, a lease revoked and the backend closed while it waits; and no thread of ours waits
 * meanwhile.
 */
class EtcdAsyncAcquireTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private static final String ROOT = "/async";

	/** Long enough that no test ends by it. */
	private static final Duration LONG = Duration.ofSeconds(60);

	/** How long an acquisition that waits is watched for not completing. */
	private static final Duration STILL_WAITING = Duration.ofMillis(500);

	/** How long a contender whose turn came may take to see it. */
	private static final Duration AT_ONCE = Duration.ofSeconds(5);

	/** What an etcd call of an acquisition is given past its wait time. */
	private static final Duration GRACE = Duration.ofMillis(500);

	/** The test's own thread scheduling, which a loaded machine stretches. */
	private static final Duration SCHEDULING = Duration.ofMillis(400);

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private final Client observer = client();

	@AfterEach
	void close() throws Exception {
		for (int i = this.closeables.size() - 1; i >= 0; i--) {
			this.closeables.get(i).close();
		}
	}

	@Test
	void asyncTypesAreEveryTypeTheBackendAcquires() {
		EtcdLockBackend backend = backend();
		assertThat(backend.asyncTypes()).isEqualTo(EnumSet.allOf(LockType.class))
			.isEqualTo(backend.supportedTypes());
	}

	@Test
	void uncontendedAcquisitionHoldsAKeyWhoseCreateRevisionIsTheToken() throws Exception {
		EtcdLockBackend backend = backend();
		CompletableFuture<BackendLock> acquisition = acquireAsync(backend, request("free", LockType.MUTEX), LONG);
		BackendLock lock = acquisition.get(10, TimeUnit.SECONDS);
		List<KeyValue> keys = keyValues(backend, "free", LockType.MUTEX);
		assertThat(keys).hasSize(1);
		String key = keys.get(0).getKey().toString(StandardCharsets.UTF_8);
		assertThat(lock.describe()).isEqualTo("key " + key);
		assertThat(lock.fencingToken()).isEqualTo(FencingTokens.of(keys.get(0).getCreateRevision(), 0));
		assertThat(keys.get(0).getLease()).isEqualTo(backend.currentLeaseId());
		assertThat(lock.state()).isEqualTo(LockState.HELD);
		lock.release();
		await().atMost(AT_ONCE).until(() -> keys(backend, "free", LockType.MUTEX).isEmpty());
	}

	@Test
	void waitsBehindABlockingHolderOfAnotherRegistryAndComesBeforeALaterBlockingWaiter() throws Exception {
		TestRegistries registries = registries();
		EtcdLockRegistry holderRegistry = registries.registry(List.of(etcd.endpoint()), LONG,
				TestRegistries.NO_LISTENER);
		EtcdLockRegistry laterRegistry = registries.registry(List.of(etcd.endpoint()), LONG,
				TestRegistries.NO_LISTENER);
		EtcdLockBackend backend = backend();
		LockRequest request = request("fifo", LockType.MUTEX);
		LockHandle holder = holderRegistry.acquire(request);
		CompletableFuture<BackendLock> waiting = acquireAsync(backend, request, LONG);
		await().atMost(AT_ONCE).until(() -> keys(backend, "fifo", LockType.MUTEX).size() == 2);
		CompletableFuture<Long> later = CompletableFuture.supplyAsync(() -> {
			try (LockHandle lock = laterRegistry.acquire(request)) {
				return lock.fencingToken();
			}
		});
		await().atMost(AT_ONCE).until(() -> keys(backend, "fifo", LockType.MUTEX).size() == 3);
		assertStillWaiting(waiting);
		holder.close();
		BackendLock lock = waiting.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS);
		assertThat(lock.fencingToken()).isGreaterThan(holder.fencingToken());
		assertStillWaiting(later);
		lock.release();
		assertThat(later.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS)).isGreaterThan(lock.fencingToken());
	}

	@Test
	void aBlockingAndAnAsyncAcquisitionOfOneBackendExcludeEachOther() throws Exception {
		EtcdLockBackend backend = backend();
		LockRequest request = request("same-backend", LockType.MUTEX);
		String path = backend.pathOf(request.key());
		BackendLock blocking = backend.acquire(request, path, deadline(LONG));
		CompletableFuture<BackendLock> waiting = acquireAsync(backend, request, LONG);
		await().atMost(AT_ONCE).until(() -> keys(backend, "same-backend", LockType.MUTEX).size() == 2);
		assertStillWaiting(waiting);
		blocking.release();
		BackendLock async = waiting.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS);
		assertThat(async.fencingToken()).isGreaterThan(blocking.fencingToken());
		assertThat(catchFailure(() -> backend.acquire(request, path, deadline(Duration.ofMillis(500)))))
			.isInstanceOf(LockAcquisitionException.class);
		async.release();
		BackendLock next = backend.acquire(request, path, deadline(AT_ONCE));
		assertThat(next.fencingToken()).isGreaterThan(async.fencingToken());
		next.release();
	}

	@Test
	void waitEndsAtItsDeadlineWithLockAcquisitionExceptionAndLeavesNoKey() throws Exception {
		EtcdLockBackend holderBackend = backend();
		EtcdLockBackend backend = backend();
		LockRequest request = request("deadline", LockType.MUTEX);
		BackendLock holder = holderBackend.acquire(request, holderBackend.pathOf("deadline"), deadline(LONG));
		Duration wait = Duration.ofSeconds(2);
		long start = System.nanoTime();
		CompletableFuture<BackendLock> waiting = acquireAsync(backend, request, wait);
		Throwable failure = failureOf(waiting, Duration.ofSeconds(10));
		Duration waited = Duration.ofNanos(System.nanoTime() - start);
		assertThat(failure).isInstanceOf(LockAcquisitionException.class);
		assertThat(((LockAcquisitionException) failure).getKey()).isEqualTo("deadline");
		assertThat(waited).isGreaterThanOrEqualTo(wait).isLessThan(wait.plus(SCHEDULING));
		await().atMost(AT_ONCE).until(() -> keys(backend, "deadline", LockType.MUTEX).size() == 1);
		// a try-once: the create's answer, then the give-up
		assertThat(failureOf(acquireAsync(backend, request, Duration.ZERO), AT_ONCE))
			.isInstanceOf(LockAcquisitionException.class);
		await().atMost(AT_ONCE).until(() -> keys(backend, "deadline", LockType.MUTEX).size() == 1);
		holder.release();
		// another client sees the release once etcd applied it
		await().atMost(AT_ONCE).until(() -> keys(backend, "deadline", LockType.MUTEX).isEmpty());
		BackendLock once = acquireAsync(backend, request, Duration.ZERO).get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS);
		assertThat(once.fencingToken()).isGreaterThan(holder.fencingToken());
		once.release();
	}

	@Test
	void cancelEndsTheWaitRemovesTheKeyAndTheNextContenderGetsTheLockAtOnce() throws Exception {
		EtcdLockBackend holderBackend = backend();
		EtcdLockBackend backend = backend();
		EtcdLockBackend nextBackend = backend();
		LockRequest request = request("cancel", LockType.MUTEX);
		BackendLock holder = holderBackend.acquire(request, holderBackend.pathOf("cancel"), deadline(LONG));
		CompletableFuture<BackendLock> cancelled = acquireAsync(backend, request, LONG);
		await().atMost(AT_ONCE).until(() -> keys(backend, "cancel", LockType.MUTEX).size() == 2);
		String cancelledKey = keys(backend, "cancel", LockType.MUTEX).get(1);
		CompletableFuture<BackendLock> next = acquireAsync(nextBackend, request, LONG);
		await().atMost(AT_ONCE).until(() -> keys(backend, "cancel", LockType.MUTEX).size() == 3);
		assertThat(cancelled.cancel(false)).isTrue();
		await().atMost(AT_ONCE).until(() -> !keys(backend, "cancel", LockType.MUTEX).contains(cancelledKey));
		assertThat(keys(backend, "cancel", LockType.MUTEX)).hasSize(2);
		holder.release();
		BackendLock lock = next.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS);
		assertThat(lock.fencingToken()).isGreaterThan(holder.fencingToken());
		lock.release();
		await().atMost(AT_ONCE).until(() -> keys(backend, "cancel", LockType.MUTEX).isEmpty());
	}

	@Test
	void aCancelRacingTheGrantLeavesNoKeyBehind() throws Exception {
		EtcdLockBackend holderBackend = backend();
		EtcdLockBackend backend = backend();
		LockRequest request = request("cancel-race", LockType.MUTEX);
		for (int round = 0; round < 10; round++) {
			BackendLock holder = holderBackend.acquire(request, holderBackend.pathOf("cancel-race"), deadline(LONG));
			CompletableFuture<BackendLock> waiting = acquireAsync(backend, request, LONG);
			await().atMost(AT_ONCE).until(() -> keys(backend, "cancel-race", LockType.MUTEX).size() == 2);
			holder.release();
			// a little later each round, so that some cancels come before the grant and some after
			TimeUnit.MILLISECONDS.sleep(round);
			if (!waiting.cancel(false)) {
				waiting.join().release();
			}
			await().atMost(AT_ONCE).until(() -> keys(backend, "cancel-race", LockType.MUTEX).isEmpty());
		}
	}

	@Test
	void noThreadOfOursWaitsWhileAnAsyncAcquisitionWaits() throws Exception {
		EtcdLockBackend holderBackend = backend();
		EtcdLockBackend backend = backend();
		LockRequest request = request("no-thread", LockType.MUTEX);
		BackendLock holder = holderBackend.acquire(request, holderBackend.pathOf("no-thread"), deadline(LONG));
		Set<Long> waitingBefore = threadsWaitingInOurCode().keySet();
		CompletableFuture<BackendLock> waiting = acquireAsync(backend, request, LONG);
		await().atMost(AT_ONCE).until(() -> keys(backend, "no-thread", LockType.MUTEX).size() == 2);
		for (int sample = 0; sample < 10; sample++) {
			Map<Long, String> waitingNow = threadsWaitingInOurCode();
			waitingNow.keySet().removeAll(waitingBefore);
			assertThat(waitingNow).as("threads waiting in io.github.distlock code").isEmpty();
			TimeUnit.MILLISECONDS.sleep(100);
		}
		assertThat(waiting).isNotDone();
		holder.release();
		waiting.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS).release();
	}

	@Test
	void aLeaseRevokedWhileWaitingQueuesAgainUnderANewLeaseAndStillGetsTheLock() throws Exception {
		EtcdLockBackend holderBackend = backend();
		EtcdLockBackend backend = backend();
		LockRequest request = request("revoked", LockType.MUTEX);
		BackendLock holder = holderBackend.acquire(request, holderBackend.pathOf("revoked"), deadline(LONG));
		CompletableFuture<BackendLock> waiting = acquireAsync(backend, request, LONG);
		await().atMost(AT_ONCE).until(() -> keys(backend, "revoked", LockType.MUTEX).size() == 2);
		String firstKey = keys(backend, "revoked", LockType.MUTEX).get(1);
		long firstLease = backend.currentLeaseId();
		this.observer.getLeaseClient().revoke(firstLease).get(10, TimeUnit.SECONDS);
		await().atMost(AT_ONCE).until(() -> {
			List<String> keys = keys(backend, "revoked", LockType.MUTEX);
			return keys.size() == 2 && !keys.contains(firstKey);
		});
		assertThat(backend.currentLeaseId()).isNotEqualTo(firstLease);
		assertStillWaiting(waiting);
		holder.release();
		BackendLock lock = waiting.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS);
		assertThat(lock.fencingToken()).isGreaterThan(holder.fencingToken());
		assertThat(lock.state()).isEqualTo(LockState.HELD);
		assertThat(keyValues(backend, "revoked", LockType.MUTEX)).singleElement()
			.satisfies((kv) -> assertThat(kv.getLease()).isEqualTo(backend.currentLeaseId()));
		lock.release();
	}

	@Test
	void closingTheBackendFailsAWaitingAcquisitionAndEveryOneAfterAndLeavesNoKey() throws Exception {
		EtcdLockBackend holderBackend = backend();
		EtcdLockBackend backend = backend();
		LockRequest request = request("closing", LockType.MUTEX);
		BackendLock holder = holderBackend.acquire(request, holderBackend.pathOf("closing"), deadline(LONG));
		CompletableFuture<BackendLock> waiting = acquireAsync(backend, request, LONG);
		await().atMost(AT_ONCE).until(() -> keys(backend, "closing", LockType.MUTEX).size() == 2);
		backend.close();
		assertThat(failureOf(waiting, AT_ONCE)).isInstanceOf(LockBackendException.class)
			.hasMessageContaining("'closing'")
			.hasMessageContaining("closed");
		await().atMost(AT_ONCE).until(() -> keys(backend, "closing", LockType.MUTEX).size() == 1);
		assertThat(failureOf(acquireAsync(backend, request, LONG), AT_ONCE)).isInstanceOf(LockBackendException.class)
			.hasMessageContaining("closed");
		holder.release();
	}

	@ParameterizedTest
	@EnumSource(names = { "MUTEX", "SEMAPHORE_MUTEX", "WRITE" })
	void anExclusiveTypeWaitsForABlockingHolderOfAnotherClientAndOnlyOfItsKind(LockType type) throws Exception {
		EtcdLockBackend holderBackend = backend();
		EtcdLockBackend backend = backend();
		String key = "exclusive-" + type;
		LockRequest request = request(key, type);
		BackendLock holder = holderBackend.acquire(request, holderBackend.pathOf(key), deadline(LONG));
		CompletableFuture<BackendLock> waiting = acquireAsync(backend, request, LONG);
		// another kind of lock on the key is another lock
		LockType other = (type == LockType.MUTEX) ? LockType.SEMAPHORE_MUTEX : LockType.MUTEX;
		acquireAsync(backend, request(key, other), Duration.ZERO).get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS)
			.release();
		assertStillWaiting(waiting);
		holder.release();
		BackendLock lock = waiting.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS);
		assertThat(lock.fencingToken()).isGreaterThan(holder.fencingToken());
		assertThat(catchFailure(() -> holderBackend.acquire(request, holderBackend.pathOf(key),
				deadline(Duration.ofMillis(300)))))
			.isInstanceOf(LockAcquisitionException.class);
		lock.release();
	}

	@Test
	void anAsyncReadSharesWithReadersAndWaitsForAWriterQueuedAhead() throws Exception {
		EtcdLockBackend readerBackend = backend();
		EtcdLockBackend writerBackend = backend();
		EtcdLockBackend backend = backend();
		String path = backend.pathOf("rw");
		BackendLock reader = readerBackend.acquire(request("rw", LockType.READ), path, deadline(LONG));
		BackendLock sharing = acquireAsync(backend, request("rw", LockType.READ), Duration.ZERO)
			.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS);
		CompletableFuture<BackendLock> writer = CompletableFuture.supplyAsync(() -> {
			try {
				return writerBackend.acquire(request("rw", LockType.WRITE), path, deadline(LONG));
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		await().atMost(AT_ONCE).until(() -> keys(backend, "rw", LockType.READ).size() == 3);
		CompletableFuture<BackendLock> lateReader = acquireAsync(backend, request("rw", LockType.READ), LONG);
		await().atMost(AT_ONCE).until(() -> keys(backend, "rw", LockType.READ).size() == 4);
		assertStillWaiting(lateReader);
		reader.release();
		sharing.release();
		BackendLock written = writer.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS);
		assertStillWaiting(lateReader);
		written.release();
		BackendLock read = lateReader.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS);
		assertThat(read.fencingToken()).isGreaterThan(written.fencingToken());
		// and an async writer waits for that reader
		CompletableFuture<BackendLock> asyncWriter = acquireAsync(writerBackend, request("rw", LockType.WRITE), LONG);
		assertStillWaiting(asyncWriter);
		read.release();
		asyncWriter.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS).release();
	}

	@Test
	void anAsyncSemaphoreTakesAFreePermitAndWaitsWhileAllAreTaken() throws Exception {
		EtcdLockBackend holderBackend = backend();
		EtcdLockBackend backend = backend();
		LockRequest request = request("permits", LockType.SEMAPHORE).withPermits(2);
		BackendLock first = holderBackend.acquire(request, holderBackend.pathOf("permits"), deadline(LONG));
		BackendLock second = acquireAsync(backend, request, Duration.ZERO)
			.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS);
		CompletableFuture<BackendLock> third = acquireAsync(backend, request, LONG);
		await().atMost(AT_ONCE).until(() -> keys(backend, "permits", LockType.SEMAPHORE).size() == 3);
		assertStillWaiting(third);
		// the first permit returned, whichever it is
		first.release();
		BackendLock lock = third.get(AT_ONCE.toMillis(), TimeUnit.MILLISECONDS);
		assertThat(lock.fencingToken()).isGreaterThan(second.fencingToken());
		second.release();
		lock.release();
	}

	private EtcdLockBackend backend() {
		Client client = client();
		EtcdLockBackend backend = new EtcdLockBackend(client, new EtcdLockPathResolver(ROOT), Duration.ofSeconds(20));
		this.closeables.add(backend);
		return backend;
	}

	private TestRegistries registries() {
		TestRegistries registries = new TestRegistries(ROOT);
		this.closeables.add(registries);
		return registries;
	}

	private Client client() {
		Client client = Client.builder().endpoints(etcd.endpoint()).connectTimeout(Duration.ofMillis(500)).build();
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

	private static LockRequest request(String key, LockType type) {
		return new LockRequest(key, type, LONG, "async");
	}

	private static void assertStillWaiting(CompletableFuture<?> acquisition) throws InterruptedException {
		TimeUnit.MILLISECONDS.sleep(STILL_WAITING.toMillis());
		assertThat(acquisition).as("the acquisition, which should still wait").isNotDone();
	}

	/** The failure an acquisition completes with, by a time. */
	private static Throwable failureOf(CompletableFuture<?> acquisition, Duration within) throws Exception {
		try {
			acquisition.get(within.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			return ex.getCause();
		}
		throw new AssertionError("The acquisition did not fail: " + acquisition);
	}

	private static Throwable catchFailure(Acquisition acquisition) {
		try {
			acquisition.run().release();
		}
		catch (Exception ex) {
			return ex;
		}
		throw new AssertionError("The acquisition did not fail");
	}

	/** The contender keys of a lock, in queue order. */
	private List<String> keys(EtcdLockBackend backend, String key, LockType type) throws Exception {
		return keyValues(backend, key, type).stream()
			.map((kv) -> kv.getKey().toString(StandardCharsets.UTF_8))
			.toList();
	}

	private List<KeyValue> keyValues(EtcdLockBackend backend, String key, LockType type) throws Exception {
		String queue = Contenders.queue(backend.pathOf(key), type) + "/";
		List<KeyValue> kvs = new ArrayList<>(this.observer.getKVClient()
			.get(ByteSequence.from(queue, StandardCharsets.UTF_8), GetOption.builder().isPrefix(true).build())
			.get(10, TimeUnit.SECONDS)
			.getKvs());
		kvs.sort((a, b) -> Long.compare(a.getCreateRevision(), b.getCreateRevision()));
		return kvs;
	}

	/**
	 * The threads, other than this one, in {@code WAITING} or {@code TIMED_WAITING} with a frame
	 * of our code on their stack, by id, with their stacks.
	 */
	private static Map<Long, String> threadsWaitingInOurCode() {
		return Thread.getAllStackTraces()
			.entrySet()
			.stream()
			.filter((entry) -> entry.getKey() != Thread.currentThread())
			.filter((entry) -> entry.getKey().getState() == Thread.State.WAITING
					|| entry.getKey().getState() == Thread.State.TIMED_WAITING)
			.filter((entry) -> Arrays.stream(entry.getValue())
				.anyMatch((frame) -> frame.getClassName().startsWith("io.github.distlock.")))
			.collect(Collectors.toMap((entry) -> entry.getKey().getId(),
					(entry) -> entry.getKey().getName() + " " + Arrays.toString(entry.getValue())));
	}

	/** An acquisition that may fail. */
	@FunctionalInterface
	private interface Acquisition {

		BackendLock run() throws Exception;

	}

}
