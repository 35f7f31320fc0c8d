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
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import io.github.distlock.core.FencedOffException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What {@link FencedJdbc} does to rows of a real database of each kind, for holders of real
 * (in-memory) locks, the older one's lock given up before the newer one took it: the holder's
 * write raises the rows' fence to its token; an older holder's write over a newer fence is
 * refused naming the key and both tokens, and changes nothing once its transaction rolls back;
 * also when its transaction read the row before the newer one wrote (the refusal is read with a
 * locking read, not from the transaction's snapshot); the same holder writes again and a newer one over it; a condition that matches no row writes
 * nothing and returns 0; a delete is guarded likewise; and the parameters of the assignments and
 * of the condition land where they belong.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class FencedJdbcContractTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final AtomicLong ids = new AtomicLong(System.nanoTime() % 1_000_000_000L * 1_000);

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryLockBackend backend = new InMemoryLockBackend(this.service);

	private final LockEngine engine = new LockEngine(this.backend, new LockListener() {
	}, LockEngine.Options.DEFAULTS);

	private final LockTemplate locks = new LockTemplate(this.engine);

	private JdbcTemplate jdbc;

	private FencedJdbc fenced;

	private TransactionTemplate transactions;

	/** A data source of the database under test; the test is skipped when it cannot be reached. */
	protected abstract DataSource dataSource();

	@BeforeAll
	void createTable() {
		DataSource dataSource = dataSource();
		this.jdbc = new JdbcTemplate(dataSource);
		this.fenced = new FencedJdbc(this.jdbc);
		this.transactions = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
		this.jdbc.execute("DROP TABLE IF EXISTS test_fenced_rows");
		this.jdbc.execute("CREATE TABLE test_fenced_rows (id BIGINT NOT NULL PRIMARY KEY, grp BIGINT NOT NULL,"
				+ " name VARCHAR(100) NOT NULL, stock INT NOT NULL, fence BIGINT NOT NULL DEFAULT 0)");
	}

	@AfterAll
	void dropTable() {
		if (this.jdbc != null) {
			this.jdbc.execute("DROP TABLE IF EXISTS test_fenced_rows");
		}
		this.engine.close();
		this.backend.close();
	}

	@Test
	void theHoldersWriteRaisesTheRowsFenceToItsToken() {
		long id = newRow(0, 10);
		LockHandle lock = lock(id);
		assertThat(this.fenced.update(lock, "UPDATE test_fenced_rows SET stock = ? WHERE id = ?", 9, id)).isEqualTo(1);
		assertThat(row(id)).containsEntry("stock", 9).containsEntry("fence", lock.fencingToken());
		lock.close();
	}

	@Test
	void anOlderHoldersWriteOverANewerFenceIsRefusedNamingTheKeyAndBothTokensAndChangesNothing() {
		long id = newRow(0, 10);
		LockHandle older = lockedThenReleased(id);
		try (LockHandle newer = lock(id)) {
			this.fenced.update(newer, "UPDATE test_fenced_rows SET stock = ? WHERE id = ?", 8, id);
			assertThatExceptionOfType(FencedOffException.class)
				.isThrownBy(() -> this.fenced.update(older, "UPDATE test_fenced_rows SET stock = ? WHERE id = ?", 9, id))
				.satisfies((refused) -> {
					assertThat(refused.getKey()).isEqualTo(key(id));
					assertThat(refused.getToken()).isEqualTo(older.fencingToken());
					assertThat(refused.getFence()).isEqualTo(newer.fencingToken());
				})
				.withMessageContaining("'" + key(id) + "'")
				.withMessageContaining("token " + older.fencingToken())
				.withMessageContaining("token " + newer.fencingToken());
			assertThat(row(id)).containsEntry("stock", 8).containsEntry("fence", newer.fencingToken());
		}
	}

	@Test
	void aWriteReachingARowThatANewerHolderFencedFailsAndItsTransactionRollsBackTheRowsItDidWrite() {
		long group = ids.incrementAndGet();
		long unfenced = newRow(group, 10);
		long fencedByNewer = newRow(group, 10);
		LockHandle older = lockedThenReleased(group);
		try (LockHandle newer = lock(group)) {
			this.fenced.update(newer, "UPDATE test_fenced_rows SET stock = ? WHERE id = ?", 7, fencedByNewer);
			assertThatExceptionOfType(FencedOffException.class)
				.isThrownBy(() -> this.transactions.executeWithoutResult((status) -> this.fenced.update(older,
						"UPDATE test_fenced_rows SET stock = stock - 1 WHERE grp = ?", group)))
				.satisfies((refused) -> assertThat(refused.getFence()).isEqualTo(newer.fencingToken()));
			assertThat(row(unfenced)).containsEntry("stock", 10).containsEntry("fence", 0L);
			assertThat(row(fencedByNewer)).containsEntry("stock", 7);
		}
	}

	@Test
	void anOlderHolderWhoseTransactionReadTheRowBeforeTheNewerOneWroteIsStillRefused() {
		long id = newRow(0, 10);
		LockHandle older = lockedThenReleased(id);
		try (LockHandle newer = lock(id)) {
			assertThatExceptionOfType(FencedOffException.class)
				.isThrownBy(() -> this.transactions.executeWithoutResult((status) -> {
					// the older holder's read: on MariaDB it fixes the snapshot its later plain reads see
					Integer stock = this.jdbc.queryForObject("SELECT stock FROM test_fenced_rows WHERE id = ?",
							Integer.class, id);
					// the newer holder writes and commits on a connection of its own meanwhile
					CompletableFuture.runAsync(() -> this.fenced.update(newer,
							"UPDATE test_fenced_rows SET stock = ? WHERE id = ?", 3, id)).join();
					this.fenced.update(older, "UPDATE test_fenced_rows SET stock = ? WHERE id = ?", stock - 1, id);
				}))
				.satisfies((refused) -> assertThat(refused.getFence()).isEqualTo(newer.fencingToken()));
			assertThat(row(id)).containsEntry("stock", 3);
		}
	}

	@Test
	void theSameHolderWritesTwiceAndANewerHolderWritesOverAnOlderFence() {
		long id = newRow(0, 10);
		LockHandle older = lockedThenReleased(id);
		this.fenced.update(older, "UPDATE test_fenced_rows SET stock = stock - 1 WHERE id = ?", id);
		this.fenced.update(older, "UPDATE test_fenced_rows SET stock = stock - 1 WHERE id = ?", id);
		assertThat(row(id)).containsEntry("stock", 8).containsEntry("fence", older.fencingToken());
		try (LockHandle newer = lock(id)) {
			assertThat(this.fenced.update(newer, "UPDATE test_fenced_rows SET stock = stock - 1 WHERE id = ?", id))
				.isEqualTo(1);
			assertThat(row(id)).containsEntry("stock", 7).containsEntry("fence", newer.fencingToken());
		}
	}

	@Test
	void aConditionThatMatchesNoRowWritesNothingAndReturnsZero() {
		long absent = ids.incrementAndGet();
		try (LockHandle lock = lock(absent)) {
			assertThat(this.fenced.update(lock, "UPDATE test_fenced_rows SET stock = ? WHERE id = ?", 1, absent)).isZero();
			assertThat(this.fenced.update(lock, "DELETE FROM test_fenced_rows WHERE id = ?", absent)).isZero();
		}
	}

	@Test
	void aDeleteIsGuardedLikewise() {
		long id = newRow(0, 10);
		LockHandle older = lockedThenReleased(id);
		try (LockHandle newer = lock(id)) {
			this.fenced.update(newer, "UPDATE test_fenced_rows SET stock = 5 WHERE id = ?", id);
			assertThatExceptionOfType(FencedOffException.class)
				.isThrownBy(() -> this.fenced.update(older, "DELETE FROM test_fenced_rows WHERE id = ?", id))
				.satisfies((refused) -> assertThat(refused.getToken()).isEqualTo(older.fencingToken()));
			assertThat(row(id)).containsEntry("stock", 5);
			assertThat(this.fenced.update(newer, "delete from test_fenced_rows where id = ?", id)).isEqualTo(1);
			assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM test_fenced_rows WHERE id = ?", Integer.class, id))
				.isZero();
		}
	}

	@Test
	void theParametersOfTheAssignmentsAndOfTheConditionLandWhereTheyBelong() {
		long id = newRow(0, 10);
		try (LockHandle lock = lock(id)) {
			int written = this.fenced.update(lock,
					"UPDATE test_fenced_rows SET name = ?, stock = stock + ? WHERE id = ? AND name <> 'is it?' AND stock < ?",
					"renamed?", 5, id, 100);
			assertThat(written).isEqualTo(1);
			assertThat(row(id)).containsEntry("name", "renamed?")
				.containsEntry("stock", 15)
				.containsEntry("fence", lock.fencingToken());
			this.fenced.update(lock, "Update test_fenced_rows Set name = 'where? (x)' Where id = ?", id);
			assertThat(row(id)).containsEntry("name", "where? (x)");
		}
	}

	private long newRow(long group, int stock) {
		long id = ids.incrementAndGet();
		this.jdbc.update("INSERT INTO test_fenced_rows (id, grp, name, stock) VALUES (?, ?, ?, ?)", id, group,
				"item " + id, stock);
		return id;
	}

	private Map<String, Object> row(long id) {
		Map<String, Object> row = this.jdbc.queryForMap("SELECT name, stock, fence FROM test_fenced_rows WHERE id = ?", id);
		return Map.of("name", row.get(column(row, "name")), "stock", ((Number) row.get(column(row, "stock"))).intValue(),
				"fence", ((Number) row.get(column(row, "fence"))).longValue());
	}

	private static String column(Map<String, Object> row, String name) {
		return row.keySet().stream().filter(name::equalsIgnoreCase).findFirst().orElseThrow();
	}

	private LockHandle lock(long id) {
		return this.locks.acquire(key(id), WAIT);
	}

	/** A holder whose lock was given up, as one whose session ended while it paused: a newer one may take it. */
	private LockHandle lockedThenReleased(long id) {
		LockHandle older = lock(id);
		older.close();
		return older;
	}

	private static String key(long id) {
		return "rows:" + id;
	}

}
