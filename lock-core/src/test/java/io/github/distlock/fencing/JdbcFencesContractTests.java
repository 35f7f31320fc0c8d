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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import io.github.distlock.core.FencedOffException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * What {@link JdbcFences} does on a real database of each kind: a claim with a greater token
 * passes, and so does the holder's own again, one with a lower token is refused naming both tokens;
 * the first claim of a key makes its row, and several callers that prepare and claim a new key at
 * once make one (on MariaDB, claims in transactions with no row yet could deadlock on the key's
 * gap: {@link JdbcFences#prepare} makes the row first); and in a transaction the
 * claim takes the row's lock, so that a newer holder's claim waits for the older holder's
 * transaction to end and then reads what it wrote; a forgotten fence is claimed again by any token.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class JdbcFencesContractTests {

	private static final AtomicLong keys = new AtomicLong();

	private final ExecutorService pool = Executors.newCachedThreadPool();

	private DataSource dataSource;

	private JdbcTemplate jdbc;

	private JdbcFences fences;

	private TransactionTemplate transactions;

	/** A data source of the database under test; the test is skipped when it cannot be reached. */
	protected abstract DataSource dataSource();

	@BeforeAll
	void createTables() {
		this.dataSource = dataSource();
		this.jdbc = new JdbcTemplate(this.dataSource);
		this.fences = new JdbcFences(this.jdbc, "test_lock_fence");
		this.fences.createTable();
		this.fences.createTable();
		this.transactions = new TransactionTemplate(new DataSourceTransactionManager(this.dataSource));
		this.jdbc.execute("CREATE TABLE IF NOT EXISTS test_fenced_stock (id BIGINT NOT NULL PRIMARY KEY, stock INT NOT NULL)");
	}

	@AfterAll
	void dropTables() {
		this.pool.shutdownNow();
		if (this.jdbc != null) {
			this.jdbc.execute("DROP TABLE IF EXISTS test_fenced_stock");
			this.jdbc.execute("DROP TABLE IF EXISTS test_lock_fence");
		}
	}

	@Test
	void greaterTokensClaimTheFenceTheHolderMayClaimAgainAndALowerOneIsRefused() {
		String key = key();
		assertThat(this.fences.current(key)).isEmpty();
		this.fences.claim(key, 5);
		this.fences.claim(key, 9);
		assertThat(this.fences.current(key)).isEqualTo(OptionalLong.of(9));
		this.fences.claim(key, 9);
		for (long stale : new long[] { 8, 1 }) {
			assertThatExceptionOfType(FencedOffException.class).isThrownBy(() -> this.fences.claim(key, stale))
				.satisfies((refused) -> {
					assertThat(refused.getKey()).isEqualTo(key);
					assertThat(refused.getToken()).isEqualTo(stale);
					assertThat(refused.getFence()).isEqualTo(9);
				})
				.withMessageContaining("'" + key + "'")
				.withMessageContaining("token " + stale)
				.withMessageContaining("token 9");
		}
		assertThat(this.fences.current(key)).isEqualTo(OptionalLong.of(9));
	}

	@Test
	void aForgottenFenceIsClaimedAgainByAnyToken() {
		String key = key();
		this.fences.prepare(List.of(key));
		this.fences.claim(key, 50);
		this.fences.forget(key);
		assertThat(this.fences.current(key)).isEmpty();
		this.fences.prepare(List.of(key));
		assertThat(this.fences.current(key)).as("prepared again after it was forgotten").hasValue(0);
		this.fences.claim(key, 3);
		assertThat(this.fences.current(key)).hasValue(3);
	}

	@Test
	void aRefusedClaimRollsBackTheHoldersTransaction() {
		String key = key();
		long row = System.nanoTime();
		this.jdbc.update("INSERT INTO test_fenced_stock (id, stock) VALUES (?, 10)", row);
		this.fences.claim(key, 20);
		assertThatExceptionOfType(FencedOffException.class).isThrownBy(() -> this.transactions.executeWithoutResult((status) -> {
			this.jdbc.update("UPDATE test_fenced_stock SET stock = 9 WHERE id = ?", row);
			this.fences.claim(key, 10);
		}));
		assertThat(this.jdbc.queryForObject("SELECT stock FROM test_fenced_stock WHERE id = ?", Integer.class, row))
			.isEqualTo(10);
	}

	@Test
	void severalCallersPreparingAndClaimingANewKeyAtOnceMakeOneRowAndTheGreatestTokenHoldsIt() throws Exception {
		String key = key();
		CountDownLatch start = new CountDownLatch(1);
		List<Future<Boolean>> claims = new ArrayList<>();
		for (long token = 1; token <= 6; token++) {
			long mine = token;
			claims.add(this.pool.submit(() -> {
				start.await();
				try {
					// as a fenced method's call does: the row before the transaction, the claim in it
					this.fences.prepare(List.of(key));
					this.transactions.executeWithoutResult((status) -> this.fences.claim(key, mine));
					return true;
				}
				catch (FencedOffException refused) {
					return false;
				}
			}));
		}
		start.countDown();
		int passed = 0;
		for (Future<Boolean> claim : claims) {
			passed += claim.get(30, TimeUnit.SECONDS) ? 1 : 0;
		}
		assertThat(passed).isBetween(1, 6);
		assertThat(this.fences.current(key)).isEqualTo(OptionalLong.of(6));
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM test_lock_fence WHERE lock_key = ?", Integer.class, key))
			.isEqualTo(1);
	}

	@Test
	void theClaimTakesTheRowLockSoANewerHolderWaitsAndReadsWhatTheOlderOneWrote() throws Exception {
		String key = key();
		long row = System.nanoTime();
		this.jdbc.update("INSERT INTO test_fenced_stock (id, stock) VALUES (?, 10)", row);
		this.fences.claim(key, 1);
		CountDownLatch olderClaimed = new CountDownLatch(1);
		CountDownLatch olderMayCommit = new CountDownLatch(1);
		Future<?> older = this.pool.submit(() -> this.transactions.executeWithoutResult((status) -> {
			this.fences.claim(key, 2);
			olderClaimed.countDown();
			await(olderMayCommit);
			this.jdbc.update("UPDATE test_fenced_stock SET stock = stock - 1 WHERE id = ?", row);
		}));
		assertThat(olderClaimed.await(10, TimeUnit.SECONDS)).isTrue();
		CompletableFuture<Integer> newer = CompletableFuture.supplyAsync(() -> this.transactions.execute((status) -> {
			this.fences.claim(key, 3);
			Integer stock = this.jdbc.queryForObject("SELECT stock FROM test_fenced_stock WHERE id = ?", Integer.class, row);
			this.jdbc.update("UPDATE test_fenced_stock SET stock = ? WHERE id = ?", stock - 1, row);
			return stock;
		}), this.pool);
		Thread.sleep(Duration.ofMillis(500).toMillis());
		assertThat(newer).as("the newer holder's claim while the older holder's transaction is open").isNotDone();
		olderMayCommit.countDown();
		older.get(10, TimeUnit.SECONDS);
		assertThat(newer.get(10, TimeUnit.SECONDS)).as("the stock the newer holder read").isEqualTo(9);
		assertThat(this.jdbc.queryForObject("SELECT stock FROM test_fenced_stock WHERE id = ?", Integer.class, row))
			.isEqualTo(8);
	}

	@Test
	void aKeyOrTokenTheTableCannotHoldIsRefusedBeforeTheDatabaseIsAsked() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.fences.claim(" ", 1)).withMessageContaining("blank");
		assertThatIllegalArgumentException().isThrownBy(() -> this.fences.claim("k".repeat(513), 1))
			.withMessageContaining("513 characters");
		assertThatIllegalArgumentException().isThrownBy(() -> this.fences.claim(key(), 0))
			.withMessageContaining("positive");
		assertThatIllegalArgumentException().isThrownBy(() -> new JdbcFences(this.jdbc, "fences; DROP TABLE x"))
			.withMessageContaining("not a plain SQL name");
	}

	private static String key() {
		return "fence-" + System.nanoTime() + "-" + keys.incrementAndGet();
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
