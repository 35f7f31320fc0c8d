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

package io.github.distlock.zookeeper;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.Revoker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * Lock revocation on a real ZooKeeper, between clients with sessions of their own: a revocable
 * holder is told and keeps its lock until it releases it, one that is not revocable is never
 * affected, and both directions interoperate with Curator's {@code Revoker} protocol.
 */
class RevocationTests {

	private static final Duration LONG = Duration.ofSeconds(10);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final List<AutoCloseable> resources = new ArrayList<>();

	private final List<String> requested = new CopyOnWriteArrayList<>();

	@AfterEach
	void close() throws Exception {
		for (int i = this.resources.size() - 1; i >= 0; i--) {
			this.resources.get(i).close();
		}
	}

	@Test
	void revocableHolderIsToldAndKeepsTheLockUntilItReleasesIt() throws Exception {
		ZookeeperLockRegistry holder = registry(true);
		ZookeeperLockRegistry other = registry(false);
		LockHandle held = holder.acquire(request("report").withRevocable(true));
		assertThat(held.revocationRequested()).isFalse();
		assertThat(other.requestRevocation("report", LockType.MUTEX)).isTrue();
		await().atMost(LONG).until(held::revocationRequested);
		assertThat(this.requested).containsExactly("report");
		assertThat(held.isHeld()).isTrue();
		assertThatExceptionOfType(LockAcquisitionException.class)
			.isThrownBy(() -> other.acquire(new LockRequest("report", LockType.MUTEX, Duration.ZERO, "revocation")));
		held.close();
		try (LockHandle next = other.acquire(request("report"))) {
			assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
			assertThat(next.revocationRequested()).isFalse();
		}
	}

	@Test
	void holderThatIsNotRevocableIsNeverAffected() throws Exception {
		ZookeeperLockRegistry holder = registry(true);
		ZookeeperLockRegistry other = registry(false);
		try (LockHandle plain = holder.acquire(request("plain"));
				LockHandle revocable = holder.acquire(request("revocable").withRevocable(true))) {
			assertThat(other.requestRevocation("plain", LockType.MUTEX)).isTrue();
			assertThat(other.requestRevocation("revocable", LockType.MUTEX)).isTrue();
			// the second request's event comes after the first's, on the same event thread
			await().atMost(LONG).until(revocable::revocationRequested);
			assertThat(plain.revocationRequested()).isFalse();
			assertThat(plain.isHeld()).isTrue();
			assertThat(this.requested).containsExactly("revocable");
		}
	}

	@Test
	void holderIsInterruptedWhenAsked() throws Exception {
		ZookeeperLockRegistry holder = registry(true,
				new ZookeeperLockRegistry.Options(false, true, 8, Duration.ofMillis(100), true));
		CountDownLatch holding = new CountDownLatch(1);
		CompletableFuture<Throwable> job = CompletableFuture.supplyAsync(() -> {
			try (LockHandle held = holder.acquire(request("interrupted").withRevocable(true))) {
				holding.countDown();
				Thread.sleep(60_000);
				return null;
			}
			catch (InterruptedException ex) {
				return ex;
			}
		});
		assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
		registry(false).requestRevocation("interrupted", LockType.MUTEX);
		assertThat(job.get(10, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
	}

	@Test
	void revocableHolderIsNotInterruptedByDefault() throws Exception {
		ZookeeperLockRegistry holder = registry(true);
		try (LockHandle held = holder.acquire(request("not-interrupted").withRevocable(true))) {
			registry(false).requestRevocation("not-interrupted", LockType.MUTEX);
			await().atMost(LONG).until(held::revocationRequested);
			assertThat(Thread.interrupted()).isFalse();
		}
	}

	@Test
	void revocationOfALockNobodyHoldsAsksNobody() throws Exception {
		assertThat(registry(false).requestRevocation("free", LockType.MUTEX)).isFalse();
	}

	@Test
	void reentryOfARevocableLockIsToldToo() throws Exception {
		ZookeeperLockRegistry holder = registry(true);
		try (LockHandle outer = holder.acquire(request("nested").withRevocable(true));
				LockHandle inner = holder.acquire(request("nested").withRevocable(true))) {
			registry(false).requestRevocation("nested", LockType.MUTEX);
			await().atMost(LONG).until(() -> outer.revocationRequested() && inner.revocationRequested());
			await().atMost(LONG).until(() -> this.requested.size() == 2);
			assertThat(this.requested).containsExactly("nested", "nested");
		}
	}

	@Test
	void onlyMutexLocksAreRevocable() throws Exception {
		ZookeeperLockRegistry holder = registry(false);
		assertThat(holder.supportsRevocation(LockType.MUTEX)).isTrue();
		for (LockType type : List.of(LockType.SEMAPHORE_MUTEX, LockType.READ, LockType.WRITE)) {
			assertThat(holder.supportsRevocation(type)).isFalse();
			assertThatIllegalArgumentException()
				.isThrownBy(() -> holder.acquire(request("typed").withType(type).withRevocable(true)))
				.withMessageContaining("does not support the revocation of " + type + " locks");
		}
	}

	@Test
	void curatorsRevokerReachesARevocableHolder() throws Exception {
		ZookeeperLockRegistry holder = registry(true);
		LockHandle held = holder.acquire(request("from-curator").withRevocable(true));
		try {
			CuratorFramework curator = client();
			String node = holder.participants("from-curator", LockType.MUTEX).iterator().next();
			Revoker.attemptRevoke(curator, node);
			await().atMost(LONG).until(held::revocationRequested);
		}
		finally {
			held.close();
		}
	}

	@Test
	void requestReachesACuratorMutexMadeRevocable() throws Exception {
		CuratorFramework curator = client();
		InterProcessMutex mutex = new InterProcessMutex(curator, "/Locks/curator-held");
		CountDownLatch told = new CountDownLatch(1);
		mutex.makeRevocable((revoked) -> told.countDown());
		assertThat(mutex.acquire(10, TimeUnit.SECONDS)).isTrue();
		try {
			assertThat(registry(false).requestRevocation("curator-held", LockType.MUTEX)).isTrue();
			assertThat(told.await(10, TimeUnit.SECONDS)).isTrue();
		}
		finally {
			mutex.release();
		}
	}

	private ZookeeperLockRegistry registry(boolean listening) throws Exception {
		return registry(listening, ZookeeperLockRegistry.Options.DEFAULTS);
	}

	private ZookeeperLockRegistry registry(boolean listening, ZookeeperLockRegistry.Options options) throws Exception {
		LockListener listener = new LockListener() {
			@Override
			public void onRevocationRequested(AcquiredLock lock) {
				RevocationTests.this.requested.add(lock.key());
			}
		};
		ZookeeperLockRegistry registry = new ZookeeperLockRegistry(client(), new ZnodeLockPathResolver("/Locks"),
				listening ? listener : new LockListener() {
				}, options);
		this.resources.add(registry);
		return registry;
	}

	private CuratorFramework client() throws Exception {
		CuratorFramework client = connectedClient(zookeeper.connectString());
		this.resources.add(client);
		return client;
	}

	private static LockRequest request(String key) {
		return new LockRequest(key, LockType.MUTEX, LONG, "revocation");
	}

}
