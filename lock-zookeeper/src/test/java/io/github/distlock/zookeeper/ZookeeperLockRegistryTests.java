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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockState;
import org.apache.curator.framework.CuratorFramework;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.expireSession;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The ZooKeeper registry against a real server, with two clients as two contenders.
 */
class ZookeeperLockRegistryTests {

	private static final Duration SHORT = Duration.ofMillis(300);

	/** The wait of another client for a MUTEX just released, whose delete goes in the background. */
	private static final Duration AFTER_RELEASE = Duration.ofSeconds(10);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private CuratorFramework clientA;

	private CuratorFramework clientB;

	private ZookeeperLockRegistry first;

	private ZookeeperLockRegistry second;

	private final ExecutorService executor = Executors.newCachedThreadPool();

	@BeforeEach
	void connect() throws Exception {
		this.clientA = connectedClient(zookeeper.connectString());
		this.clientB = connectedClient(zookeeper.connectString());
		this.first = new ZookeeperLockRegistry(this.clientA, new ZnodeLockPathResolver("/Locks"));
		this.second = new ZookeeperLockRegistry(this.clientB, new ZnodeLockPathResolver("/Locks"));
	}

	@AfterEach
	void disconnect() throws Exception {
		this.executor.shutdownNow();
		this.first.close();
		this.second.close();
		this.clientA.close();
		this.clientB.close();
	}

