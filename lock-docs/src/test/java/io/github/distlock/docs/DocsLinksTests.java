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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every link of the README and the guide to a file of the repository reaches it, and every link
 * to a heading reaches a heading of that page (by GitHub's rule for a heading's anchor).
 */
class DocsLinksTests {

	private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");

	private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

	private static final Pattern ANCHOR = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");

	@Test
	void everyLinkWithinTheRepositoryReachesItsFileAndHeading() {
		Map<Path, Set<String>> anchors = new HashMap<>();
		List<String> broken = new ArrayList<>();
		for (Page page : Page.all()) {
			List<String> prose = page.prose();
			for (int i = 0; i < prose.size(); i++) {
				Matcher matcher = LINK.matcher(prose.get(i));
				while (matcher.find()) {
					String target = matcher.group(1);
					if (target.matches("^[a-z][a-z0-9+.-]*:.*")) {
						continue;
					}
					int hash = target.indexOf('#');
					String file = (hash < 0) ? target : target.substring(0, hash);
					Path resolved = file.isEmpty() ? page.path() : page.path().getParent().resolve(file).normalize();
					String where = page.name() + ":" + (i + 1) + " " + target;
					if (!Files.exists(resolved)) {
						broken.add(where + " (no such file)");
					}
					else if (hash >= 0 && resolved.toString().endsWith(".md")) {
						Set<String> known = anchors.computeIfAbsent(resolved, (path) -> anchorsOf(Page.read(path)));
						if (!known.contains(target.substring(hash + 1))) {
							broken.add(where + " (no such heading)");
						}
					}
				}
			}
		}
		assertThat(broken).as("links that reach no file or no heading").isEmpty();
	}

	static Set<String> anchorsOf(Page page) {
		Set<String> anchors = new HashSet<>();
		Map<String, Integer> seen = new HashMap<>();
		for (String line : page.prose()) {
			Matcher heading = HEADING.matcher(line);
			if (heading.matches()) {
				String slug = slug(heading.group(1));
				int count = seen.merge(slug, 1, Integer::sum);
				anchors.add((count == 1) ? slug : slug + "-" + (count - 1));
			}
			Matcher anchor = ANCHOR.matcher(line);
			while (anchor.find()) {
				anchors.add(anchor.group(1));
			}
		}
		return anchors;
	}

	/** GitHub's anchor of a heading: lower case, punctuation but hyphens and underscores dropped, spaces as hyphens. */
	static String slug(String heading) {
		String text = heading.replaceAll("\\[([^]]*)]\\([^)]*\\)", "$1").replaceAll("<[^>]+>", "");
		return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
	}

}
