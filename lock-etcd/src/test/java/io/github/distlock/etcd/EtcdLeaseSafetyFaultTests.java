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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.LeaseOption;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.DistributedLockException;
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
 * A registry's lease is judged by what etcd answered, never by the client's own guesses: the
 * thresholds follow the time to live etcd granted, a lease lives only as of the sending of the
 * request that renewed it, a lease revoked from outside is lost at once, a closed registry takes
 * no lock, and a contender key whose create is overtaken by its removal never comes back to
 * block the lock.
 */
class EtcdLeaseSafetyFaultTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private final TestRegistries registries = new TestRegistries("/lease-safety");

	private final List<AutoCloseable> closeables = new ArrayList<>();

	@AfterEach
	void close() throws Exception {
		etcd.resume();
		for (int i = this.closeables.size() - 1; i >= 0; i--) {
			this.closeables.get(i).close();
		}
		this.registries.close();
	}

	@Test
	void aOneSecondLeaseFollowsTheTimeToLiveEtcdGrantsAndItsLocksStayHeld() throws Exception {
		List<String> changes = new CopyOnWriteArrayList<>();
		List<LockHandle> locks = new ArrayList<>();
		List<EtcdLockRegistry> oneSecond = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			EtcdLockRegistry registry = registry(etcd.endpoint(), Duration.ofSeconds(1), recorder(changes));
			oneSecond.add(registry);
			locks.add(registry.acquire(request("one-second-" + i, Duration.ofSeconds(10))));
		}
		assertThat(oneSecond).allSatisfy((registry) -> assertThat(registry.latestLease().ttl())
			.isGreaterThanOrEqualTo(Duration.ofSeconds(EtcdSession.MIN_TTL_SECONDS)));
		// etcd renews every lease on time: a held lock is never taken for lost
		Thread.sleep(8_000);
		assertThat(changes).noneMatch((change) -> change.endsWith("->LOST"));
		assertThat(locks).allSatisfy((lock) -> assertThat(lock.state()).isNotEqualTo(LockState.LOST));
		locks.forEach(LockHandle::close);
	}

	@Test
	void aOneSecondLeaseIsInDoubtBeforeItIsLost() throws Exception {
		List<String> changes = new CopyOnWriteArrayList<>();
		EtcdLockRegistry registry = registry(etcd.endpoint(), Duration.ofSeconds(1), recorder(changes));
		LockHandle lock = registry.acquire(request("doubt-first", Duration.ofSeconds(10)));
		await().atMost(Duration.ofSeconds(10)).until(() -> lock.state() == LockState.HELD);
		changes.clear();
		etcd.pause();
		await().atMost(Duration.ofSeconds(20)).until(() -> lock.state() == LockState.LOST);
		await().atMost(Duration.ofSeconds(5)).until(() -> changes.contains("IN_DOUBT->LOST"));
		assertThat(changes).containsExactly("HELD->IN_DOUBT", "IN_DOUBT->LOST");
		lock.close();
	}

	@Test
	void aLeaseLivesOnlyAsOfTheSendingOfTheRenewalEtcdAnswered() throws Exception {
		StallingProxy proxy = proxy();
		// answers arrive 4.5 s late: a renewal read now proves only that the lease lived 4.5 s ago;
		// past a third of the 10 s lease (and etcd's half second of expiry checks) and below half of it
		proxy.delayReplies(Duration.ofMillis(4_500));
		List<String> changes = new CopyOnWriteArrayList<>();
		EtcdLockRegistry holder = registry(proxy.endpoint(), Duration.ofSeconds(10), recorder(changes));
		EtcdLockRegistry other = registry(etcd.endpoint(), Duration.ofSeconds(10), TestRegistries.NO_LISTENER);
		LockHandle held = holder.acquire(request("late-answers", Duration.ofSeconds(60)));
		assertThat(held.state()).isNotEqualTo(LockState.LOST);
		// no renewal reaches etcd any more; the late answers to those that did still arrive
		proxy.holdRequests();
		try (LockHandle next = other.acquire(request("late-answers", Duration.ofSeconds(60)))) {
			// etcd let the holder's lease expire: the holder must not believe it holds the lock
			assertThat(held.state()).isNotEqualTo(LockState.HELD);
			assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
		}
		await().atMost(Duration.ofSeconds(10)).until(() -> held.state() == LockState.LOST);
		await().atMost(Duration.ofSeconds(5)).until(() -> changes.stream().anyMatch((c) -> c.endsWith("->LOST")));
		held.close();
	}

	@Test
	void aLeaseRevokedFromOutsideIsLostAtOnceNotAtTheNextRenewal() throws Exception {
		List<String> changes = new CopyOnWriteArrayList<>();
		// renewed every 20 s: only etcd's delete of the lease's keys can tell the holder sooner
		EtcdLockRegistry holder = registry(etcd.endpoint(), Duration.ofSeconds(60), recorder(changes));
		LockHandle held = holder.acquire(request("revoked", Duration.ofSeconds(10)));
		Client operator = client(etcd.endpoint());
		operator.getLeaseClient().revoke(holder.currentLeaseId()).get(5, TimeUnit.SECONDS);
		await().atMost(Duration.ofSeconds(5)).until(() -> held.state() == LockState.LOST);
		await().atMost(Duration.ofSeconds(5)).until(() -> changes.contains("HELD->LOST"));
		held.close();
		// a new lease for the next lock
		try (LockHandle again = holder.acquire(request("revoked", Duration.ofSeconds(10)))) {
			assertThat(again.fencingToken()).isGreaterThan(held.fencingToken());
		}
	}

	@Test
	void aClosedRegistryTakesNoLockAndLeavesNoLease() throws Exception {
		Client client = client(etcd.endpoint());
		EtcdLockRegistry registry = new EtcdLockRegistry(client, new EtcdLockPathResolver("/lease-safety"),
				TestRegistries.NO_LISTENER, new EtcdLockRegistry.Options(Duration.ofSeconds(5), false));
		registry.awaitLease(Duration.ofSeconds(10));
		long leaseId = registry.currentLeaseId();
		registry.close();
		assertThatExceptionOfType(LockBackendException.class)
			.isThrownBy(() -> registry.acquire(request("after-close", Duration.ofSeconds(2))))
			.withMessageContaining("'after-close'")
			.withMessageContaining("closed");
		// the client lives on (it is the application's): no lease of the registry with it
		assertThat(client.getLeaseClient().timeToLive(leaseId, LeaseOption.DEFAULT).get(5, TimeUnit.SECONDS).getTTL())
			.isEqualTo(-1);
		assertThat(registry.latestLease().status()).isEqualTo(EtcdSession.Status.LOST);
	}

	@Test
	void aWaiterOfAClosingRegistryStopsWaitingAndQueuesNoMore() throws Exception {
		EtcdLockRegistry holder = registry(etcd.endpoint(), Duration.ofSeconds(5), TestRegistries.NO_LISTENER);
		Client client = client(etcd.endpoint());
		EtcdLockRegistry closing = new EtcdLockRegistry(client, new EtcdLockPathResolver("/lease-safety"),
				TestRegistries.NO_LISTENER, new EtcdLockRegistry.Options(Duration.ofSeconds(5), false));
		LockHandle held = holder.acquire(request("closing", Duration.ofSeconds(5)));
		CompletableFuture<LockHandle> waiting = CompletableFuture
			.supplyAsync(() -> closing.acquire(request("closing", Duration.ofSeconds(60))));
		await().atMost(Duration.ofSeconds(10)).until(() -> holder.participants("closing", LockType.MUTEX).size() == 2);
		closing.close();
		assertThat(waiting).failsWithin(Duration.ofSeconds(20))
			.withThrowableOfType(ExecutionException.class)
			.havingCause()
			.isInstanceOf(LockBackendException.class)
			.withMessageContaining("closed");
		await().atMost(Duration.ofSeconds(10)).until(() -> holder.participants("closing", LockType.MUTEX).size() == 1);
		// a while later still: nothing queued again under a new lease
		Thread.sleep(1_000);
		assertThat(holder.participants("closing", LockType.MUTEX)).hasSize(1);
		held.close();
	}

	@Test
	void aCreateThatReachesEtcdAfterItsKeyWasRemovedLeavesNoKeyBehind() throws Exception {
		StallingProxy proxy = proxy();
		EtcdLockRegistry holder = registry(etcd.endpoint(), Duration.ofSeconds(30), TestRegistries.NO_LISTENER);
		EtcdLockRegistry waiter = registry(proxy.endpoint(), Duration.ofSeconds(30), TestRegistries.NO_LISTENER);
		EtcdLockRegistry third = registry(etcd.endpoint(), Duration.ofSeconds(30), TestRegistries.NO_LISTENER);
		waiter.awaitLease(Duration.ofSeconds(10));
		LockHandle held = holder.acquire(request("overtaken", Duration.ofSeconds(5)));
		// the waiter's create is held on its way to etcd, as on a path that stopped delivering
		proxy.holdRequests();
		AtomicReference<Thread> waitingThread = new AtomicReference<>();
		CompletableFuture<LockHandle> waiting = CompletableFuture.supplyAsync(() -> {
			waitingThread.set(Thread.currentThread());
			return waiter.acquire(request("overtaken", Duration.ofSeconds(60)));
		});
		await().atMost(Duration.ofSeconds(10)).until(() -> proxy.heldRequestBytes() > 0);
		// the client gives that connection up and sends its create again over a new one
		proxy.cutClients();
		await().atMost(Duration.ofSeconds(20)).until(() -> holder.participants("overtaken", LockType.MUTEX).size() == 2);
		// the wait is given up: its key is removed
		waitingThread.get().interrupt();
		assertThat(waiting).failsWithin(Duration.ofSeconds(10))
			.withThrowableOfType(ExecutionException.class)
			.havingCause()
			.isInstanceOf(DistributedLockException.class);
		await().atMost(Duration.ofSeconds(10)).until(() -> holder.participants("overtaken", LockType.MUTEX).size() == 1);
		// then the first copy of the create reaches etcd, while the waiter's lease lives on
		proxy.deliverHeldRequests();
		await().atMost(Duration.ofSeconds(10)).until(() -> proxy.heldRequestBytes() == 0);
		Thread.sleep(500);
		assertThat(holder.participants("overtaken", LockType.MUTEX)).hasSize(1);
		held.close();
		try (LockHandle next = third.acquire(request("overtaken", Duration.ofSeconds(10)))) {
			assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
		}
	}

	private StallingProxy proxy() throws Exception {
		StallingProxy proxy = new StallingProxy(etcd.endpoint());
		this.closeables.add(proxy);
		return proxy;
	}

	private Client client(String endpoint) {
		Client client = Client.builder().endpoints(endpoint).connectTimeout(Duration.ofMillis(500)).build();
		this.closeables.add(client);
		return client;
	}

	private EtcdLockRegistry registry(String endpoint, Duration ttl, LockListener listener) {
		return this.registries.registry(List.of(endpoint), ttl, listener);
	}

	private static LockListener recorder(List<String> changes) {
		return new LockListener() {
			@Override
			public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
				changes.add(previous + "->" + current);
			}
		};
	}

	private static LockRequest request(String key, Duration wait) {
		return new LockRequest(key, LockType.MUTEX, wait, "lease-safety");
	}

}
