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

package io.github.distlock.fencing.http;

import java.util.Objects;
import java.util.OptionalLong;

import io.github.distlock.core.FencedOffException;
import io.github.distlock.fencing.JdbcFences;

/**
 * High-water marks in a table of the application's database, one row per key, shared by every
 * instance of the server that uses the same table: each accepted token is
 * {@link JdbcFences#claim claimed} on the key's fence. Called outside a transaction (a filter
 * runs before any), the claim is one atomic compare-and-set
 * ({@code UPDATE … SET token = ? WHERE lock_key = ? AND token <= ?}) and holds no row lock
 * afterwards. Keys are limited to the table's key column (512 characters).
 * <p>
 * Use a table of its own (the auto-configuration's default is
 * {@value #DEFAULT_TABLE}): the tokens a server accepts come from its clients' lock service, and
 * need not be comparable with those of the server's own fenced methods.
 *
 * @since 0.1.0
 */
public class JdbcHighWaterMarks implements FencingTokenHighWaterMarks {

	/** The table the auto-configuration uses unless told otherwise. */
	public static final String DEFAULT_TABLE = "distributed_lock_http_fence";

	private final JdbcFences fences;

	/**
	 * Creates the marks of a fence table.
	 * @param fences the fences, over the table that keeps the marks
	 */
	public JdbcHighWaterMarks(JdbcFences fences) {
		this.fences = Objects.requireNonNull(fences, "fences");
	}

	/**
	 * {@inheritDoc}
	 * @throws org.springframework.dao.DataAccessException if the database fails
	 */
	@Override
	public void accept(String key, long token) throws FencedOffException {
		this.fences.claim(key, token);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Here: deletes the key's row.
	 * @see JdbcFences#forget(String)
	 */
	@Override
	public void forget(String key) {
		this.fences.forget(key);
	}

	/**
	 * The mark of a key.
	 * @param key the lock key
	 * @return the highest token accepted, or empty if none was
	 */
	public OptionalLong mark(String key) {
		return this.fences.current(key);
	}

	/**
	 * Creates the table if it does not exist.
	 * @see JdbcFences#createTable()
	 */
	public void createTable() {
		this.fences.createTable();
	}

	/**
	 * The table's name.
	 * @return the name
	 */
	public String getTable() {
		return this.fences.getTable();
	}

}
