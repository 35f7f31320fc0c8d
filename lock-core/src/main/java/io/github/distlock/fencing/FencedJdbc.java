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
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.FencedOffException;
import io.github.distlock.core.LockContext;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.JdbcOperations;

/**
 * Writes to the application's own rows guarded by a fence column: each row carries the token of
 * the last holder that wrote it, and a write of a holder whose token is lower is refused with
 * {@link FencedOffException}. A holder whose lock was lost while it paused therefore cannot
 * overwrite what a newer holder wrote, whatever it read before.
 * <pre>
 * // inside a @DistributedLock(key = "'stock:' + #goodsNo") method, goods_stock having a fence column
 * fencedJdbc.update("UPDATE goods_stock SET stock = ? WHERE goods_no = ?", stock - 1, goodsNo);
 * </pre>
 * runs {@code UPDATE goods_stock SET stock = ?, fence = ? WHERE (goods_no = ?) AND fence <= ?}
 * with the lock's token, which also raises the rows' fence to it. A {@code DELETE FROM … WHERE …}
 * is guarded likewise (without a fence to raise). When a row the condition matches is fenced by
 * a greater token, the write fails with {@link FencedOffException} (read with a locking read,
 * so what another transaction committed counts): throw it on, and the holder's transaction
 * rolls back whatever the write did to other rows. When no row matches the condition at all,
 * the write returns 0.
 * <p>
 * The column is a {@code BIGINT NOT NULL DEFAULT 0} of the table written (named {@value #DEFAULT_COLUMN}
 * unless named otherwise). Statements are rewritten once and kept (a bounded number of them).
 * The fence of a whole key before a transaction reads anything is {@link JdbcFences}'s claim,
 * which {@code @DistributedLock(fenced = true)} makes: the two go together, the claim so that
 * an older holder is refused before it reads, this guard on the rows themselves.
 *
 * @since 0.1.0
 */
public class FencedJdbc {

	/** The fence column's name unless another is given. */
	public static final String DEFAULT_COLUMN = "fence";

	private static final Pattern COLUMN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

	private static final int CACHED_STATEMENTS = 256;

	private final JdbcOperations jdbc;

	private final String column;

	/** Rewritten statements by the application's SQL, forgotten all at once past {@link #CACHED_STATEMENTS}. */
	private final Map<String, FencedStatement> statements = new ConcurrentHashMap<>();

	/**
	 * Creates the guard of tables with a {@value #DEFAULT_COLUMN} column.
	 * @param jdbc the JDBC access to the database (the writes run in the transaction bound to the
	 * calling thread, as Spring's JDBC support gives it)
	 */
	public FencedJdbc(JdbcOperations jdbc) {
		this(jdbc, DEFAULT_COLUMN);
	}

	/**
	 * Creates the guard of tables with a fence column of another name.
	 * @param jdbc the JDBC access to the database
	 * @param fenceColumn the fence column's name
	 * @throws IllegalArgumentException if the column name is not a plain SQL name
	 */
	public FencedJdbc(JdbcOperations jdbc, String fenceColumn) {
		this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
		if (fenceColumn == null || !COLUMN_NAME.matcher(fenceColumn).matches()) {
			throw new IllegalArgumentException("Fence column name '" + fenceColumn
					+ "' is not a plain SQL name (letters, digits and underscores)");
		}
		this.column = fenceColumn;
	}

	/**
	 * The fence column's name.
	 * @return the name
	 */
	public String getFenceColumn() {
		return this.column;
	}

	/**
	 * Writes rows guarded by the token of the one lock the calling thread holds (inside a
	 * {@code @DistributedLock} method or a {@code LockOperations} callback).
	 * @param sql {@code UPDATE <table> SET <assignments> WHERE <condition>} or
	 * {@code DELETE FROM <table> WHERE <condition>}, with {@code ?} placeholders
	 * @param args the placeholders' values, in order
	 * @return the number of rows written: 0 when no row matches the condition
	 * @throws FencedOffException if a row the condition matches is fenced by a greater token
	 * @throws IllegalStateException if the calling thread holds no lock or several
	 * @throws IllegalArgumentException for SQL of another shape, or arguments that do not match
	 * its placeholders
	 * @throws org.springframework.dao.DataAccessException if the database fails
	 */
	public int update(String sql, @Nullable Object... args) {
		return update(heldLock(sql), sql, args);
	}

	/**
	 * Writes rows guarded by a lock's token.
	 * @param lock the lock the caller holds, whose key names it in a refusal
	 * @param sql {@code UPDATE <table> SET <assignments> WHERE <condition>} or
	 * {@code DELETE FROM <table> WHERE <condition>}, with {@code ?} placeholders
	 * @param args the placeholders' values, in order
	 * @return the number of rows written: 0 when no row matches the condition
	 * @throws FencedOffException if a row the condition matches is fenced by a greater token
	 * @throws IllegalArgumentException for SQL of another shape, arguments that do not match
	 * its placeholders, or a lock with several holders at once
	 * @throws org.springframework.dao.DataAccessException if the database fails
	 */
	public int update(AcquiredLock lock, String sql, @Nullable Object... args) {
		Objects.requireNonNull(lock, "lock");
		if (!lock.type().isExclusive()) {
			throw new IllegalArgumentException("Lock '" + lock.key() + "' is a " + lock.type()
					+ " lock, with several holders at once: a fenced write needs MUTEX, SEMAPHORE_MUTEX or WRITE");
		}
		Object[] values = (args != null) ? args : new Object[0];
		FencedStatement statement = statement(sql);
		long token = lock.fencingToken();
		int written = this.jdbc.update(statement.write(), statement.writeArguments(sql, values, token));
		List<Long> fences = this.jdbc.queryForList(statement.check(), Long.class,
				statement.checkArguments(values, token));
		if (!fences.isEmpty()) {
			throw new FencedOffException(lock.key(), token, fences.stream().mapToLong(Long::longValue).max().getAsLong());
		}
		return written;
	}

	private FencedStatement statement(String sql) {
		FencedStatement statement = this.statements.get(sql);
		if (statement == null) {
			statement = FencedStatement.of(sql, this.column);
			if (this.statements.size() >= CACHED_STATEMENTS) {
				this.statements.clear();
			}
			this.statements.put(sql, statement);
		}
		return statement;
	}

	private static AcquiredLock heldLock(String sql) {
		List<AcquiredLock> held = LockContext.all();
		if (held.size() == 1) {
			return held.get(0);
		}
		if (held.isEmpty()) {
			throw new IllegalStateException("FencedJdbc.update(sql, args) of '" + sql
					+ "' needs the lock the calling thread holds, but it holds none: call it inside a"
					+ " @DistributedLock method or a LockOperations callback, or pass the lock to update(lock, sql, args)");
		}
		throw new IllegalStateException("FencedJdbc.update(sql, args) of '" + sql + "' needs the one lock the"
				+ " calling thread holds, but it holds " + held.size() + " ("
				+ held.stream().map(AcquiredLock::key).collect(Collectors.joining(", "))
				+ "): pass the lock that guards these rows to update(lock, sql, args)");
	}

}
