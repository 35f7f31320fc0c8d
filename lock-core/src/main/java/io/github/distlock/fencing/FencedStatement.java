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

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A write guarded by a fence column, rewritten once from the application's statement: an
 * {@code UPDATE <table> SET <assignments> WHERE <condition>} becomes
 * {@code UPDATE <table> SET <assignments>, fence = ? WHERE (<condition>) AND fence <= ?}, a
 * {@code DELETE FROM <table> WHERE <condition>} becomes
 * {@code DELETE FROM <table> WHERE (<condition>) AND fence <= ?}; and the rows of the condition
 * that a greater token fences are read by
 * {@code SELECT fence FROM <table> WHERE (<condition>) AND fence > ? FOR UPDATE}. The token's
 * parameters are placed among the statement's own: after the assignments' and after the
 * condition's.
 */
final class FencedStatement {

	private static final Pattern UPDATE = Pattern
		.compile("(?is)\\s*UPDATE\\s+([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)?)\\s+SET\\s.*");

	private static final Pattern DELETE = Pattern
		.compile("(?is)\\s*DELETE\\s+FROM\\s+([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)?)\\s+WHERE\\s.*");

	private static final String SHAPES = "UPDATE <table> SET <assignments> WHERE <condition>"
			+ " or DELETE FROM <table> WHERE <condition>";

	private final String write;

	private final String check;

	/** The placeholders of the assignments, before the fence's in the write. */
	private final int assignmentParameters;

	private final int conditionParameters;

	private final boolean update;

	private FencedStatement(String write, String check, int assignmentParameters, int conditionParameters,
			boolean update) {
		this.write = write;
		this.check = check;
		this.assignmentParameters = assignmentParameters;
		this.conditionParameters = conditionParameters;
		this.update = update;
	}

	/**
	 * Rewrites a statement for a fence column.
	 * @throws IllegalArgumentException naming the SQL, for a statement of another shape, without a
	 * condition, of several statements or with comments, or one that sets the fence column itself
	 */
	static FencedStatement of(String sql, String column) {
		if (sql == null || sql.isBlank()) {
			throw new IllegalArgumentException("A fenced write needs SQL (" + SHAPES + "), but it was "
					+ ((sql == null) ? "null" : "blank"));
		}
		SqlText text = new SqlText(sql);
		if (text.containsUnquoted(";") || text.containsUnquoted("--") || text.containsUnquoted("/*")) {
			throw new IllegalArgumentException("Fenced SQL '" + sql
					+ "' holds a ';' or a comment: give one statement, " + SHAPES);
		}
		Matcher update = UPDATE.matcher(sql);
		if (update.matches()) {
			return update(sql, text, update.group(1), update.end(1), column);
		}
		Matcher delete = DELETE.matcher(sql);
		if (delete.matches()) {
			return delete(sql, text, delete.group(1), delete.end(1), column);
		}
		throw new IllegalArgumentException("Fenced SQL '" + sql + "' is not of a shape FencedJdbc guards: " + SHAPES);
	}

	private static FencedStatement update(String sql, SqlText text, String table, int afterTable, String column) {
		int set = text.indexOfWord("SET", afterTable);
		int where = text.indexOfWord("WHERE", set);
		if (where < 0) {
			throw new IllegalArgumentException("Fenced SQL '" + sql
					+ "' has no WHERE: a fenced write names the rows it writes, " + SHAPES);
		}
		String assignments = sql.substring(set + "SET".length(), where).strip();
		if (new SqlText(assignments).indexOfWord(column, 0) >= 0) {
			throw new IllegalArgumentException("Fenced SQL '" + sql + "' sets the fence column '" + column
					+ "' itself: FencedJdbc sets it to the holder's token");
		}
		String condition = condition(sql, where);
		String write = "UPDATE " + table + " SET " + assignments + ", " + column + " = ? WHERE (" + condition
				+ ") AND " + column + " <= ?";
		return new FencedStatement(write, check(table, condition, column), text.placeholders(set, where),
				text.placeholders(where, sql.length()), true);
	}

	private static FencedStatement delete(String sql, SqlText text, String table, int afterTable, String column) {
		int where = text.indexOfWord("WHERE", afterTable);
		if (where < 0) {
			throw new IllegalArgumentException("Fenced SQL '" + sql
					+ "' has no WHERE: a fenced write names the rows it writes, " + SHAPES);
		}
		String condition = condition(sql, where);
		String write = "DELETE FROM " + table + " WHERE (" + condition + ") AND " + column + " <= ?";
		return new FencedStatement(write, check(table, condition, column), 0, text.placeholders(where, sql.length()),
				false);
	}

	private static String condition(String sql, int where) {
		String condition = sql.substring(where + "WHERE".length()).strip();
		if (condition.isEmpty()) {
			throw new IllegalArgumentException("Fenced SQL '" + sql + "' has an empty WHERE: " + SHAPES);
		}
		SqlText text = new SqlText(condition);
		for (String clause : new String[] { "ORDER", "LIMIT", "RETURNING" }) {
			if (text.indexOfWord(clause, 0) >= 0) {
				throw new IllegalArgumentException("Fenced SQL '" + sql + "' has " + clause
						+ " after its WHERE: the condition is all that may follow, " + SHAPES);
			}
		}
		return condition;
	}

	private static String check(String table, String condition, String column) {
		return "SELECT " + column + " FROM " + table + " WHERE (" + condition + ") AND " + column + " > ? FOR UPDATE";
	}

	/** The write, the fence's parameters placed among the statement's own. */
	String write() {
		return this.write;
	}

	/** The read of the condition's rows a greater token fences. */
	String check() {
		return this.check;
	}

	/**
	 * The write's parameters.
	 * @throws IllegalArgumentException if the arguments are not as many as the placeholders
	 */
	Object[] writeArguments(String sql, Object[] args, long token) {
		checkCount(sql, args);
		Object[] all = new Object[args.length + (this.update ? 2 : 1)];
		int at = 0;
		for (int i = 0; i < args.length; i++) {
			if (this.update && i == this.assignmentParameters) {
				all[at++] = token;
			}
			all[at++] = args[i];
		}
		if (this.update && args.length == this.assignmentParameters) {
			all[at++] = token;
		}
		all[at] = token;
		return all;
	}

	/** The check's parameters: the condition's, then the token. */
	Object[] checkArguments(Object[] args, long token) {
		Object[] all = new Object[this.conditionParameters + 1];
		System.arraycopy(args, this.assignmentParameters, all, 0, this.conditionParameters);
		all[this.conditionParameters] = token;
		return all;
	}

	private void checkCount(String sql, Object[] args) {
		int expected = this.assignmentParameters + this.conditionParameters;
		if (args.length != expected) {
			throw new IllegalArgumentException("Fenced SQL '" + sql + "' has " + expected + " '?' placeholders, but "
					+ args.length + " arguments were given");
		}
	}

}
