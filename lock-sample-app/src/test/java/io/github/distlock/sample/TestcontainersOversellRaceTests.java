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

package io.github.distlock.sample;

import java.util.List;

import org.testcontainers.containers.GenericContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.mysql.MySQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The race on a MySQL container and a ZooKeeper container. Skipped where no Docker engine is
 * available.
 */
@Testcontainers(disabledWithoutDocker = true)
class TestcontainersOversellRaceTests extends AbstractOversellRaceTests {

	@Container
	static final MySQLContainer mysql = new MySQLContainer(DockerImageName.parse("mysql:8.4"));

	@Container
	static final GenericContainer<?> zookeeper = new GenericContainer<>(DockerImageName.parse("zookeeper:3.9"))
		.withExposedPorts(2181);

	@Override
	protected String jdbcUrl() {
		return mysql.getJdbcUrl();
	}

	@Override
	protected String username() {
		return mysql.getUsername();
	}

	@Override
	protected String password() {
		return mysql.getPassword();
	}

	@Override
	protected List<String> lockArguments() {
		return AppInstances.onZooKeeper(zookeeper.getHost() + ":" + zookeeper.getMappedPort(2181));
	}

	@Override
	protected long goodsBase() {
		return 3000;
	}

}
