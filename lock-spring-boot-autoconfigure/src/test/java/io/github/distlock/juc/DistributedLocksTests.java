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

package io.github.distlock.juc;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.Lock;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.annotation.LockType;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.integration.support.locks.DefaultLockRegistry;
import org.springframework.integration.support.locks.LockRegistry;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Distributed locks as {@link Lock}s and as Spring Integration's {@link LockRegistry}, on a real
 * ZooKeeper, with two clients (two sessions) standing for two processes.
 */
class DistributedLocksTests {

	private static final Duration LONG = Duration.ofSeconds(10);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private CuratorFramework firstClient;

	private CuratorFramework secondClient;

	private ZookeeperLockRegistry firstRegistry;

	private ZookeeperLockRegistry secondRegistry;

	private DistributedLocks first;

	private DistributedLocks second;

	@BeforeEach
	void connect() throws Exception {
		this.firstClient = connectedClient(zookeeper.connectString());
		this.secondClient = connectedClient(zookeeper.connectString());
		this.firstRegistry = new ZookeeperLockRegistry(this.firstClient, new ZnodeLockPathResolver("/JucLocks"));
		this.secondRegistry = new ZookeeperLockRegistry(this.secondClient, new ZnodeLockPathResolver("/JucLocks"));
		this.first = new DistributedLocks(this.firstRegistry);
		this.second = new DistributedLocks(this.secondRegistry);
	}

	@AfterEach
	void close() {
		this.firstRegistry.close();
		this.secondRegistry.close();
		this.firstClient.close();
		this.secondClient.close();
	}

	@Test
	void aLockedLockExcludesAnotherProcessUntilItIsUnlocked() throws Exception {
		Lock mine = this.first.obtain("invoice:1");
		mine.lock();
		try {
			Lock theirs = this.second.obtain("invoice:1");
			assertThat(inThread(() -> theirs.tryLock())).isFalse();
			assertThat(inThread(() -> theirs.tryLock(200, TimeUnit.MILLISECONDS))).isFalse();
		}
		finally {
			mine.unlock();
		}
		assertThat(inThread(() -> {
			Lock theirs = this.second.obtain("invoice:1");
			boolean locked = theirs.tryLock(5, TimeUnit.SECONDS);
			theirs.unlock();
			return locked;
		})).isTrue();
	}

	@Test
	void itsThreadReentersItAndMayUnlockThroughAnotherLockOfTheSameKey() throws Exception {
		this.first.obtain("invoice:2").lock();
		assertThat(this.first.obtain("invoice:2").tryLock()).isTrue();
		this.first.obtain("invoice:2").unlock();
		assertThat(inThread(() -> this.second.obtain("invoice:2").tryLock())).isFalse();
		this.first.obtain("invoice:2").unlock();
		assertThatExceptionOfType(IllegalMonitorStateException.class)
			.isThrownBy(() -> this.first.obtain("invoice:2").unlock())
			.withMessageContaining("'invoice:2'");
		assertThat(this.firstRegistry.participants("invoice:2", LockType.MUTEX)).isEmpty();
	}

	@Test
	void anotherThreadCannotUnlockIt() throws Exception {
		Lock mine = this.first.obtain("invoice:3");
		mine.lock();
		try {
			assertThat(inThread(() -> {
				try {
					mine.unlock();
					return null;
				}
				catch (IllegalMonitorStateException ex) {
					return ex;
				}
			})).isInstanceOf(IllegalMonitorStateException.class);
			assertThat(this.firstRegistry.participants("invoice:3", LockType.MUTEX)).hasSize(1);
		}
		finally {
			mine.unlock();
		}
	}

	@Test
	void lockInterruptiblyEndsWithInterruptedExceptionAndLeavesNothingQueued() throws Exception {
		Lock theirs = this.second.obtain("invoice:4");
		theirs.lock();
		try {
			CountDownLatch started = new CountDownLatch(1);
			Thread[] waiter = new Thread[1];
			CompletableFuture<Throwable> outcome = CompletableFuture.supplyAsync(() -> {
				waiter[0] = Thread.currentThread();
				started.countDown();
				try {
					this.first.obtain("invoice:4").lockInterruptibly();
					return null;
				}
				catch (InterruptedException ex) {
					return ex;
				}
			});
			started.await();
			await().atMost(LONG).until(() -> this.firstRegistry.participants("invoice:4", LockType.MUTEX).size() == 2);
			waiter[0].interrupt();
			assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
			await().atMost(LONG).until(() -> this.firstRegistry.participants("invoice:4", LockType.MUTEX).size() == 1);
		}
		finally {
			theirs.unlock();
		}
	}

	@Test
	void lockIsNotEndedByAnInterruptAndKeepsTheInterruptStatus() throws Exception {
		Lock theirs = this.second.obtain("invoice:5");
		theirs.lock();
		Thread[] waiter = new Thread[1];
		AtomicBoolean interruptedWhenLocked = new AtomicBoolean();
		CompletableFuture<Void> locking = CompletableFuture.runAsync(() -> {
			waiter[0] = Thread.currentThread();
			Lock mine = this.first.obtain("invoice:5");
			mine.lock();
			interruptedWhenLocked.set(Thread.interrupted());
			mine.unlock();
		});
		try {
			await().atMost(LONG).until(() -> this.firstRegistry.participants("invoice:5", LockType.MUTEX).size() == 2);
			waiter[0].interrupt();
			// the waiter queues again; it is still waiting after its interrupt
			await().atMost(LONG).until(() -> this.firstRegistry.participants("invoice:5", LockType.MUTEX).size() == 2
					&& !waiter[0].isInterrupted());
			assertThat(locking).isNotDone();
		}
		finally {
			theirs.unlock();
		}
		locking.get(10, TimeUnit.SECONDS);
		assertThat(interruptedWhenLocked).isTrue();
	}

	@Test
	void conditionsAreRefused() {
		assertThatExceptionOfType(UnsupportedOperationException.class)
			.isThrownBy(() -> this.first.obtain("invoice:6").newCondition());
	}

	@Test
	void springIntegrationRunsLockedWorkOnTheDistributedLock() throws Exception {
		LockRegistry<Lock> integration = new IntegrationLockRegistry(this.first);
		String result = integration.executeLocked("invoice:7", () -> {
			assertThat(inThread(() -> this.second.obtain("invoice:7").tryLock())).isFalse();
			return "ran";
		});
		assertThat(result).isEqualTo("ran");
		assertThat(this.firstRegistry.participants("invoice:7", LockType.MUTEX)).isEmpty();
	}

	@Test
	void autoConfiguredForSpringIntegrationUnlessTheApplicationHasARegistry() {
		ApplicationContextRunner runner = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class,
					LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class))
			.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString());
		runner.run((context) -> assertThat(context).hasSingleBean(DistributedLocks.class)
			.getBean(LockRegistry.class)
			.isInstanceOf(IntegrationLockRegistry.class));
		runner.withBean(DefaultLockRegistry.class)
			.run((context) -> assertThat(context).getBean(LockRegistry.class).isInstanceOf(DefaultLockRegistry.class));
	}

	private static <T> T inThread(Callable<T> task) throws Exception {
		try {
			return CompletableFuture.supplyAsync(() -> {
				try {
					return task.call();
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
			}).get(30, TimeUnit.SECONDS);
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof Exception cause) ? cause : ex;
		}
	}

}
