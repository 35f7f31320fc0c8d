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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The configuration metadata that IDEs read: every key documented with a description and a
 * default, and every key explained in the guide's configuration page, {@code docs/configuration.md}.
 */
class ConfigurationMetadataTests {

	private static final Path CONFIGURATION = Path.of("..", "docs", "configuration.md");

	/**
	 * Keys whose absence means something: no namespace, no credentials, the backend chosen by the
	 * class path, the participant id made of host and pid, no election besides those of
	 * {@code @LeaderOnly} methods, no named lock's settings, no maximum hold time, every path
	 * checked by the HTTP fencing filter.
	 */
	private static final Set<String> WITHOUT_DEFAULT = Set.of("distributed-lock.zookeeper.namespace",
			"distributed-lock.etcd.namespace", "distributed-lock.etcd.username", "distributed-lock.etcd.password",
			"distributed-lock.etcd.ssl.bundle", "distributed-lock.backend", "distributed-lock.leader.participant-id",
			"distributed-lock.leader.elections", "distributed-lock.zookeeper.auth.scheme",
			"distributed-lock.zookeeper.auth.credentials", "distributed-lock.zookeeper.ssl.bundle",
			"distributed-lock.zookeeper.sasl.login-context", "distributed-lock.locks",
			"distributed-lock.default-max-hold", "distributed-lock.fencing.http.server.path-patterns");

	@Test
	void everyPropertyHasADescriptionAndADefault() throws IOException {
		for (JsonNode property : properties()) {
			String name = property.get("name").asString();
			assertThat(property.path("description").asString("")).as("description of %s", name).isNotBlank();
			if (!WITHOUT_DEFAULT.contains(name)) {
				assertThat(property.has("defaultValue")).as("default of %s", name).isTrue();
			}
		}
	}

	@Test
	void configurationPageExplainsEveryProperty() throws IOException {
		String page = Files.readString(CONFIGURATION);
		List<String> missing = new ArrayList<>();
		for (JsonNode property : properties()) {
			String name = property.get("name").asString();
			if (!name.startsWith("management.endpoint.locks.cache") && !name.startsWith("management.endpoint.leaders.cache")
					&& !page.contains("`" + name + "`")) {
				missing.add(name);
			}
		}
		assertThat(missing).as("properties missing from docs/configuration.md").isEmpty();
	}

	@Test
	void backendCopiesOfEngineKeysAreDeprecatedForTheNeutralOnes() throws IOException {
		Map<String, JsonNode> byName = new HashMap<>();
		properties().forEach((property) -> byName.put(property.get("name").asString(), property));
		for (String setting : List.of("local-queue.enabled", "local-queue.max-handoffs", "local-queue.max-handoff-time",
				"lock-lost.interrupt-holder", "revocation.interrupt-holder")) {
			assertThat(byName.get("distributed-lock." + setting)).as(setting).isNotNull();
			assertThat(byName.get("distributed-lock." + setting).has("deprecation")).as(setting).isFalse();
			for (String backend : List.of("zookeeper", "etcd")) {
				JsonNode copy = byName.get("distributed-lock." + backend + "." + setting);
				if (copy != null) {
					assertThat(copy.path("deprecation").path("replacement").asString(""))
						.as("replacement of the %s copy of %s", backend, setting)
						.isEqualTo("distributed-lock." + setting);
				}
			}
		}
		assertThat(byName).containsKeys("distributed-lock.zookeeper.local-queue.enabled",
				"distributed-lock.etcd.local-queue.enabled", "distributed-lock.zookeeper.revocation.interrupt-holder");
	}

	private static List<JsonNode> properties() throws IOException {
		try (InputStream metadata = ConfigurationMetadataTests.class
			.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			assertThat(metadata).as("generated configuration metadata").isNotNull();
			List<JsonNode> properties = new ArrayList<>();
			JsonMapper.shared().readTree(metadata).get("properties").forEach(properties::add);
			assertThat(properties).isNotEmpty();
			return properties;
		}
	}

}
