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
package io.github.distlock.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference page of the configuration properties, {@code docs/configuration-properties.md},
 * is generated from the configuration metadata the build produces: this test fails when the page
 * is not what the metadata gives, and writes it anew when run with {@code -Ddocs.update=true}.
 */
class ConfigurationPropertiesPageTests {

	private static final Path PAGE = Path.of("..", "docs", "configuration-properties.md");

	private static final String REGENERATE = "./mvnw -B -pl lock-spring-boot-autoconfigure test "
			+ "-Dtest=ConfigurationPropertiesPageTests -Ddocs.update=true";

	private static final Pattern QUALIFIED_NAME = Pattern.compile("(?:[a-z][a-z0-9_]*\\.)+(?:[A-Z][A-Za-z0-9_]*\\$)*([A-Z][A-Za-z0-9_]*)");

	@Test
	void pageListsWhatTheMetadataGives() throws IOException {
		String page = render(properties());
		if (Boolean.getBoolean("docs.update")) {
			Files.writeString(PAGE, page);
		}
		assertThat(PAGE).as("the generated properties page; regenerate it with: " + REGENERATE).exists();
		assertThat(Files.readString(PAGE)).as("docs/configuration-properties.md is out of date with the configuration "
				+ "metadata; regenerate it with: " + REGENERATE).isEqualTo(page);
	}

	static String render(List<JsonNode> properties) {
		StringBuilder page = new StringBuilder();
		page.append("# Configuration properties\n\n")
			.append("<!-- Generated from the configuration metadata by ConfigurationPropertiesPageTests")
			.append(" (lock-spring-boot-autoconfigure); do not edit: run ")
			.append(REGENERATE)
			.append(" -->\n\n")
			.append("Every property the starters read, from the configuration metadata that IDEs show. ")
			.append("A named lock's settings, `distributed-lock.locks.<name>.*`, are `wait`, `type`, `max-hold` ")
			.append("and `on-failure`.\n\n")
			.append("| property | type | default | description |\n")
			.append("| --- | --- | --- | --- |\n");
		for (JsonNode property : properties) {
			page.append("| `")
				.append(property.get("name").asString())
				.append("` | ")
				.append(cell(simpleType(property.path("type").asString(""))))
				.append(" | ")
				.append(property.has("defaultValue") ? "`" + defaultValue(property.get("defaultValue")) + "`" : "")
				.append(" | ")
				.append(cell(description(property)))
				.append(" |\n");
		}
		return page.toString();
	}

	private static String description(JsonNode property) {
		String description = property.path("description").asString("").replaceAll("\\s+", " ").strip();
		JsonNode deprecation = property.path("deprecation");
		if (!deprecation.isMissingNode()) {
			StringBuilder note = new StringBuilder("**Deprecated**");
			if (deprecation.has("since")) {
				note.append(" since ").append(deprecation.get("since").asString());
			}
			if (deprecation.has("replacement")) {
				note.append(": use `").append(deprecation.get("replacement").asString()).append('`');
			}
			if (deprecation.has("reason")) {
				note.append(" (").append(deprecation.get("reason").asString()).append(')');
			}
			description = note.append(". ").append(description).toString();
		}
		return description;
	}

	private static String defaultValue(JsonNode value) {
		if (value.isArray()) {
			List<String> items = new ArrayList<>();
			value.forEach((item) -> items.add(item.asString()));
			return String.join(",", items);
		}
		return value.asString();
	}

	/** A type with its packages and enclosing classes left out: {@code Map<String, NamedLock>}. */
	static String simpleType(String type) {
		Matcher matcher = QUALIFIED_NAME.matcher(type);
		return matcher.replaceAll("$1").replace(",", ", ");
	}

	private static String cell(String text) {
		return text.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;");
	}

	private static List<JsonNode> properties() throws IOException {
		try (InputStream metadata = ConfigurationPropertiesPageTests.class
			.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			assertThat(metadata).as("generated configuration metadata").isNotNull();
			List<JsonNode> properties = new ArrayList<>();
			JsonMapper.shared().readTree(metadata).get("properties").forEach(properties::add);
			properties.sort(Comparator.comparing((JsonNode property) -> property.get("name").asString()));
			return properties;
		}
	}

}
