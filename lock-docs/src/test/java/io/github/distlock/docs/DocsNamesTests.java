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
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The names the README and the guide give are names the build has: every
 * {@code distributed-lock.*} property they name, in prose or in a YAML or properties block, is in
 * the configuration metadata the starter ships (or under a map property such as
 * {@code distributed-lock.locks}); every {@code lock-*} artifact they name is a module.
 */
class DocsNamesTests {

	private static final String PREFIX = "distributed-lock";

	private static final Pattern PROPERTY = Pattern.compile("(?<![\\w./(-])" + PREFIX + "(?:\\.[a-z0-9][a-z0-9-]*)+");

	private static final Pattern ARTIFACT = Pattern.compile("<artifactId>(lock-[a-z0-9-]+)</artifactId>");

	private static final Set<String> NAMES = new TreeSet<>();

	private static final Set<String> MAPS = new TreeSet<>();

	@BeforeAll
	static void readTheMetadata() throws IOException {
		JsonMapper json = JsonMapper.builder().build();
		for (URL url : Collections.list(DocsNamesTests.class.getClassLoader()
			.getResources("META-INF/spring-configuration-metadata.json"))) {
			try (InputStream in = url.openStream()) {
				JsonNode metadata = json.readTree(in);
				for (String section : List.of("groups", "properties")) {
					for (JsonNode entry : metadata.path(section)) {
						String name = entry.path("name").asString();
						if (!name.startsWith(PREFIX)) {
							continue;
						}
						NAMES.add(name);
						if (entry.path("type").asString("").startsWith("java.util.Map")) {
							MAPS.add(name);
						}
					}
				}
			}
		}
		assertThat(NAMES).as("the starter's configuration metadata on the class path").isNotEmpty();
	}

	@Test
	void everyPropertyNamedInTheProseIsOneTheStarterHas() {
		List<String> unknown = new ArrayList<>();
		for (Page page : Page.all()) {
			List<String> prose = page.prose();
			for (int i = 0; i < prose.size(); i++) {
				Matcher matcher = PROPERTY.matcher(prose.get(i));
				while (matcher.find()) {
					if (!known(matcher.group())) {
						unknown.add(page.name() + ":" + (i + 1) + " " + matcher.group());
					}
				}
			}
		}
		assertThat(unknown).as("properties named in the pages that the configuration metadata does not have").isEmpty();
	}

	@Test
	void everyPropertyOfAYamlOrPropertiesSnippetIsOneTheStarterHas() throws IOException {
		List<String> unknown = new ArrayList<>();
		for (Page page : Page.all()) {
			for (Page.Block block : page.blocks()) {
				for (String name : propertiesOf(block)) {
					if (name.startsWith(PREFIX + ".") && !known(name)) {
						unknown.add(block.where() + " " + name);
					}
				}
			}
		}
		assertThat(unknown).as("properties set in the pages' YAML and properties blocks that the configuration "
				+ "metadata does not have").isEmpty();
	}

	@Test
	void everyArtifactNamedIsAModuleOfTheBuild() {
		List<String> unknown = new ArrayList<>();
		for (Page page : Page.all()) {
			for (int i = 0; i < page.lines().size(); i++) {
				Matcher matcher = ARTIFACT.matcher(page.lines().get(i));
				while (matcher.find()) {
					if (!Files.isRegularFile(Page.ROOT.resolve(matcher.group(1)).resolve("pom.xml"))) {
						unknown.add(page.name() + ":" + (i + 1) + " " + matcher.group(1));
					}
				}
			}
		}
		assertThat(unknown).as("artifacts named in the pages that are no module of this build").isEmpty();
	}

	private static boolean known(String name) {
		if (NAMES.contains(name)) {
			return true;
		}
		if (MAPS.stream().anyMatch((map) -> name.startsWith(map + "."))) {
			return true;
		}
		return NAMES.stream().anyMatch((known) -> known.startsWith(name + "."));
	}

	private static List<String> propertiesOf(Page.Block block) {
		List<String> names = new ArrayList<>();
		String text = String.join("\n", block.content());
		switch (block.language()) {
			case "yaml", "yml" -> {
				for (Object document : new Yaml().loadAll(text)) {
					flatten("", document, names);
				}
			}
			case "properties" -> {
				for (String line : block.content()) {
					String stripped = line.strip();
					if (!stripped.isEmpty() && !stripped.startsWith("#")) {
						names.add(stripped.split("[=:\\s]", 2)[0].replaceAll("\\[\\d+]", ""));
					}
				}
			}
			default -> {
			}
		}
		return names;
	}

	private static void flatten(String path, Object node, List<String> names) {
		if (node instanceof Map<?, ?> map) {
			map.forEach((key, value) -> flatten(path.isEmpty() ? String.valueOf(key) : path + "." + key, value, names));
		}
		else if (!path.isEmpty()) {
			names.add(path);
		}
	}

}
