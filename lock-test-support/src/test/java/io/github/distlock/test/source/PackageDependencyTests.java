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

package io.github.distlock.test.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The architecture the packages show: the graph of which package uses which, from the imports
 * and qualified names in the main code of every module (comments left out), has no cycle; and
 * the engine's handles do not know the engine. Deprecated types are left out: they keep an old
 * name working for one release (the old {@code core.spi.LockEngine} extends the engine), and go
 * with the next.
 */
class PackageDependencyTests {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

	private static final Pattern USE = Pattern.compile("\\b(io\\.github\\.distlock(?:\\.[a-z]\\w*)*)\\.[A-Z]");

	private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

	@Test
	void packagesDependOnEachOtherWithoutACycle() {
		Map<String, Set<String>> uses = packageGraph();
		assertThat(uses).as("packages of the main code").containsKeys("io.github.distlock.core",
				"io.github.distlock.core.spi", "io.github.distlock.core.engine", "io.github.distlock.zookeeper",
				"io.github.distlock.etcd", "io.github.distlock.autoconfigure");
		assertThat(uses.get("io.github.distlock.core.engine")).contains("io.github.distlock.core.spi");
		assertThat(cycles(uses)).as("cycles between packages").isEmpty();
	}

	@Test
	void aCycleIsFoundWhereThereIsOne() {
		Map<String, Set<String>> uses = new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"),
				"d", Set.of("a")));
		assertThat(cycles(uses)).containsExactly(List.of("a", "b", "c", "a"));
	}

	@Test
	void handlesDoNotKnowTheEngine() {
		String handle = code(ROOT.resolve(
				"lock-core/src/main/java/io/github/distlock/core/engine/EngineLockHandle.java"));
		assertThat(handle).doesNotContain("LockEngine").contains("HandleCloser");
	}

	private static Map<String, Set<String>> packageGraph() {
		Map<String, Set<String>> uses = new TreeMap<>();
		mainSources().forEach((source) -> {
			String text = read(source);
			Matcher declared = PACKAGE.matcher(text);
			if (!declared.find() || text.contains("\n@Deprecated")) {
				return;
			}
			String pkg = declared.group(1);
			Set<String> used = uses.computeIfAbsent(pkg, (key) -> new TreeSet<>());
			Matcher use = USE.matcher(COMMENT.matcher(text).replaceAll(""));
			while (use.find()) {
				if (!use.group(1).equals(pkg)) {
					used.add(use.group(1));
				}
			}
		});
		return uses;
	}

	/** Each cycle once, as the path from its least package back to it. */
	static List<List<String>> cycles(Map<String, Set<String>> uses) {
		List<List<String>> cycles = new ArrayList<>();
		for (String start : uses.keySet()) {
			Deque<List<String>> paths = new ArrayDeque<>();
			paths.push(List.of(start));
			while (!paths.isEmpty()) {
				List<String> path = paths.pop();
				for (String next : uses.getOrDefault(path.get(path.size() - 1), Set.of())) {
					if (next.equals(start)) {
						List<String> cycle = new ArrayList<>(path);
						cycle.add(start);
						cycles.add(cycle);
					}
					else if (next.compareTo(start) > 0 && !path.contains(next)) {
						List<String> longer = new ArrayList<>(path);
						longer.add(next);
						paths.push(longer);
					}
				}
			}
		}
		return cycles;
	}

	private static Stream<Path> mainSources() {
		try {
			return Files.walk(ROOT)
				.filter((path) -> path.toString().endsWith(".java") && path.toString().contains("/src/main/java/"))
				.filter((path) -> !path.toString().contains("/target/"))
				.toList()
				.stream();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String code(Path source) {
		return COMMENT.matcher(read(source)).replaceAll("");
	}

	private static String read(Path source) {
		try {
			return Files.readString(source);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
