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

package io.github.distlock.interceptor;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import javax.sql.DataSource;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.memory.InMemoryLockingConfiguration;
import io.github.distlock.core.memory.InMemoryLockingConfiguration.Settings;
import io.github.distlock.core.memory.InMemoryProcess;
import io.github.distlock.transaction.LockInsideTransactionWarning;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The lock is acquired before the transaction begins and released after it commits or rolls
 * back, whichever order the annotations are written in, on a real transaction manager; a
 * transaction whose lock is lost or in doubt at commit is rolled back.
 */
class LockWiderThanTransactionTests {

	private final InMemoryLockService service = new InMemoryLockService();

	private AnnotationConfigApplicationContext start(Settings settings) {
		return InMemoryLockingConfiguration.start(this.service, settings, TransactionConfiguration.class);
	}

	@Test
	void lockIsWiderThanTransactionWhenLockIsWrittenFirst() {
		assertLockWiderOnCommit("lockFirst");
	}

	@Test
	void lockIsWiderThanTransactionWhenTransactionalIsWrittenFirst() {
		assertLockWiderOnCommit("transactionalFirst");
	}

	private void assertLockWiderOnCommit(String method) {
		try (AnnotationConfigApplicationContext context = start(Settings.DEFAULTS)) {
			RecordingTransactionManager transactions = context.getBean(RecordingTransactionManager.class);
			StockService service = context.getBean(StockService.class);
			if (method.equals("lockFirst")) {
				service.lockFirst(1);
			}
			else {
				service.transactionalFirst(1);
			}
			assertThat(transactions.events).containsExactly("begin:locked", "commit:locked", "cleanup:locked");
			assertThat(this.service.entriesOf("stock:1")).as("left in the lock service").isEmpty();
		}
	}

	@Test
	void lockTakenInsideARunningTransactionIsWarnedOfOnce() {
		try (AnnotationConfigApplicationContext context = start(Settings.DEFAULTS);
				CapturedWarnings warnings = new CapturedWarnings(LockInsideTransactionWarning.class)) {
			StockService service = context.getBean(StockService.class);
			TransactionTemplate outer = new TransactionTemplate(context.getBean(RecordingTransactionManager.class));
			service.lockFirst(1);
			assertThat(warnings.messages()).noneMatch((message) -> message.contains("acquired inside a running transaction"));
			outer.executeWithoutResult((status) -> service.lockFirst(1));
			outer.executeWithoutResult((status) -> service.lockFirst(1));
			assertThat(warnings.messages()).filteredOn((message) -> message.contains("acquired inside a running transaction"))
				.singleElement()
				.asString()
				.contains("Lock 'StockService.lockFirst' (key 'stock:1') was acquired inside a running transaction");
		}
	}

	@Test
	void lockIsReleasedOnlyAfterRollback() {
		try (AnnotationConfigApplicationContext context = start(Settings.DEFAULTS)) {
			RecordingTransactionManager transactions = context.getBean(RecordingTransactionManager.class);
			assertThatIllegalStateException().isThrownBy(() -> context.getBean(StockService.class).failing(1))
				.withMessage("rolled back");
			assertThat(transactions.events).containsExactly("begin:locked", "rollback:locked", "cleanup:locked");
			assertThat(this.service.entriesOf("stock:1")).as("left in the lock service").isEmpty();
		}
	}

	@Test
	void transactionIsRolledBackWhenTheLockIsLostBeforeCommit() {
		try (AnnotationConfigApplicationContext context = start(Settings.DEFAULTS)) {
			JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
			jdbc.update("UPDATE stock SET quantity = 0");
			InMemoryLockBackend backend = context.getBean(InMemoryLockBackend.class);
			assertThatExceptionOfType(LockLostException.class)
				.isThrownBy(() -> context.getBean(StockService.class).updateThen(1, () -> loseLock(backend)))
				.withMessageContaining("rolled back");
			assertThat(jdbc.queryForObject("SELECT quantity FROM stock WHERE id = 1", Integer.class)).isZero();
			assertThat(context.getBean(RecordingTransactionManager.class).events).contains("rollback:unlocked")
				.doesNotContain("commit:unlocked");
		}
	}

