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

/**
 * Reads a statement's text as SQL does, outside string literals and quoted names: where a
 * keyword stands at the top level (not inside parentheses), and how many {@code ?} placeholders
 * a part holds. A {@code ?} inside {@code 'it?'} is no placeholder.
 */
final class SqlText {

	private final String sql;

	/** Per character: whether it lies outside any literal or quoted name, at parenthesis depth 0. */
	private final boolean[] topLevel;

	/** Per character: whether it lies outside any literal or quoted name. */
	private final boolean[] unquoted;

	SqlText(String sql) {
		this.sql = sql;
		this.topLevel = new boolean[sql.length()];
		this.unquoted = new boolean[sql.length()];
		scan();
	}

	private void scan() {
		int depth = 0;
		char quote = 0;
		for (int i = 0; i < this.sql.length(); i++) {
			char c = this.sql.charAt(i);
			if (quote != 0) {
				if (c == quote) {
					quote = 0;
				}
				continue;
			}
			if (c == '\'' || c == '"' || c == '`') {
				quote = c;
				continue;
			}
			if (c == '(') {
				depth++;
			}
			else if (c == ')') {
				depth--;
				if (depth < 0) {
					throw new IllegalArgumentException("Unbalanced ')' in SQL '" + this.sql + "'");
				}
			}
			this.unquoted[i] = true;
			this.topLevel[i] = (depth == 0) && c != ')';
		}
		if (quote != 0) {
			throw new IllegalArgumentException("Unclosed " + quote + " in SQL '" + this.sql + "'");
		}
		if (depth != 0) {
			throw new IllegalArgumentException("Unbalanced '(' in SQL '" + this.sql + "'");
		}
	}

	/**
	 * Where a word first stands at the top level as a whole word, case-insensitively.
	 * @return its index, or -1
	 */
	int indexOfWord(String word, int from) {
		for (int i = Math.max(from, 0); i + word.length() <= this.sql.length(); i++) {
			int end = i + word.length();
			if (this.sql.regionMatches(true, i, word, 0, word.length()) && this.topLevel[i] && this.topLevel[end - 1]
					&& !wordChar(i - 1) && !wordChar(end)) {
				return i;
			}
		}
		return -1;
	}

	/** Whether a text occurs outside literals and quoted names. */
	boolean containsUnquoted(String text) {
		for (int i = this.sql.indexOf(text); i >= 0; i = this.sql.indexOf(text, i + 1)) {
			if (this.unquoted[i]) {
				return true;
			}
		}
		return false;
	}

	/** The {@code ?} placeholders between two indexes, those inside literals and quoted names left out. */
	int placeholders(int from, int to) {
		int count = 0;
		for (int i = from; i < to; i++) {
			if (this.sql.charAt(i) == '?' && this.unquoted[i]) {
				count++;
			}
		}
		return count;
	}

	private boolean wordChar(int index) {
		if (index < 0 || index >= this.sql.length()) {
			return false;
		}
		char c = this.sql.charAt(index);
		return Character.isLetterOrDigit(c) || c == '_' || c == '$';
	}

}
