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

package io.github.distlock.fencing;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.FencedOffException;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.memory.InMemoryLockingConfiguration;
import io.github.distlock.interceptor.LockOperationSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@code @DistributedLock(fenced = true)} in a Spring context wired as the auto-configuration
 * wires it, on the in-memory lock backend and an H2 database: the method's transaction claims
 * each key's fence with the lock's token before the method runs; a fence that a greater token
 * holds rolls back before the method runs and ends the call with {@link FencedOffException};
 * start-up refuses a fence that could not work.
 */
class FencedMethodsTests {

	private static final AtomicLong ids = new AtomicLong();

	private final InMemoryLockService service = new InMemoryLockService();

	private AnnotationConfigApplicationContext context;

	private Stock stock;

	private JdbcFences fences;

	private JdbcTemplate jdbc;

	@BeforeEach
	void start() {
		this.context = InMemoryLockingConfiguration.start(this.service, FencingConfiguration.class);
		this.stock = this.context.getBean(Stock.class);
		this.fences = this.context.getBean(JdbcFences.class);
		this.jdbc = this.context.getBean(JdbcTemplate.class);
	}

	@AfterEach
	void close() {
		this.context.close();
	}

	@Test
	void theTransactionClaimsTheFenceWithTheLocksTokenBeforeTheMethodRuns() {
		long id = newItem(10);
		long token = this.stock.take(id);
		assertThat(this.fences.current("stock:" + id)).hasValue(token);
		assertThat(this.stock.fenceSeenInside()).as("the fence, read inside the method").isEqualTo(token);
		assertThat(stockOf(id)).isEqualTo(9);
	}

	@Test
	void aFenceThatANewerHolderRaisedRollsBackBeforeTheMethodRuns() {
		long id = newItem(10);
		// a newer holder of the lock, in another process, claimed the fence meanwhile
		long newer = Long.MAX_VALUE / 2;
		this.fences.claim("stock:" + id, newer);
		assertThatExceptionOfType(FencedOffException.class).isThrownBy(() -> this.stock.take(id))
			.satisfies((refused) -> {
				assertThat(refused.getKey()).isEqualTo("stock:" + id);
				assertThat(refused.getFence()).isEqualTo(newer);
				assertThat(refused.getToken()).isPositive().isLessThan(newer);
			});
		assertThat(this.stock.runs()).isZero();
		assertThat(stockOf(id)).isEqualTo(10);
		assertThat(this.service.entriesOf("stock:" + id)).as("the lock is released").isEmpty();
	}

	@Test
	void aMethodWithoutTransactionalRunsInARequiredTransactionThatItsExceptionRollsBack() {
		long id = newItem(10);
		assertThatIllegalStateException().isThrownBy(() -> this.stock.takeThenFail(id)).withMessage("failed after the write");
		assertThat(stockOf(id)).as("the write rolled back").isEqualTo(10);
		assertThat(this.fences.current("stock:" + id)).as("the claim rolled back with it: the row made before keeps 0")
			.hasValue(0);
	}

	@Test
	void severalKeysClaimEachFenceAndANestedCallOfTheSameHolderClaimsAgain() {
		long first = newItem(5);
		long second = newItem(5);
		List<Long> tokens = this.context.getBean(Mover.class).moveOne(List.of(first, second));
		assertThat(this.fences.current("stock:" + first)).hasValue(tokens.get(0));
		assertThat(this.fences.current("stock:" + second)).hasValue(tokens.get(1));
		assertThat(stockOf(first)).isEqualTo(3);
		assertThat(stockOf(second)).isEqualTo(5);
	}

	@Test
	void startUpRefusesAFenceThatCouldNotWork() {
		LockOperationSource source = new LockOperationSource();
		for (Class<?> refused : List.of(Later.class, Read.class, NewTransaction.class, OtherManager.class)) {
			String method = refused.getDeclaredMethods()[0].getName();
			assertThatIllegalStateException()
				.isThrownBy(() -> source.isLocked(refused.getMethod(method), refused))
				.withMessageContaining(refused.getSimpleName() + "." + method + "()")
				.withMessageContaining("is fenced");
		}
	}

	@Test
	void startUpRefusesAFencedMethodWhenNothingCanFenceIt() throws Exception {
		LockOperationSource source = new LockOperationSource();
		assertThat(source.isLocked(Stock.class.getMethod("take", long.class), Stock.class)).isTrue();
		source.checkFencing(true);
		assertThatIllegalStateException().isThrownBy(() -> source.checkFencing(false))
			.withMessageContaining("Stock.take")
			.withMessageContaining("no FencedCalls bean");
	}

