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

import java.util.Locale;

/**
 * The SQL of the fence table on one kind of database: its DDL, and an insert of a key's first
 * row that neither fails nor, on PostgreSQL, aborts the transaction when another transaction
 * inserted it first.
 */
enum FenceDialect {

	H2("CREATE TABLE IF NOT EXISTS %s (lock_key VARCHAR(%d) NOT NULL PRIMARY KEY, token BIGINT NOT NULL)", null),

	MYSQL("CREATE TABLE IF NOT EXISTS %s (lock_key VARCHAR(%d) NOT NULL PRIMARY KEY, token BIGINT NOT NULL)"
			+ " ENGINE=InnoDB", "INSERT IGNORE INTO %s (lock_key, token) VALUES (?, 0)"),

	POSTGRESQL("CREATE TABLE IF NOT EXISTS %s (lock_key VARCHAR(%d) NOT NULL PRIMARY KEY, token BIGINT NOT NULL)",
			"INSERT INTO %s (lock_key, token) VALUES (?, 0) ON CONFLICT (lock_key) DO NOTHING"),

	/** Any other: a plain insert, its duplicate-key failure ignored. */
	OTHER(H2.ddl, null);

	/** The longest key the table holds. */
	static final int MAX_KEY_LENGTH = 512;

	private final String ddl;

	/** An insert that ignores a row present, or {@code null} for a plain insert. */
	private final String insertIfAbsent;

	FenceDialect(String ddl, String insertIfAbsent) {
		this.ddl = ddl;
		this.insertIfAbsent = insertIfAbsent;
	}

	/**
	 * The dialect of a database, by the product name its driver gives.
	 * @param productName {@code DatabaseMetaData.getDatabaseProductName()}
	 * @return the dialect
	 */
	static FenceDialect of(String productName) {
		String name = productName.toLowerCase(Locale.ROOT);
		if (name.contains("h2")) {
			return H2;
		}
		if (name.contains("mariadb") || name.contains("mysql")) {
			return MYSQL;
		}
		if (name.contains("postgres")) {
			return POSTGRESQL;
		}
		return OTHER;
	}

	String createTable(String table) {
		return String.format(Locale.ROOT, this.ddl, table, MAX_KEY_LENGTH);
	}

	/** Whether {@link #insert(String)} ignores a row present itself. */
	boolean insertIgnoresPresentRow() {
		return this.insertIfAbsent != null;
	}

	String insert(String table) {
		return (this.insertIfAbsent != null) ? String.format(Locale.ROOT, this.insertIfAbsent, table)
				: "INSERT INTO " + table + " (lock_key, token) VALUES (?, 0)";
	}

}
