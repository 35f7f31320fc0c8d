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
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every source file of the repository carries: the Apache-2.0 licence header, and, for a
 * public type of a published module, the version it came in; and every package says whether it
 * is API, SPI or internal.
 */
class SourceHeadersTests {

	private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

	private static final String LICENCE = """
			/*
			 * SPDX-License-Identifier: Apache-2.0
			 * Copyright 2026 the original author or authors.
			 *
			 * Licensed under the Apache License, Version 2.0 (the "License");""";

	private static final Set<String> PUBLISHED = Set.of("lock-core", "lock-zookeeper", "lock-etcd",
			"lock-spring-boot-autoconfigure", "lock-spring-boot-test", "lock-test-support");

	private static final Pattern PUBLIC_TYPE = Pattern.compile(
			"^public (?:(?:final|abstract|sealed|non-sealed|static) )*(?:class|interface|enum|record|@interface) (\\w+)",
			Pattern.MULTILINE);

	private static final Pattern SURFACE = Pattern.compile("\\* (API|SPI|Internal|Auto-configuration|Test support)\\b");

	@Test
	void everySourceFileCarriesTheLicenceHeader() {
		List<Path> sources = javaSources().toList();
		assertThat(sources).as("the repository's Java sources").hasSizeGreaterThan(300);
		assertThat(sources.stream().filter((source) -> !read(source).startsWith(LICENCE)).map(ROOT::relativize))
			.as("sources without the licence header")
			.isEmpty();
	}

	@Test
	void everyPublicTypeOfAPublishedModuleSaysSinceWhen() {
		assertThat(javaSources().filter(SourceHeadersTests::published)
			.filter((source) -> !source.endsWith("package-info.java"))
			.filter((source) -> {
				String text = read(source);
				Matcher type = PUBLIC_TYPE.matcher(text);
				return type.find() && !text.substring(0, type.start()).contains("@since ");
			})
			.map(ROOT::relativize)).as("public types without @since").isEmpty();
	}

	@Test
	void everyPublishedPackageSaysWhatSurfaceItIs() {
		assertThat(javaSources().filter(SourceHeadersTests::published)
			.filter((source) -> source.endsWith("package-info.java"))
			.filter((source) -> !SURFACE.matcher(read(source)).find())
			.map(ROOT::relativize)).as("packages that do not say API, SPI or internal").isEmpty();
	}

	private static boolean published(Path source) {
		Path relative = ROOT.relativize(source);
		return PUBLISHED.contains(relative.getName(0).toString()) && relative.toString().contains("/src/main/");
	}

	private static Stream<Path> javaSources() {
		try {
			return Files.walk(ROOT)
				.filter((path) -> path.toString().endsWith(".java"))
				.filter((path) -> !path.toString().contains("/target/") && !path.toString().contains("/.git/"))
				.toList()
				.stream();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
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
