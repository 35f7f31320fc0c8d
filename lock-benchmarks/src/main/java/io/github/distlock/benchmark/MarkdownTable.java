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

package io.github.distlock.benchmark;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown table with padded columns: the first left-aligned, the others right-aligned.
 */
final class MarkdownTable {

	private final List<String[]> rows = new ArrayList<>();

	MarkdownTable(String... header) {
		this.rows.add(header);
	}

	MarkdownTable row(List<String> cells) {
		if (cells.size() != this.rows.get(0).length) {
			throw new IllegalArgumentException("Expected " + this.rows.get(0).length + " cells, got " + cells);
		}
		this.rows.add(cells.toArray(String[]::new));
		return this;
	}

	@Override
	public String toString() {
		int columns = this.rows.get(0).length;
		int[] widths = new int[columns];
		for (String[] row : this.rows) {
			for (int i = 0; i < columns; i++) {
				widths[i] = Math.max(widths[i], Math.max(3, row[i].length()));
			}
		}
		StringBuilder out = new StringBuilder();
		for (int r = 0; r < this.rows.size(); r++) {
			String[] row = this.rows.get(r);
			out.append('|');
			for (int i = 0; i < columns; i++) {
				String format = (i == 0) ? "%-" + widths[i] + "s" : "%" + widths[i] + "s";
				out.append(' ').append(String.format(format, row[i])).append(" |");
			}
			out.append('\n');
			if (r == 0) {
				out.append('|');
				for (int i = 0; i < columns; i++) {
					out.append((i == 0) ? ":" + "-".repeat(widths[i] + 1) : "-".repeat(widths[i] + 1) + ":").append('|');
				}
				out.append('\n');
			}
		}
		return out.toString();
	}

}
