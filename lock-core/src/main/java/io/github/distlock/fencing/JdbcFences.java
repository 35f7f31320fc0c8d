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

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import io.github.distlock.core.FencedOffException;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Fences of lock keys in a table of the application's database: a holder claims its key's
 * fence with its fencing token at the start of its transaction, and a holder whose token is
 * lower than one that claimed it already is refused. A lock that another process took while its
 * first holder was paused, cut off or past its session therefore cannot let both write: the
 * later holder's claim raises the fence, and the earlier one's claim or guarded write fails with
 * {@link FencedOffException}.
 * <p>
 * The claim is one {@code UPDATE … SET token = ? WHERE lock_key = ? AND token <= ?} on the
 * connection of the caller's transaction (the first claim of a key inserts its row first, which
 * {@link #prepare} does better before the transaction). In a
 * transaction it also takes the row's lock until the transaction ends, so an older holder that
 * claimed first commits or rolls back before a newer one's claim returns, and the newer one then
 * reads what the older one wrote. Outside a transaction it is an atomic compare-and-set, and
 * takes no lock for later.
 * <p>
 * The table ({@value #DEFAULT_TABLE} unless named otherwise) has a key column of at most
 * {@value FenceDialect#MAX_KEY_LENGTH} characters and a token column; {@link #createTable()}
 * makes it on H2, MariaDB, MySQL and PostgreSQL (and other databases with standard SQL), or a
 * migration of the application's does:
 * <pre>
 * CREATE TABLE distributed_lock_fence (lock_key VARCHAR(512) NOT NULL PRIMARY KEY, token BIGINT NOT NULL)
 * </pre>
 *
 * @since 0.1.0
 */
public class JdbcFences {

	/** The table's name unless another is given. */
	public static final String DEFAULT_TABLE = "distributed_lock_fence";

	private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

	private final JdbcOperations jdbc;

	private final String table;

	private final String claim;

	private final String read;

	private final String delete;

	private volatile @Nullable FenceDialect dialect;

	/** Keys whose rows are known to exist, forgotten all at once past {@link #KNOWN_KEYS}. */
	private final Set<String> known = ConcurrentHashMap.newKeySet();

	private static final int KNOWN_KEYS = 10_000;

	/**
	 * Creates the fences of a database, in {@value #DEFAULT_TABLE}.
	 * @param dataSource the database (the claim runs on the connection of the transaction bound
	 * to the calling thread, as Spring's JDBC support gives it)
	 */
	public JdbcFences(DataSource dataSource) {
		this(new JdbcTemplate(dataSource), DEFAULT_TABLE);
	}

	/**
	 * Creates the fences of a database.
	 * @param jdbc the JDBC access to the database
	 * @param table the table's name, optionally qualified by its schema
	 * @throws IllegalArgumentException if the table name is not a plain SQL name
	 */
	public JdbcFences(JdbcOperations jdbc, String table) {
		this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
		if (!TABLE_NAME.matcher(table).matches()) {
			throw new IllegalArgumentException("Fence table name '" + table
					+ "' is not a plain SQL name (letters, digits and underscores, optionally schema.table)");
		}
		this.table = table;
		this.claim = "UPDATE " + table + " SET token = ? WHERE lock_key = ? AND token <= ?";
		this.read = "SELECT token FROM " + table + " WHERE lock_key = ?";
		this.delete = "DELETE FROM " + table + " WHERE lock_key = ?";
	}

	/**
	 * The table's name.
	 * @return the name
	 */
	public String getTable() {
		return this.table;
	}

	/**
	 * Claims the fence of a lock key with a holder's fencing token, in the caller's transaction:
	 * from then on a lower token's claim is refused. The holder of the token that holds the fence
	 * may claim it again (a nested call, a retry).
	 * @param key the lock key
	 * @param token the holder's fencing token, positive
	 * @throws FencedOffException if a greater token has claimed the fence
	 * @throws IllegalArgumentException for a blank key, a key longer than the table holds, or a
	 * token below 1
	 * @throws org.springframework.dao.DataAccessException if the database fails
	 */
	public void claim(String key, long token) {
		checkKey(key);
		if (token < 1) {
			throw new IllegalArgumentException("A fencing token is positive, but the claim of '" + key + "' gave "
					+ token);
		}
		if (update(key, token)) {
			return;
		}
		insertIfAbsent(key);
		if (update(key, token)) {
			return;
		}
		throw new FencedOffException(key, token, current(key).orElse(token));
	}

	/**
	 * Makes the rows of keys that have none, each with a token of 0, in the caller's transaction
	 * if there is one and autocommitted otherwise: call it before the transaction that claims
	 * them. On MariaDB and MySQL (repeatable read), concurrent transactions that each claim a key
	 * with no row yet can deadlock on the key's gap, and the database rolls one of them back;
	 * once the row exists a claim locks that row only. A fenced method's call prepares its keys
	 * before its transaction begins. Keys prepared lately are remembered, and cost nothing.
	 * @param keys the lock keys
	 * @throws IllegalArgumentException for a blank key or one longer than the table holds
	 * @throws org.springframework.dao.DataAccessException if the database fails
	 */
	public void prepare(Collection<String> keys) {
		for (String key : keys) {
			checkKey(key);
			if (!this.known.contains(key)) {
				insertIfAbsent(key);
				if (this.known.size() >= KNOWN_KEYS) {
					this.known.clear();
				}
				this.known.add(key);
			}
		}
	}

	/**
	 * Deletes a key's fence, so that the next claim passes whatever its token: for a lock
	 * service whose tokens started over (a new ZooKeeper ensemble, a new etcd cluster), or data
	 * reset by hand. Never call it while a holder of the key may still write: a stale holder's
	 * claim would pass too.
	 * @param key the lock key
	 * @throws IllegalArgumentException for a blank key or one longer than the table holds
	 * @throws org.springframework.dao.DataAccessException if the database fails
	 */
	public void forget(String key) {
		checkKey(key);
		this.jdbc.update(this.delete, key);
		this.known.remove(key);
	}

	/**
	 * The token that holds a key's fence.
	 * @param key the lock key
	 * @return the token, or empty if nobody claimed the fence yet
	 * @throws org.springframework.dao.DataAccessException if the database fails
	 */
	public OptionalLong current(String key) {
		List<Long> tokens = this.jdbc.queryForList(this.read, Long.class, key);
		return tokens.isEmpty() ? OptionalLong.empty() : OptionalLong.of(tokens.get(0));
	}

	/**
	 * Creates the table if it does not exist, with the DDL of the database's kind.
	 * @throws org.springframework.dao.DataAccessException if the database refuses it
	 */
	public void createTable() {
		this.jdbc.execute(dialect().createTable(this.table));
	}

	private boolean update(String key, long token) {
		return this.jdbc.update(this.claim, token, key, token) == 1;
	}

	private void insertIfAbsent(String key) {
		FenceDialect kind = dialect();
		try {
			this.jdbc.update(kind.insert(this.table), key);
		}
		catch (DuplicateKeyException present) {
			if (kind.insertIgnoresPresentRow()) {
				throw present;
			}
			// inserted by another transaction meanwhile: the claim goes on with its row
		}
	}

	private FenceDialect dialect() {
		FenceDialect known = this.dialect;
		if (known == null) {
			String product = this.jdbc
				.execute((ConnectionCallback<String>) (connection) -> connection.getMetaData().getDatabaseProductName());
			known = FenceDialect.of((product != null) ? product : "");
			this.dialect = known;
		}
		return known;
	}

	private static void checkKey(String key) {
		if (key == null || key.isBlank()) {
			throw new IllegalArgumentException("A fence needs a lock key, but it was " + ((key == null) ? "null" : "blank"));
		}
		if (key.length() > FenceDialect.MAX_KEY_LENGTH) {
			throw new IllegalArgumentException("Lock key '" + key.substring(0, 40) + "…' has " + key.length()
					+ " characters; the fence table holds keys of at most " + FenceDialect.MAX_KEY_LENGTH);
		}
	}

}