	/**
	 * A method still running past its {@code maxHold} has its lock given up: another process
	 * takes it, with a greater token, while the method runs; the method's transaction is rolled
	 * back and the call ends with {@code LockLostException}.
	 */
	@Test
	void transactionIsRolledBackWhenTheMethodRanPastItsMaxHold() {
		try (AnnotationConfigApplicationContext context = start(Settings.DEFAULTS);
				InMemoryProcess other = new InMemoryProcess(this.service)) {
			JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
			jdbc.update("UPDATE stock SET quantity = 0");
			long[] tokens = new long[2];
			assertThatExceptionOfType(LockLostException.class)
				.isThrownBy(() -> context.getBean(StockService.class).updateForAtMost200msThen(1, () -> {
					tokens[0] = LockContext.current().fencingToken();
					try (LockHandle next = other.acquire(LockRequest.of("stock:1", Duration.ofSeconds(10)))) {
						tokens[1] = next.fencingToken();
					}
				}))
				.withMessageContaining("rolled back");
			assertThat(tokens[1]).isGreaterThan(tokens[0]);
			assertThat(jdbc.queryForObject("SELECT quantity FROM stock WHERE id = 1", Integer.class)).isZero();
			assertThat(context.getBean(RecordingTransactionManager.class).events).contains("rollback:unlocked")
				.doesNotContain("commit:unlocked");
			assertThat(this.service.entriesOf("stock:1")).as("left in the lock service").isEmpty();
		}
	}

	/**
	 * A commit while the connection is suspended cannot be proven safe (the session may be
	 * expiring), so the transaction is rolled back; the release then returns at once.
	 */
	@Test
	void transactionIsRolledBackWhenTheLockIsInDoubtAtCommit() {
		try (AnnotationConfigApplicationContext context = start(Settings.DEFAULTS)) {
			JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
			jdbc.update("UPDATE stock SET quantity = 0");
			InMemoryLockBackend backend = context.getBean(InMemoryLockBackend.class);
			assertThatExceptionOfType(LockLostException.class)
				.isThrownBy(() -> context.getBean(StockService.class).updateThen(1, () -> {
					AcquiredLock lock = LockContext.current();
					backend.suspendConnection();
					assertThat(lock.state()).isEqualTo(LockState.IN_DOUBT);
				}))
				.withMessageContaining("rolled back");
			assertThat(jdbc.queryForObject("SELECT quantity FROM stock WHERE id = 1", Integer.class)).isZero();
			assertThat(context.getBean(RecordingTransactionManager.class).events).contains("rollback:unlocked")
				.doesNotContain("commit:unlocked");
		}
	}

	@Test
	void lostLockIsOnlyLoggedWhenSoConfigured() {
		try (AnnotationConfigApplicationContext context = start(Settings.DEFAULTS.withLockLossOnlyLogged())) {
			JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
			jdbc.update("UPDATE stock SET quantity = 0");
			InMemoryLockBackend backend = context.getBean(InMemoryLockBackend.class);
			context.getBean(StockService.class).updateThen(1, () -> loseLock(backend));
			assertThat(jdbc.queryForObject("SELECT quantity FROM stock WHERE id = 1", Integer.class)).isOne();
		}
	}

	private static void loseLock(InMemoryLockBackend backend) {
		AcquiredLock lock = LockContext.current();
		backend.expireSession();
		assertThat(lock.state()).isEqualTo(LockState.LOST);
	}

	@Test
	void concurrentReadModifyWriteLosesNoUpdate() throws Exception {
		try (AnnotationConfigApplicationContext context = start(Settings.DEFAULTS)) {
			StockService service = context.getBean(StockService.class);
			JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
			jdbc.update("UPDATE stock SET quantity = 0");
			ExecutorService pool = Executors.newFixedThreadPool(4);
			try {
				List<Future<?>> calls = new CopyOnWriteArrayList<>();
				for (int i = 0; i < 40; i++) {
					calls.add(pool.submit(() -> {
						service.increment(1);
						return null;
					}));
				}
				for (Future<?> call : calls) {
					call.get();
				}
			}
			finally {
				pool.shutdownNow();
			}
			assertThat(jdbc.queryForObject("SELECT quantity FROM stock WHERE id = 1", Integer.class)).isEqualTo(40);
		}
	}

