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
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import io.github.distlock.core.FencedOffException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.fencing.FencedJdbc;
import io.github.distlock.fencing.JdbcFences;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.jdbc.datasource.init.ScriptUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Why the purchase claims its key's fence before it reads, and does not rely on guarding its
 * write alone: two holders of the {@code stock:901} lock, an older one whose lock was lost while
 * it paused and a newer one, with real (in-memory) locks and tokens, interleaved by hand on two
 * connections of a real database through the shipped {@link JdbcFences} and {@link FencedJdbc}.
 * With the write guard alone the older holder's late write lands between the newer holder's
 * read and write, both writes pass, and one sale is lost; with the claim first (what
 * {@code @DistributedLock(fenced = true)} and {@code purchaseHolding} do) the older holder
 * either finishes before the newer one reads, or is refused.
 */
abstract class AbstractFencingPatternTests {

	private static final long GOODS = 901;

	private static final String KEY = "stock:" + GOODS;

	private static final String WRITE = "UPDATE goods_stock SET stock = ? WHERE goods_no = ?";

	private final ExecutorService pool = Executors.newSingleThreadExecutor();

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryLockBackend backend = new InMemoryLockBackend(this.service);

	private final LockEngine engine = new LockEngine(this.backend, new LockListener() {
	}, LockEngine.Options.DEFAULTS);

	private DataSource dataSource;

	private Connection olderConnection;

	private Connection newerConnection;

	/** The older holder: its lock given up (as if its session ended while it paused). */
	private LockHandle older;

	/** The newer holder, who took the lock after it. */
	private LockHandle newer;

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
		new GoodsStockRepository(JdbcClient.create(this.dataSource), new FencedJdbc(new JdbcTemplate(this.dataSource)))
			.reset(GOODS, 10, true);
		JdbcFences fences = new JdbcFences(this.dataSource);
		fences.forget(KEY);
		// the key's fence row made before the holders' transactions, as a fenced call does
		fences.prepare(List.of(KEY));
		LockTemplate locks = new LockTemplate(this.engine);
		this.older = locks.acquire(KEY, Duration.ofSeconds(10));
		this.older.close();
		this.newer = locks.acquire(KEY, Duration.ofSeconds(10));
		this.olderConnection = holderConnection();
		this.newerConnection = holderConnection();
	}

	@AfterEach
	void close() throws Exception {
		this.pool.shutdownNow();
		this.olderConnection.close();
		this.newerConnection.close();
		this.newer.close();
		this.engine.close();
		this.backend.close();
	}

	@Test
	void theWriteGuardAloneLetsALateOlderHolderLoseASale() throws Exception {
		// the older holder read 10 before it paused; the newer holder reads 10 too
		int olderRead = stock(this.olderConnection);
		int newerRead = stock(this.newerConnection);
		// the older holder resumes and writes: no newer token has written yet, so it passes
		assertThat(fencedJdbc(this.olderConnection).update(this.older, WRITE, olderRead - 1, GOODS)).isOne();
		this.olderConnection.commit();
		// the newer holder writes from its stale read: its token is greater, so it passes too
		assertThat(fencedJdbc(this.newerConnection).update(this.newer, WRITE, newerRead - 1, GOODS)).isOne();
		this.newerConnection.commit();
		assertThat(stock()).as("two sales, one decrement: a lost update").isEqualTo(9);
	}

	@Test
	void anOlderHolderThatClaimedFirstFinishesBeforeTheNewerOneReads() throws Exception {
		fences(this.olderConnection).claim(KEY, this.older.fencingToken());
		int olderRead = stock(this.olderConnection);
		// the newer holder's claim waits for the older holder's lock of the fence row
		Future<Integer> newerSale = this.pool.submit(() -> {
			fences(this.newerConnection).claim(KEY, this.newer.fencingToken());
			int newerRead = stock(this.newerConnection);
			int written = fencedJdbc(this.newerConnection).update(this.newer, WRITE, newerRead - 1, GOODS);
			this.newerConnection.commit();
			return written;
		});
		assertThat(fencedJdbc(this.olderConnection).update(this.older, WRITE, olderRead - 1, GOODS)).isOne();
		this.olderConnection.commit();
		assertThat(newerSale.get(30, TimeUnit.SECONDS)).isOne();
		assertThat(stock()).as("two sales, two decrements").isEqualTo(8);
	}

	@Test
	void anOlderHolderThatClaimsAfterTheNewerOneIsRefused() throws Exception {
		fences(this.newerConnection).claim(KEY, this.newer.fencingToken());
		int newerRead = stock(this.newerConnection);
		// the older holder resumes and claims: it waits for the newer holder's lock of the fence row, then is refused
		Future<Object> olderClaim = this.pool.submit(() -> {
			try {
				fences(this.olderConnection).claim(KEY, this.older.fencingToken());
				return "claimed";
			}
			catch (FencedOffException refused) {
				return refused;
			}
			finally {
				this.olderConnection.rollback();
			}
		});
		assertThat(fencedJdbc(this.newerConnection).update(this.newer, WRITE, newerRead - 1, GOODS)).isOne();
		this.newerConnection.commit();
		assertThat(olderClaim.get(30, TimeUnit.SECONDS)).isInstanceOfSatisfying(FencedOffException.class,
				(refused) -> assertThat(refused.getFence()).isEqualTo(this.newer.fencingToken()));
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

	private static JdbcFences fences(Connection connection) {
		return new JdbcFences(new JdbcTemplate(new SingleConnectionDataSource(connection, true)),
				JdbcFences.DEFAULT_TABLE);
	}

	private static FencedJdbc fencedJdbc(Connection connection) {
		return new FencedJdbc(new JdbcTemplate(new SingleConnectionDataSource(connection, true)));
	}

	private static int stock(Connection connection) {
		return JdbcClient.create(new SingleConnectionDataSource(connection, true))
			.sql("SELECT stock FROM goods_stock WHERE goods_no = ? AND is_active = TRUE")
			.param(GOODS)
			.query(Integer.class)
			.single();
	}

	private int stock() {
		return JdbcClient.create(this.dataSource)
			.sql("SELECT stock FROM goods_stock WHERE goods_no = ?")
			.param(GOODS)
			.query(Integer.class)
			.single();
	}

}
