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
package io.github.distlock.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A Markdown page of the README or the reference guide, read as its fenced code blocks and its
 * prose.
 *
 * @param path the page
 * @param lines its lines
 */
record Page(Path path, List<String> lines) {

	/** The repository's root: this module's parent folder. */
	static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	private static final Pattern FENCE = Pattern.compile("^(\\s*)(```+|~~~+)\\s*([A-Za-z0-9_+-]*)\\s*$");

	private static final Pattern MARKER = Pattern.compile("^\\s*<!--\\s*snippet:\\s*([^#\\s]+)(?:#(\\S+))?\\s*-->\\s*$");

	/**
	 * The README and every page of the guide under {@code docs/}, but for the design notes and
	 * research under {@code docs/design} and {@code docs/research}: records, not documentation.
	 * With {@code -Ddocs.pages=docs/a.md,docs/migrating/} only the pages whose names start so.
	 * @return the pages
	 */
	static List<Page> all() {
		List<String> only = List.of(System.getProperty("docs.pages", "").split(","));
		return everyPage().stream()
			.filter((page) -> only.stream().anyMatch((prefix) -> page.name().startsWith(prefix.strip())))
			.toList();
	}

	private static List<Page> everyPage() {
		List<Page> pages = new ArrayList<>();
		pages.add(read(ROOT.resolve("README.md")));
		Path docs = ROOT.resolve("docs");
		try (Stream<Path> files = Files.walk(docs)) {
			files.filter((file) -> file.toString().endsWith(".md"))
				.filter((file) -> !file.startsWith(docs.resolve("design")) && !file.startsWith(docs.resolve("research")))
				.sorted()
				.forEach((file) -> pages.add(read(file)));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return pages;
	}

	static Page read(Path path) {
		try {
			return new Page(path, new ArrayList<>(Files.readAllLines(path)));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The page's name relative to the repository's root, as messages show it. */
	String name() {
		return ROOT.relativize(this.path).toString();
	}

	/** Every fenced code block of the page, in order. */
	List<Block> blocks() {
		List<Block> blocks = new ArrayList<>();
		int i = 0;
		while (i < this.lines.size()) {
			Matcher open = FENCE.matcher(this.lines.get(i));
			if (!open.matches()) {
				i++;
				continue;
			}
			String fence = open.group(2);
			int close = i + 1;
			while (close < this.lines.size() && !this.lines.get(close).strip().equals(fence)) {
				close++;
			}
			Marker marker = (i > 0) ? marker(this.lines.get(i - 1)) : null;
			blocks.add(new Block(this, i, close, open.group(1), open.group(3), marker));
			i = close + 1;
		}
		return blocks;
	}

	/** The page's lines outside its code blocks (a block's lines are blank here). */
	List<String> prose() {
		List<String> prose = new ArrayList<>(this.lines);
		for (Block block : blocks()) {
			for (int i = block.open(); i <= Math.min(block.close(), prose.size() - 1); i++) {
				prose.set(i, "");
			}
		}
		return prose;
	}

	void write() {
		try {
			Files.write(this.path, this.lines);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Marker marker(String line) {
		Matcher matcher = MARKER.matcher(line);
		return matcher.matches() ? new Marker(matcher.group(1), matcher.group(2)) : null;
	}

	/**
	 * A fenced code block.
	 *
	 * @param page its page
	 * @param open the index of its opening fence's line
	 * @param close the index of its closing fence's line
	 * @param indent the indentation of its fence (a block inside a list item)
	 * @param language the language its fence names, empty when none
	 * @param marker the snippet marker on the line before it, or {@code null}
	 */
	record Block(Page page, int open, int close, String indent, String language, Marker marker) {

		/** The block's lines, without the fence's indentation. */
		List<String> content() {
			List<String> content = new ArrayList<>();
			for (String line : this.page.lines().subList(this.open + 1, this.close)) {
				content.add(line.startsWith(this.indent) ? line.substring(this.indent.length()) : line.stripLeading());
			}
			return content;
		}

		/** Where the block is, as messages show it: the page and the line of its opening fence. */
		String where() {
			return this.page.name() + ":" + (this.open + 1);
		}

	}

	/**
	 * A {@code <!-- snippet: path#tag -->} line: the block after it is the region {@code tag} of
	 * the source {@code path} (under {@code lock-docs/src/test/}), or that whole source without a
	 * tag.
	 *
	 * @param source the source's path under {@code lock-docs/src/test/}
	 * @param tag the region's name, or {@code null} for the whole source
	 */
	record Marker(String source, String tag) {

		@Override
		public String toString() {
			return (this.tag != null) ? this.source + "#" + this.tag : this.source;
		}

	}

}
