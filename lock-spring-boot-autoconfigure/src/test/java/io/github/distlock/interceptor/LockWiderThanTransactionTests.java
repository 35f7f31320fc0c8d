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

import javax.sql.DataSource;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockState;
import org.apache.curator.framework.CuratorFramework;
import io.github.distlock.test.zookeeper.FreezableTcpProxy;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.transaction.support.DefaultTransactionStatus;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.expireSession;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * The lock is acquired before the transaction begins and released after it commits or rolls
 * back, whichever order the annotations are written in, on a real transaction manager.
 */
@ExtendWith(OutputCaptureExtension.class)
class LockWiderThanTransactionTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class, LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class))
		.withUserConfiguration(TransactionConfiguration.class);

	@Test
	void lockIsWiderThanTransactionWhenLockIsWrittenFirst() {
		assertLockWiderOnCommit("lockFirst");
	}

	@Test
	void lockIsWiderThanTransactionWhenTransactionalIsWrittenFirst() {
		assertLockWiderOnCommit("transactionalFirst");
	}

	private void assertLockWiderOnCommit(String method) {
		this.contextRunner.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString())
			.run((context) -> {
				RecordingTransactionManager transactions = context.getBean(RecordingTransactionManager.class);
				StockService service = context.getBean(StockService.class);
				if (method.equals("lockFirst")) {
					service.lockFirst(1);
				}
				else {
					service.transactionalFirst(1);
				}
				assertThat(transactions.events).containsExactly("begin:locked", "commit:locked", "cleanup:locked");
				assertThat(ephemeralNodesUnder(context.getBean(CuratorFramework.class), "/Locks")).isEmpty();
			});
	}

	@Test
	void lockTakenInsideARunningTransactionIsWarnedOfOnce(CapturedOutput output) {
		this.contextRunner.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString())
			.run((context) -> {
				StockService service = context.getBean(StockService.class);
				TransactionTemplate outer = new TransactionTemplate(context.getBean(RecordingTransactionManager.class));
				service.lockFirst(1);
				assertThat(output).doesNotContain("acquired inside a running transaction");
				outer.executeWithoutResult((status) -> service.lockFirst(1));
				outer.executeWithoutResult((status) -> service.lockFirst(1));
				assertThat(output.toString().split("acquired inside a running transaction", -1)).hasSize(2);
				assertThat(output).contains("Lock 'StockService.lockFirst' (key 'stock:1') was acquired inside a running transaction");
			});
	}

	@Test
	void lockIsReleasedOnlyAfterRollback() {
		this.contextRunner.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString())
			.run((context) -> {
				RecordingTransactionManager transactions = context.getBean(RecordingTransactionManager.class);
				assertThatIllegalStateException().isThrownBy(() -> context.getBean(StockService.class).failing(1))
					.withMessage("rolled back");
				assertThat(transactions.events).containsExactly("begin:locked", "rollback:locked", "cleanup:locked");
				assertThat(ephemeralNodesUnder(context.getBean(CuratorFramework.class), "/Locks")).isEmpty();
			});
	}

	@Test
	void transactionIsRolledBackWhenTheLockIsLostBeforeCommit() {
		this.contextRunner.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString())
			.run((context) -> {
				JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
				jdbc.update("UPDATE stock SET quantity = 0");
				CuratorFramework client = context.getBean(CuratorFramework.class);
				assertThatExceptionOfType(LockLostException.class)
					.isThrownBy(() -> context.getBean(StockService.class).updateThen(1, () -> loseLock(client)))
					.withMessageContaining("rolled back");
				assertThat(jdbc.queryForObject("SELECT quantity FROM stock WHERE id = 1", Integer.class)).isZero();
				assertThat(context.getBean(RecordingTransactionManager.class).events).contains("rollback:unlocked")
					.doesNotContain("commit:unlocked");
			});
	}

	/**
	 * A commit while the connection is suspended cannot be proven safe (the session may be
	 * expiring), so the transaction is rolled back; the release then returns at once.
	 */
	@Test
	void transactionIsRolledBackWhenTheLockIsInDoubtAtCommit() throws Exception {
		int port = Integer.parseInt(zookeeper.connectString().substring(zookeeper.connectString().lastIndexOf(':') + 1));
		try (FreezableTcpProxy proxy = new FreezableTcpProxy(port)) {
			this.contextRunner
				.withPropertyValues("distributed-lock.zookeeper.connect-string=" + proxy.getConnectString(),
						"distributed-lock.zookeeper.session-timeout=6s")
				.run((context) -> {
					JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
					jdbc.update("UPDATE stock SET quantity = 0");
					assertThatExceptionOfType(LockLostException.class)
						.isThrownBy(() -> context.getBean(StockService.class).updateThen(1, () -> {
							AcquiredLock lock = LockContext.current();
							proxy.freeze();
							await().atMost(Duration.ofSeconds(30)).until(() -> lock.state() == LockState.IN_DOUBT);
						}))
						.withMessageContaining("rolled back");
					assertThat(jdbc.queryForObject("SELECT quantity FROM stock WHERE id = 1", Integer.class)).isZero();
					assertThat(context.getBean(RecordingTransactionManager.class).events).contains("rollback:unlocked")
						.doesNotContain("commit:unlocked");
				});
		}
	}

	@Test
	void lostLockIsOnlyLoggedWhenSoConfigured() {
		this.contextRunner
			.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString(),
					"distributed-lock.lock-lost.fail-on-return=false",
					"distributed-lock.lock-lost.rollback-transaction=false")
			.run((context) -> {
				JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
				jdbc.update("UPDATE stock SET quantity = 0");
				CuratorFramework client = context.getBean(CuratorFramework.class);
				context.getBean(StockService.class).updateThen(1, () -> loseLock(client));
				assertThat(jdbc.queryForObject("SELECT quantity FROM stock WHERE id = 1", Integer.class)).isOne();
			});
	}

	private static void loseLock(CuratorFramework client) {
		AcquiredLock lock = LockContext.current();
		try {
			expireSession(client);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		await().atMost(Duration.ofSeconds(30)).until(() -> lock.state() == LockState.LOST);
	}

	@Test
	void concurrentReadModifyWriteLosesNoUpdate() {
		this.contextRunner.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString())
			.run((context) -> {
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
			});
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
		@DistributedLock(key = "'stock:' + #id", waitTime = 60_000)
		public void increment(int id) throws InterruptedException {
			Integer quantity = this.jdbc.queryForObject("SELECT quantity FROM stock WHERE id = ?", Integer.class, id);
			Thread.sleep(2);
			this.jdbc.update("UPDATE stock SET quantity = ? WHERE id = ?", quantity + 1, id);
		}

	}

}
