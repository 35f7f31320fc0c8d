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
import java.util.List;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.FencedOffException;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link FencedJdbc} with the lock the calling thread holds, taken through {@link LockTemplate}
 * on the in-memory backend, on an H2 database; and the statements it refuses, each named in the
 * error with what is wrong.
 */
class FencedJdbcTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryLockBackend backend = new InMemoryLockBackend(this.service);

	private final LockEngine engine = new LockEngine(this.backend, new LockListener() {
	}, LockEngine.Options.DEFAULTS);

	private final LockTemplate locks = new LockTemplate(this.engine);

	private JdbcTemplate jdbc;

	private FencedJdbc fenced;

	@BeforeEach
	void createTable() {
		this.jdbc = new JdbcTemplate(
				new DriverManagerDataSource("jdbc:h2:mem:fenced-jdbc-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1", "sa", ""));
		this.jdbc.execute("CREATE TABLE stock (id BIGINT PRIMARY KEY, amount INT NOT NULL, fence BIGINT NOT NULL DEFAULT 0)");
		this.jdbc.update("INSERT INTO stock (id, amount) VALUES (1, 10)");
		this.fenced = new FencedJdbc(this.jdbc);
	}

	@AfterEach
	void close() {
		this.jdbc.execute("SHUTDOWN");
		this.engine.close();
		this.backend.close();
	}

	@Test
	void aWriteInsideTheLockIsFencedWithTheTokenOfTheLockTheThreadHolds() {
		long token = this.locks.execute("stock:1", WAIT, () -> {
			assertThat(this.fenced.update("UPDATE stock SET amount = amount - 1 WHERE id = ?", 1)).isEqualTo(1);
			return LockContext.current().fencingToken();
		});
		assertThat(this.jdbc.queryForObject("SELECT fence FROM stock WHERE id = 1", Long.class)).isEqualTo(token);
		this.jdbc.update("UPDATE stock SET fence = ? WHERE id = 1", token + 1_000_000);
		assertThatExceptionOfType(FencedOffException.class)
			.isThrownBy(() -> this.locks.execute("stock:1", WAIT,
					() -> this.fenced.update("UPDATE stock SET amount = 0 WHERE id = ?", 1)))
			.withMessageContaining("'stock:1'");
		assertThat(this.jdbc.queryForObject("SELECT amount FROM stock WHERE id = 1", Integer.class)).isEqualTo(9);
	}

	@Test
	void aWriteWithoutAHeldLockOrWithSeveralIsRefusedSayingWhatToDo() {
		assertThatIllegalStateException().isThrownBy(() -> this.fenced.update("DELETE FROM stock WHERE id = ?", 1))
			.withMessageContaining("'DELETE FROM stock WHERE id = ?'")
			.withMessageContaining("holds none")
			.withMessageContaining("update(lock, sql, args)");
		assertThatIllegalStateException()
			.isThrownBy(() -> this.locks.executeAll(List.of("stock:1", "stock:2"), WAIT,
					() -> this.fenced.update("DELETE FROM stock WHERE id = ?", 1)))
			.withMessageContaining("holds 2 (stock:1, stock:2)");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM stock", Integer.class)).isEqualTo(1);
	}

	@Test
	void aLockWithSeveralHoldersAtOnceCannotFenceAWrite() {
		try (LockHandle read = this.locks.acquire("stock:1", WAIT, LockType.READ)) {
			assertThatIllegalArgumentException()
				.isThrownBy(() -> this.fenced.update(read, "UPDATE stock SET amount = 0 WHERE id = ?", 1))
				.withMessageContaining("'stock:1' is a READ lock");
		}
	}

	@Test
	void statementsOfOtherShapesAreRefusedNamingTheSql() {
		try (LockHandle lock = this.locks.acquire("stock:1", WAIT)) {
			refused(lock, "INSERT INTO stock (id, amount) VALUES (?, 1)", "is not of a shape", 2);
			refused(lock, "SELECT amount FROM stock WHERE id = ?", "is not of a shape", 1);
			refused(lock, "UPDATE stock SET amount = 0", "has no WHERE");
			refused(lock, "UPDATE stock SET amount = (SELECT 1 FROM stock WHERE id = 1)", "has no WHERE");
			refused(lock, "DELETE FROM stock", "is not of a shape");
			refused(lock, "DELETE FROM stock WHERE id = 1; DELETE FROM stock WHERE id = 2", "';' or a comment");
			refused(lock, "DELETE FROM stock WHERE id = 1 -- all", "';' or a comment");
			refused(lock, "UPDATE stock SET amount = 0, fence = 0 WHERE id = 1", "sets the fence column 'fence'");
			refused(lock, "UPDATE stock SET amount = 0 WHERE id = 1 LIMIT 1", "has LIMIT after its WHERE");
			refused(lock, "UPDATE stock SET amount = ? WHERE id = ?", "has 2 '?' placeholders, but 1 arguments", 0);
			refused(lock, "UPDATE stock SET amount = 'open WHERE id = 1", "Unclosed '");
		}
		assertThatIllegalArgumentException().isThrownBy(() -> new FencedJdbc(this.jdbc, "fence; DROP TABLE stock"))
			.withMessageContaining("'fence; DROP TABLE stock' is not a plain SQL name");
		assertThat(this.jdbc.queryForObject("SELECT amount FROM stock WHERE id = 1", Integer.class)).isEqualTo(10);
	}

	@Test
	void aFenceColumnOfAnotherNameIsTheOneGuarded() {
		this.jdbc.execute("CREATE TABLE ledger (id BIGINT PRIMARY KEY, total INT NOT NULL, writer_token BIGINT NOT NULL DEFAULT 0)");
		this.jdbc.update("INSERT INTO ledger (id, total) VALUES (1, 0)");
		FencedJdbc ledger = new FencedJdbc(this.jdbc, "writer_token");
		long token = this.locks.execute("ledger:1", WAIT, () -> {
			ledger.update("UPDATE ledger SET total = total + ? WHERE id = ?", 5, 1);
			return LockContext.current().fencingToken();
		});
		assertThat(this.jdbc.queryForObject("SELECT writer_token FROM ledger WHERE id = 1", Long.class)).isEqualTo(token);
	}

	private void refused(LockHandle lock, String sql, String reason, Object... args) {
		assertThatIllegalArgumentException().isThrownBy(() -> this.fenced.update(lock, sql, args))
			.withMessageContaining("'" + sql + "'")
			.withMessageContaining(reason);
	}

}