	/**
	 * The warnings a class logs while open, through {@code java.util.logging}, where Commons
	 * Logging sends them when no other logging system is on the class path.
	 */
	static final class CapturedWarnings extends Handler implements AutoCloseable {

		private final Logger logger;

		private final List<String> messages = new CopyOnWriteArrayList<>();

		CapturedWarnings(Class<?> source) {
			this.logger = Logger.getLogger(source.getName());
			this.logger.addHandler(this);
		}

		List<String> messages() {
			return this.messages;
		}

		@Override
		public void publish(LogRecord record) {
			if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
				this.messages.add(record.getMessage());
			}
		}

		@Override
		public void flush() {
		}

		@Override
		public void close() {
			this.logger.removeHandler(this);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableTransactionManagement
	static class TransactionConfiguration {

		@Bean(destroyMethod = "shutdown")
		DataSource dataSource() {
			return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2)
				.generateUniqueName(true)
				.addScript("classpath:stock-schema.sql")
				.build();
		}

		@Bean
		RecordingTransactionManager transactionManager(DataSource dataSource) {
			return new RecordingTransactionManager(dataSource);
		}

		@Bean
		JdbcTemplate jdbcTemplate(DataSource dataSource) {
			return new JdbcTemplate(dataSource);
		}

		@Bean
		StockService stockService(JdbcTemplate jdbcTemplate) {
			return new StockService(jdbcTemplate);
		}

	}

	/**
	 * Records, at each step of a transaction, whether the calling thread holds a lock.
	 */
	static class RecordingTransactionManager extends DataSourceTransactionManager {

		private static final long serialVersionUID = 1L;

		final List<String> events = new CopyOnWriteArrayList<>();

		RecordingTransactionManager(DataSource dataSource) {
			super(dataSource);
		}

		private void record(String step) {
			AcquiredLock lock = LockContext.current();
			this.events.add(step + ":" + ((lock != null && lock.isHeld()) ? "locked" : "unlocked"));
		}

		@Override
		protected void doBegin(Object transaction, TransactionDefinition definition) {
			record("begin");
			super.doBegin(transaction, definition);
		}

		@Override
		protected void doCommit(DefaultTransactionStatus status) {
			record("commit");
			super.doCommit(status);
		}

		@Override
		protected void doRollback(DefaultTransactionStatus status) {
			record("rollback");
			super.doRollback(status);
		}

		@Override
		protected void doCleanupAfterCompletion(Object transaction) {
			record("cleanup");
			super.doCleanupAfterCompletion(transaction);
		}

	}

	static class StockService {

		private final JdbcTemplate jdbc;

		StockService(JdbcTemplate jdbc) {
			this.jdbc = jdbc;
		}

		@DistributedLock(key = "'stock:' + #id")
		@Transactional
		public void lockFirst(int id) {
			this.jdbc.update("UPDATE stock SET quantity = quantity + 1 WHERE id = ?", id);
		}

		@Transactional
		@DistributedLock(key = "'stock:' + #id")
		public void transactionalFirst(int id) {
			this.jdbc.update("UPDATE stock SET quantity = quantity + 1 WHERE id = ?", id);
		}

		@Transactional
		@DistributedLock(key = "'stock:' + #id")
		public void failing(int id) {
			this.jdbc.update("UPDATE stock SET quantity = quantity + 1 WHERE id = ?", id);
			throw new IllegalStateException("rolled back");
		}

		@Transactional
		@DistributedLock(key = "'stock:' + #id")
		public void updateThen(int id, Runnable action) {
			this.jdbc.update("UPDATE stock SET quantity = quantity + 1 WHERE id = ?", id);
			action.run();
		}

		@Transactional
		@DistributedLock(key = "'stock:' + #id", maxHold = "200ms")
		public void updateForAtMost200msThen(int id, Runnable action) {
			this.jdbc.update("UPDATE stock SET quantity = quantity + 1 WHERE id = ?", id);
			action.run();
		}

		@Transactional
		@DistributedLock(key = "'stock:' + #id", waitTime = 60_000)
		public void increment(int id) throws InterruptedException {
			Integer quantity = this.jdbc.queryForObject("SELECT quantity FROM stock WHERE id = ?", Integer.class, id);
			Thread.sleep(2);
			this.jdbc.update("UPDATE stock SET quantity = ? WHERE id = ?", quantity + 1, id);
		}

	}

}
