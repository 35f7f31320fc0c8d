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

package io.github.distlock.autoconfigure.zookeeper.testcontainers;

import java.time.Duration;

import io.github.distlock.autoconfigure.zookeeper.ZooKeeperConnectionDetails;
import io.github.distlock.core.LockOperations;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Configuration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code @ServiceConnection} on a ZooKeeper container: the starter locks on it without a
 * connect string. Needs a Docker engine; skipped without one.
 */
@Testcontainers(disabledWithoutDocker = true)
@SpringBootTest(classes = ZooKeeperServiceConnectionTests.Application.class,
		properties = "distributed-lock.zookeeper.connect-string=127.0.0.1:1")
class ZooKeeperServiceConnectionTests {

	@Container
	@ServiceConnection
	static final GenericContainer<?> zookeeper = new GenericContainer<>(DockerImageName.parse("zookeeper:3.9.3"))
		.withExposedPorts(2181);

	@Autowired
	private ZooKeeperConnectionDetails connectionDetails;

	@Autowired
	private LockOperations locks;

	@Test
	void locksOnTheContainer() {
		assertThat(this.connectionDetails.getConnectString())
			.isEqualTo(zookeeper.getHost() + ":" + zookeeper.getMappedPort(2181));
		assertThat(this.locks.execute("container", Duration.ofSeconds(10), () -> "ran")).isEqualTo("ran");
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Application {

	}

}
