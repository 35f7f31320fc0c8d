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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every code block of the README and the reference guide in a language the build compiles or
 * binds (Java, Kotlin, YAML, properties) is a region of a source of this module, which the build
 * compiles: a renamed type, method or attribute breaks the build, not the reader. A page whose
 * block differs from its source fails here; {@code -Ddocs.update=true} copies the sources into
 * the pages.
 */
class DocsSnippetsTests {

	/** The languages whose blocks must come from a compiled or checked source. */
	static final Set<String> CHECKED = Set.of("java", "kotlin", "yaml", "yml", "properties");

	private static final String UPDATE = "./mvnw -B -pl lock-docs test -Dtest=DocsSnippetsTests -Ddocs.update=true";

	@Test
	void everyCodeBlockNamesItsLanguage() {
		List<String> unnamed = new ArrayList<>();
		for (Page page : Page.all()) {
			page.blocks().stream().filter((block) -> block.language().isEmpty()).forEach((block) -> unnamed.add(block.where()));
		}
		assertThat(unnamed).as("code blocks whose fence names no language (```java, ```bash, ```text …)").isEmpty();
	}

	@Test
	void everyBlockOfACheckedLanguageIsASnippet() {
		List<String> loose = new ArrayList<>();
		for (Page page : Page.all()) {
			page.blocks()
				.stream()
				.filter((block) -> CHECKED.contains(block.language()) && block.marker() == null)
				.forEach((block) -> loose.add(block.where() + " (" + block.language() + ")"));
		}
		assertThat(loose).as("blocks that no <!-- snippet: path#tag --> line names the compiled source of: "
				+ "put the code in lock-docs/src/test and name it on the line before the block").isEmpty();
	}

	@Test
	void everySnippetIsWhatItsSourceSays() throws IOException {
		boolean update = Boolean.getBoolean("docs.update");
		List<String> drifted = new ArrayList<>();
		for (Page page : Page.all()) {
			List<Page.Block> blocks = new ArrayList<>(page.blocks());
			boolean changed = false;
			for (int i = blocks.size() - 1; i >= 0; i--) {
				Page.Block block = blocks.get(i);
				if (block.marker() == null) {
					continue;
				}
				List<String> source;
				try {
					source = SnippetSource.lines(block.marker());
				}
				catch (IllegalArgumentException ex) {
					drifted.add(block.where() + ": " + ex.getMessage());
					continue;
				}
				if (!source.equals(block.content())) {
					if (update) {
						List<String> lines = page.lines().subList(block.open() + 1, block.close());
						lines.clear();
						source.forEach((line) -> lines.add(line.isEmpty() ? "" : block.indent() + line));
						changed = true;
					}
					else {
						drifted.add(block.where() + " differs from " + block.marker());
					}
				}
			}
			if (changed) {
				page.write();
			}
		}
		assertThat(drifted).as("snippets that are not what their sources say; after changing a source, copy it into "
				+ "the pages with: " + UPDATE).isEmpty();
	}

}