	@Test
	void secondClientTimesOutWhileFirstHolds() throws Exception {
		try (LockHandle held = this.first.acquire(new LockRequest("stock:1", LockType.MUTEX, SHORT, "test"))) {
			assertThat(held.isHeld()).isTrue();
			assertThat(held.path()).isEqualTo("/Locks/stock:1");
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> this.second.acquire(new LockRequest("stock:1", LockType.MUTEX, SHORT, "test")))
				.satisfies((ex) -> {
					assertThat(ex.getKey()).isEqualTo("stock:1");
					assertThat(ex.getPath()).isEqualTo("/Locks/stock:1");
					assertThat(ex.getWaited()).isGreaterThanOrEqualTo(SHORT);
				})
				.withMessageContaining("'stock:1'")
				.withMessageContaining("/Locks/stock:1");
		}
		try (LockHandle next = this.second.acquire(new LockRequest("stock:1", LockType.MUTEX, AFTER_RELEASE, "test"))) {
			assertThat(next.isHeld()).isTrue();
		}
		assertNoNodeLeft();
	}

	@Test
	void waiterGetsTheLockWhenTheHolderReleases() throws Exception {
		LockHandle held = this.first.acquire(new LockRequest("handover", LockType.MUTEX, SHORT, "test"));
		Future<Long> waiter = this.executor.submit(() -> {
			try (LockHandle lock = this.second.acquire(new LockRequest("handover", LockType.MUTEX, Duration.ofSeconds(30), "test"))) {
				return lock.fencingToken();
			}
		});
		await().until(() -> this.clientA.getChildren().forPath("/Locks/handover").size() == 2);
		assertThat(waiter.isDone()).isFalse();
		long firstToken = held.fencingToken();
		held.close();
		assertThat(waiter.get(30, TimeUnit.SECONDS)).isGreaterThan(firstToken);
	}

	@Test
	void otherThreadOfTheSameProcessIsExcluded() throws Exception {
		try (LockHandle held = this.first.acquire(new LockRequest("same-jvm", LockType.MUTEX, SHORT, "test"))) {
			Future<?> other = this.executor
				.submit(() -> this.first.acquire(new LockRequest("same-jvm", LockType.MUTEX, SHORT, "test")).close());
			assertThatExceptionOfType(java.util.concurrent.ExecutionException.class)
				.isThrownBy(() -> other.get(30, TimeUnit.SECONDS))
				.withCauseInstanceOf(LockAcquisitionException.class);
		}
	}

	@Test
	void mutexIsReentrantInTheSameThreadWithTheSameToken() throws Exception {
		LockHandle outer = this.first.acquire(new LockRequest("reentrant", LockType.MUTEX, SHORT, "test"));
		LockHandle inner = this.first.acquire(new LockRequest("reentrant", LockType.MUTEX, Duration.ZERO, "test"));
		assertThat(inner.fencingToken()).isEqualTo(outer.fencingToken());
		assertThat(this.clientA.getChildren().forPath("/Locks/reentrant")).hasSize(1);
		inner.close();
		assertThat(outer.isHeld()).isTrue();
		assertThatExceptionOfType(LockAcquisitionException.class)
			.isThrownBy(() -> this.second.acquire(new LockRequest("reentrant", LockType.MUTEX, Duration.ZERO, "test")));
		outer.close();
		this.second.acquire(new LockRequest("reentrant", LockType.MUTEX, AFTER_RELEASE, "test")).close();
	}

	@Test
	void fencingTokensGrowAcrossHoldersAndAfterTheParentIsRecreated() throws Exception {
		List<Long> tokens = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			ZookeeperLockRegistry registry = (i % 2 == 0) ? this.first : this.second;
			try (LockHandle lock = registry.acquire(new LockRequest("fenced", LockType.MUTEX, SHORT, "test"))) {
				tokens.add(lock.fencingToken());
			}
			if (i == 2) {
				// a released node's delete is sent within DeferredDeletes.BOUND
				await().atMost(Duration.ofSeconds(10))
					.until(() -> this.clientA.getChildren().forPath("/Locks/fenced").isEmpty());
				this.clientA.delete().forPath("/Locks/fenced");
			}
		}
		assertThat(tokens).isSorted().doesNotHaveDuplicates().allMatch((token) -> token > 0);
	}

	@ParameterizedTest
	@EnumSource(LockType.class)
	void everyTypeGivesGrowingTokensAndLeavesNoNode(LockType type) throws Exception {
		long previous = 0;
		for (int i = 0; i < 3; i++) {
			ZookeeperLockRegistry registry = (i % 2 == 0) ? this.first : this.second;
			try (LockHandle lock = registry.acquire(new LockRequest("typed-" + type, type, SHORT, "test"))) {
				assertThat(lock.type()).isEqualTo(type);
				assertThat(lock.fencingToken()).isGreaterThan(previous);
				previous = lock.fencingToken();
			}
		}
		assertNoNodeLeft();
	}

	@Test
	void readersShareAndAWriterExcludesThem() throws Exception {
		try (LockHandle readA = this.first.acquire(new LockRequest("rw", LockType.READ, SHORT, "test"));
				LockHandle readB = this.second.acquire(new LockRequest("rw", LockType.READ, SHORT, "test"))) {
			assertThat(readA.isHeld()).isTrue();
			assertThat(readB.isHeld()).isTrue();
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> this.second.acquire(new LockRequest("rw", LockType.WRITE, SHORT, "test")));
		}
		try (LockHandle write = this.second.acquire(new LockRequest("rw", LockType.WRITE, SHORT, "test"))) {
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> this.first.acquire(new LockRequest("rw", LockType.READ, SHORT, "test")));
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> this.first.acquire(new LockRequest("rw", LockType.WRITE, SHORT, "test")));
		}
		assertNoNodeLeft();
	}

	@Test
	void writerMayAlsoTakeTheReadLockWithTheWriteToken() throws Exception {
		try (LockHandle write = this.first.acquire(new LockRequest("downgrade", LockType.WRITE, SHORT, "test"));
				LockHandle read = this.first.acquire(new LockRequest("downgrade", LockType.READ, Duration.ZERO, "test"))) {
			assertThat(read.isHeld()).isTrue();
			assertThat(read.fencingToken()).isEqualTo(write.fencingToken());
		}
	}

	@Test
	void semaphoreMutexIsNotReentrant() throws Exception {
		try (LockHandle held = this.first.acquire(new LockRequest("semaphore", LockType.SEMAPHORE_MUTEX, SHORT, "test"))) {
			assertThat(held.isHeld()).isTrue();
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> this.first.acquire(new LockRequest("semaphore", LockType.SEMAPHORE_MUTEX, SHORT, "test")));
		}
		assertNoNodeLeft();
	}

	@Test
	void semaphoreMutexMayBeReleasedByAnotherThread() throws Exception {
		LockHandle held = this.first.acquire(new LockRequest("semaphore-handoff", LockType.SEMAPHORE_MUTEX, SHORT, "test"));
		CompletableFuture.runAsync(held::close, this.executor).get(30, TimeUnit.SECONDS);
		assertThat(held.state()).isEqualTo(LockState.RELEASED);
		this.second.acquire(new LockRequest("semaphore-handoff", LockType.SEMAPHORE_MUTEX, Duration.ZERO, "test")).close();
	}

	@Test
	void mutexReleasedByAnotherThreadIsRefusedAndStaysHeld() throws Exception {
		LockHandle held = this.first.acquire(new LockRequest("owned", LockType.MUTEX, SHORT, "test"));
		AtomicReference<Throwable> failure = new AtomicReference<>();
		CompletableFuture.runAsync(() -> {
			try {
				held.close();
			}
			catch (Throwable ex) {
				failure.set(ex);
			}
		}, this.executor).get(30, TimeUnit.SECONDS);
		assertThat(failure.get()).isInstanceOf(IllegalMonitorStateException.class)
			.hasMessageContaining("only that thread can release it");
		assertThat(held.isHeld()).isTrue();
		held.close();
		assertThat(held.isHeld()).isFalse();
	}

	@Test
	void closingTwiceReleasesOnce() throws Exception {
		LockHandle outer = this.first.acquire(new LockRequest("twice", LockType.MUTEX, SHORT, "test"));
		LockHandle inner = this.first.acquire(new LockRequest("twice", LockType.MUTEX, SHORT, "test"));
		inner.close();
		inner.close();
		assertThat(outer.isHeld()).isTrue();
		assertThatExceptionOfType(LockAcquisitionException.class)
			.isThrownBy(() -> this.second.acquire(new LockRequest("twice", LockType.MUTEX, Duration.ZERO, "test")));
		outer.close();
	}

	@Test
	void interruptedWaiterLeavesNoNodeAndKeepsItsInterruptStatus() throws Exception {
		try (LockHandle held = this.first.acquire(new LockRequest("interrupt", LockType.MUTEX, SHORT, "test"))) {
			CountDownLatch waiting = new CountDownLatch(1);
			AtomicReference<Throwable> failure = new AtomicReference<>();
			AtomicReference<Boolean> interruptStatus = new AtomicReference<>();
			Thread waiter = new Thread(() -> {
				waiting.countDown();
				try {
					this.second.acquire(new LockRequest("interrupt", LockType.MUTEX, Duration.ofMinutes(1), "test")).close();
				}
				catch (Throwable ex) {
					failure.set(ex);
					interruptStatus.set(Thread.currentThread().isInterrupted());
				}
			});
			waiter.start();
			waiting.await();
			await().until(() -> this.clientA.getChildren().forPath("/Locks/interrupt").size() == 2);
			waiter.interrupt();
			waiter.join(30_000);
			assertThat(failure.get()).isInstanceOf(LockInterruptedException.class).hasMessageContaining("'interrupt'");
			assertThat(interruptStatus.get()).isTrue();
			// the waiter's node is deleted in the background, so as not to hold an interrupted thread
			await().untilAsserted(() -> assertThat(this.clientA.getChildren().forPath("/Locks/interrupt")).hasSize(1));
		}
		assertNoNodeLeft();
	}

	/** A waiter that times out or is interrupted leaves no node, for every type. */
	@ParameterizedTest(name = "{0} held, {1} waits")
	@CsvSource({ "MUTEX, MUTEX", "SEMAPHORE_MUTEX, SEMAPHORE_MUTEX", "WRITE, READ", "READ, WRITE", "WRITE, WRITE" })
	void waiterThatGivesUpLeavesNoNode(LockType heldType, LockType waitingType) throws Exception {
		String key = "gives-up-" + heldType + "-" + waitingType;
		try (LockHandle held = this.first.acquire(new LockRequest(key, heldType, SHORT, "test"))) {
			List<String> holderNodes = ephemeralNodesUnder(this.clientA, held.path());
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> this.second.acquire(new LockRequest(key, waitingType, SHORT, "test")));
			await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.clientA, held.path()))
				.containsExactlyInAnyOrderElementsOf(holderNodes));
			Future<?> interrupted = this.executor.submit(
					() -> this.second.acquire(new LockRequest(key, waitingType, Duration.ofMinutes(1), "test")));
			await().until(() -> ephemeralNodesUnder(this.clientA, held.path()).size() > holderNodes.size());
			interrupted.cancel(true);
			await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.clientA, held.path()))
				.containsExactlyInAnyOrderElementsOf(holderNodes));
			assertThat(this.second.cachedRecipeCount()).isZero();
		}
		assertNoNodeLeft();
	}

	/** Keys that are awkward as node names still lock, each on its own node, on a real server. */
	@Test
	void awkwardKeysLockOnTheirOwnPaths() throws Exception {
		List<String> keys = List.of("a/b", "a%2Fb", ".", "..", "a\nb", "\u0000", "库存:1", "k".repeat(250),
				"k".repeat(251), "zookeeper", " x ");
		List<LockHandle> held = new ArrayList<>();
		try {
			for (String key : keys) {
				held.add(this.first.acquire(new LockRequest(key, LockType.MUTEX, SHORT, "test")));
			}
			assertThat(held).extracting(LockHandle::path).doesNotHaveDuplicates();
			for (LockHandle lock : held) {
				assertThat(this.clientB.getChildren().forPath(lock.path())).hasSize(1);
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> this.second.acquire(new LockRequest(lock.key(), LockType.MUTEX, Duration.ZERO, "test")));
			}
		}
		finally {
			held.forEach(LockHandle::close);
		}
		assertNoNodeLeft();
	}

	@Test
	void idleRecipesAreDroppedAndAHeldOneIsKept() throws Exception {
		LockHandle held = this.first.acquire(new LockRequest("kept", LockType.MUTEX, SHORT, "test"));
		for (int i = 0; i < 500; i++) {
			this.first.acquire(new LockRequest("distinct-" + i, LockType.MUTEX, SHORT, "test")).close();
		}
		assertThat(this.first.cachedRecipeCount()).isEqualTo(1);
		LockHandle reentered = this.first.acquire(new LockRequest("kept", LockType.MUTEX, Duration.ZERO, "test"));
		assertThat(reentered.fencingToken()).isEqualTo(held.fencingToken());
		reentered.close();
		held.close();
		assertThat(this.first.cachedRecipeCount()).isZero();
		assertThat(this.first.heldLocks()).isEmpty();
	}

	@Test
	void unreachableZooKeeperFailsWithinTheWaitTime() throws Exception {
		CuratorFramework unreachable = org.apache.curator.framework.CuratorFrameworkFactory.builder()
			.connectString("127.0.0.1:1")
			.retryPolicy(new org.apache.curator.retry.RetryOneTime(100))
			.connectionTimeoutMs(500)
			.build();
		unreachable.start();
		try (ZookeeperLockRegistry registry = new ZookeeperLockRegistry(unreachable, new ZnodeLockPathResolver("/Locks"))) {
			assertThatExceptionOfType(LockBackendException.class)
				.isThrownBy(() -> registry.acquire(new LockRequest("nowhere", LockType.MUTEX, SHORT, "test")))
				.withMessageContaining("'nowhere'")
				.withMessageContaining("127.0.0.1:1");
			assertThat(registry.cachedRecipeCount()).isZero();
		}
		finally {
			unreachable.close();
		}
	}

	@Test
	void expiredSessionMarksTheLockLostAndFreesIt() throws Exception {
		LockHandle held = this.first.acquire(new LockRequest("expiring", LockType.MUTEX, SHORT, "test"));
		expireSession(this.clientA);
		await().atMost(Duration.ofSeconds(30)).until(() -> held.state() == LockState.LOST);
		assertThat(held.isHeld()).isFalse();
		try (LockHandle next = this.second.acquire(new LockRequest("expiring", LockType.MUTEX, Duration.ofSeconds(10), "test"))) {
			assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
		}
		held.close();
	}

	/** No lock node is left; a waiter that gave up has its node deleted in the background. */
	private void assertNoNodeLeft() {
		await().untilAsserted(() -> assertThat(ephemeralNodesUnder(this.clientA, "/Locks")).isEmpty());
	}

}
