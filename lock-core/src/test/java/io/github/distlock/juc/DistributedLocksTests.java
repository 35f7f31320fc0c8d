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

import javax.sql.DataSource;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockState;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.integration.support.locks.LockRegistry;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
import org.springframework.transaction.support.TransactionTemplate;

import io.github.distlock.transaction.LockLossCommitGuard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Distributed locks as {@link Lock}s and as Spring Integration's {@link LockRegistry}, on the
 * in-memory backend, with two clients (two sessions) of one service standing for two processes.
 */
class DistributedLocksTests {

	private static final Duration LONG = Duration.ofSeconds(10);

	private static final LockListener NO_LISTENER = new LockListener() {
	};

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryLockBackend firstBackend = new InMemoryLockBackend(this.service);

	private final InMemoryLockBackend secondBackend = new InMemoryLockBackend(this.service);

	private final LockEngine firstRegistry = new LockEngine(this.firstBackend, NO_LISTENER,
			LockEngine.Options.STANDARD);

	private final LockEngine secondRegistry = new LockEngine(this.secondBackend, NO_LISTENER,
			LockEngine.Options.STANDARD);

	private final DistributedLocks first = new DistributedLocks(this.firstRegistry);

	private final DistributedLocks second = new DistributedLocks(this.secondRegistry);

	@AfterEach
	void close() {
		this.firstRegistry.close();
		this.secondRegistry.close();
		this.firstBackend.close();
		this.secondBackend.close();
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
		assertThat(this.service.entriesOf("invoice:7")).isEmpty();
	}

	@Test
	void overTheProgrammaticApiALockedLockIsInLockContextWithItsTokenUntilUnlocked() {
		DistributedLocks locks = new DistributedLocks(new LockTemplate(this.firstRegistry));
		Lock lock = locks.obtain("invoice:8");
		assertThat(LockContext.current()).isNull();
		lock.lock();
		try {
			AcquiredLock held = LockContext.current();
			assertThat(held).isNotNull();
			assertThat(held.key()).isEqualTo("invoice:8");
			assertThat(held.fencingToken()).isPositive();
		}
		finally {
			lock.unlock();
		}
		assertThat(LockContext.all()).isEmpty();
	}

	@Test
	void overABareRegistryALockedLockIsNotInLockContext() {
		Lock lock = this.first.obtain("invoice:9");
		lock.lock();
		try {
			assertThat(LockContext.current()).isNull();
		}
		finally {
			lock.unlock();
		}
	}

	@Test
	void overTheProgrammaticApiATransactionCommittedUnderALostLockIsRolledBack() {
		DistributedLocks locks = new DistributedLocks(new LockTemplate(this.firstRegistry));
		DataSource dataSource = new SimpleDriverDataSource(new org.h2.Driver(),
				"jdbc:h2:mem:facade-guard;DB_CLOSE_DELAY=-1", "sa", "");
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.execute("create table if not exists invoice (id int primary key, paid boolean)");
		jdbc.update("merge into invoice key (id) values (10, false)");
		DataSourceTransactionManager transactions = new DataSourceTransactionManager(dataSource);
		transactions.addListener(new LockLossCommitGuard());
		Lock lock = locks.obtain("invoice:10");
		lock.lock();
		try {
			assertThatExceptionOfType(LockLostException.class).isThrownBy(() -> new TransactionTemplate(transactions)
				.executeWithoutResult((status) -> {
					jdbc.update("update invoice set paid = true where id = 10");
					AcquiredLock held = LockContext.current();
					this.firstBackend.expireSession();
					await().atMost(LONG).until(() -> held.state() == LockState.LOST);
				}));
		}
		finally {
			lock.unlock();
		}
		assertThat(jdbc.queryForObject("select paid from invoice where id = 10", Boolean.class)).isFalse();
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
