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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The code a snippet marker names: the lines between the {@code tag::name[]} and
 * {@code end::name[]} comment lines of a source of this module (several such pairs of one name
 * make one region), or the whole file; without their common indentation, leading tabs shown as
 * four spaces, and without the lines of other regions' tags.
 */
final class SnippetSource {

	/** Where the sources of the snippets are: this module's test sources and resources. */
	static final Path SOURCES = Path.of("src", "test").toAbsolutePath().normalize();

	private SnippetSource() {
	}

	/**
	 * The lines the marker names.
	 * @param marker the marker
	 * @return its lines
	 * @throws IOException when the source cannot be read
	 * @throws IllegalArgumentException naming what is missing, when the source or the region is
	 */
	static List<String> lines(Page.Marker marker) throws IOException {
		Path file = SOURCES.resolve(marker.source()).normalize();
		if (!file.startsWith(SOURCES) || !Files.isRegularFile(file)) {
			throw new IllegalArgumentException("there is no source " + marker.source() + " under lock-docs/src/test/");
		}
		List<String> region = new ArrayList<>();
		boolean whole = marker.tag() == null;
		boolean inside = whole;
		boolean found = whole;
		for (String line : Files.readAllLines(file)) {
			if (!whole && line.contains("tag::" + marker.tag() + "[]")) {
				inside = true;
				found = true;
			}
			else if (!whole && line.contains("end::" + marker.tag() + "[]")) {
				inside = false;
			}
			else if (inside && !line.contains("tag::") && !line.contains("end::")) {
				region.add(line);
			}
		}
		if (!found) {
			throw new IllegalArgumentException("there is no region tag::" + marker.tag() + "[] in " + marker.source());
		}
		return dedent(region);
	}

	private static List<String> dedent(List<String> region) {
		List<String> lines = new ArrayList<>();
		for (String line : region) {
			lines.add(expandLeadingTabs(line.stripTrailing()));
		}
		while (!lines.isEmpty() && lines.get(0).isBlank()) {
			lines.remove(0);
		}
		while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) {
			lines.remove(lines.size() - 1);
		}
		int common = lines.stream()
			.filter((line) -> !line.isBlank())
			.mapToInt((line) -> line.length() - line.stripLeading().length())
			.min()
			.orElse(0);
		lines.replaceAll((line) -> line.isBlank() ? "" : line.substring(common));
		return lines;
	}

	private static String expandLeadingTabs(String line) {
		int tabs = 0;
		while (tabs < line.length() && line.charAt(tabs) == '\t') {
			tabs++;
		}
		return "    ".repeat(tabs) + line.substring(tabs);
	}

}
