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

package io.github.distlock.sample;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.jdbc.datasource.init.ScriptUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Why the sample claims its row with the fencing token before it reads: two lock holders,
 * an older one (token 1) whose lock was lost while it paused and a newer one (token 2),
 * interleaved by hand on two connections of a real database. With a write-only fence the
 * older holder's late write lands between the newer holder's read and write, both writes pass,
 * and one sale is lost; with the claim pattern (the repository methods the purchase uses) the
 * older holder either finishes before the newer one reads, or is refused.
 */
abstract class AbstractFencingPatternTests {

	private static final long GOODS = 901;

	private static final long OLDER = 1;

	private static final long NEWER = 2;

	private final ExecutorService pool = Executors.newSingleThreadExecutor();

	private DataSource dataSource;

	private Connection olderConnection;

	private Connection newerConnection;

	private GoodsStockRepository older;

	private GoodsStockRepository newer;

	protected abstract String jdbcUrl();

	protected abstract String username();

	protected abstract String password();

	/** Sets a lock wait far above this test's steps, and far below a hang. */
	protected abstract void boundLockWaits(Statement statement) throws SQLException;

	@BeforeEach
	void prepare() throws Exception {
		this.dataSource = new DriverManagerDataSource(jdbcUrl(), username(), password());
		try (Connection connection = this.dataSource.getConnection()) {
			ScriptUtils.executeSqlScript(connection, new ClassPathResource("schema.sql"));
		}
		new GoodsStockRepository(JdbcClient.create(this.dataSource)).reset(GOODS, 10, true);
		this.olderConnection = holderConnection();
		this.newerConnection = holderConnection();
		this.older = repository(this.olderConnection);
		this.newer = repository(this.newerConnection);
	}

	@AfterEach
	void close() throws Exception {
		this.pool.shutdownNow();
		this.olderConnection.close();
		this.newerConnection.close();
	}

	@Test
	void writeOnlyFenceLetsALateOlderHolderLoseASale() throws Exception {
		String fencedWrite = "UPDATE goods_stock SET stock = ?, fence = ? WHERE goods_no = ? AND fence < ?";
		// the older holder read 10 before it paused; the newer holder reads 10 too
		int olderRead = this.older.findActiveStock(GOODS).orElseThrow();
		int newerRead = this.newer.findActiveStock(GOODS).orElseThrow();
		// the older holder resumes and writes: no later token has written yet, so it passes
		assertThat(jdbc(this.olderConnection).sql(fencedWrite).params(olderRead - 1, OLDER, GOODS, OLDER).update())
			.isOne();
		this.olderConnection.commit();
		// the newer holder writes from its stale read: its token is greater, so it passes too
		assertThat(jdbc(this.newerConnection).sql(fencedWrite).params(newerRead - 1, NEWER, GOODS, NEWER).update())
			.isOne();
		this.newerConnection.commit();
		assertThat(stock()).as("two sales, one decrement: a lost update").isEqualTo(9);
	}

	@Test
	void olderHolderThatClaimedFirstFinishesBeforeTheNewerOneReads() throws Exception {
		assertThat(this.older.claim(GOODS, OLDER)).isOne();
		int olderRead = this.older.findActiveStock(GOODS).orElseThrow();
		// the newer holder's claim waits for the older holder's row lock
		Future<Integer> newerSale = this.pool.submit(() -> {
			if (this.newer.claim(GOODS, NEWER) != 1) {
				return -1;
			}
			int newerRead = this.newer.findActiveStock(GOODS).orElseThrow();
			int written = this.newer.updateStockClaimed(GOODS, newerRead - 1, NEWER);
			this.newerConnection.commit();
			return written;
		});
		assertThat(this.older.updateStockClaimed(GOODS, olderRead - 1, OLDER)).isOne();
		this.olderConnection.commit();
		assertThat(newerSale.get(30, TimeUnit.SECONDS)).isOne();
		assertThat(stock()).as("two sales, two decrements").isEqualTo(8);
	}

	@Test
	void olderHolderThatClaimsAfterTheNewerOneIsRefused() throws Exception {
		assertThat(this.newer.claim(GOODS, NEWER)).isOne();
		int newerRead = this.newer.findActiveStock(GOODS).orElseThrow();
		// the older holder resumes and claims: it waits for the newer holder's row lock, then is refused
		Future<Integer> olderClaim = this.pool.submit(() -> {
			int claimed = this.older.claim(GOODS, OLDER);
			this.olderConnection.rollback();
			return claimed;
		});
		assertThat(this.newer.updateStockClaimed(GOODS, newerRead - 1, NEWER)).isOne();
		this.newerConnection.commit();
		assertThat(olderClaim.get(30, TimeUnit.SECONDS)).isZero();
		assertThat(stock()).as("one sale, one decrement").isEqualTo(9);
	}

	private Connection holderConnection() throws SQLException {
		Connection connection = this.dataSource.getConnection();
		connection.setAutoCommit(false);
		connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
		try (Statement statement = connection.createStatement()) {
			boundLockWaits(statement);
		}
		return connection;
	}

	private static GoodsStockRepository repository(Connection connection) {
		return new GoodsStockRepository(jdbc(connection));
	}

	private static JdbcClient jdbc(Connection connection) {
		return JdbcClient.create(new SingleConnectionDataSource(connection, true));
	}

	private int stock() {
		return new GoodsStockRepository(JdbcClient.create(this.dataSource)).findStock(GOODS).orElseThrow();
	}

}