	private long newItem(int stock) {
		long id = ids.incrementAndGet();
		this.jdbc.update("INSERT INTO fenced_stock (id, stock) VALUES (?, ?)", id, stock);
		return id;
	}

	private int stockOf(long id) {
		return this.jdbc.queryForObject("SELECT stock FROM fenced_stock WHERE id = ?", Integer.class, id);
	}

	@Configuration(proxyBeanMethods = false)
	@EnableTransactionManagement
	static class FencingConfiguration {

		@Bean
		DataSource dataSource() {
			return new DriverManagerDataSource("jdbc:h2:mem:fenced-methods-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1",
					"sa", "");
		}

		@Bean
		JdbcTemplate jdbcTemplate(DataSource dataSource) {
			JdbcTemplate jdbc = new JdbcTemplate(dataSource);
			jdbc.execute("CREATE TABLE fenced_stock (id BIGINT PRIMARY KEY, stock INT NOT NULL)");
			return jdbc;
		}

		@Bean
		PlatformTransactionManager transactionManager(DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

		@Bean
		JdbcFences jdbcFences(JdbcTemplate jdbcTemplate) {
			JdbcFences fences = new JdbcFences(jdbcTemplate, JdbcFences.DEFAULT_TABLE);
			fences.createTable();
			return fences;
		}

		@Bean
		FencedCalls fencedCalls(JdbcFences fences, PlatformTransactionManager transactionManager) {
			return new TransactionalFencedCalls(fences, transactionManager);
		}

		@Bean
		Stock stock(JdbcTemplate jdbcTemplate, JdbcFences fences) {
			return new Stock(jdbcTemplate, fences);
		}

		@Bean
		Mover mover(Stock stock, JdbcTemplate jdbcTemplate) {
			return new Mover(stock, jdbcTemplate);
		}

	}

	static class Stock {

		private final AtomicInteger runs = new AtomicInteger();

		private final AtomicLong fenceSeenInside = new AtomicLong();

		private final JdbcTemplate jdbc;

		private final JdbcFences fences;

		Stock(JdbcTemplate jdbc, JdbcFences fences) {
			this.jdbc = jdbc;
			this.fences = fences;
		}

		/** How many calls of {@link #take} ran, read through the proxy. */
		public int runs() {
			return this.runs.get();
		}

		/** The fence the last {@link #take} read inside, read through the proxy. */
		public long fenceSeenInside() {
			return this.fenceSeenInside.get();
		}

		@DistributedLock(key = "'stock:' + #id", fenced = true)
		@Transactional
		public long take(long id) {
			this.runs.incrementAndGet();
			AcquiredLock lock = LockContext.current();
			this.fenceSeenInside.set(this.fences.current(lock.key()).orElse(-1));
			this.jdbc.update("UPDATE fenced_stock SET stock = stock - 1 WHERE id = ?", id);
			return lock.fencingToken();
		}

		@DistributedLock(key = "'stock:' + #id", fenced = true)
		public void takeThenFail(long id) {
			this.jdbc.update("UPDATE fenced_stock SET stock = stock - 1 WHERE id = ?", id);
			throw new IllegalStateException("failed after the write");
		}

	}

	static class Mover {

		private final Stock stock;

		private final JdbcTemplate jdbc;

		Mover(Stock stock, JdbcTemplate jdbc) {
			this.stock = stock;
			this.jdbc = jdbc;
		}

		@DistributedLock(key = "#ids.![ 'stock:' + #this ]", fenced = true)
		@Transactional
		public List<Long> moveOne(List<Long> ids) {
			List<Long> tokens = LockContext.all().stream().map(AcquiredLock::fencingToken).toList();
			// the first key's holder calls a fenced method of the key again: the same token claims again
			this.stock.take(ids.get(0));
			this.jdbc.update("UPDATE fenced_stock SET stock = stock - 1 WHERE id = ?", ids.get(0));
			return tokens;
		}

	}

	// a class is scanned whole at its first method: one refused method per class

	static class Later {

		@DistributedLock(key = "'later'", fenced = true)
		public Mono<String> later() {
			return Mono.just("later");
		}

	}

	static class Read {

		@DistributedLock(key = "'read'", type = LockType.READ, fenced = true)
		public void read() {
		}

	}

	static class NewTransaction {

		@DistributedLock(key = "'new'", fenced = true)
		@Transactional(propagation = Propagation.REQUIRES_NEW)
		public void newTransaction() {
		}

	}

	static class OtherManager {

		@DistributedLock(key = "'other'", fenced = true)
		@Transactional(transactionManager = "other")
		public void otherManager() {
		}

	}

}
