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

package io.github.distlock.autoconfigure.zookeeper.docker;

import java.time.Duration;

import io.github.distlock.autoconfigure.zookeeper.ZooKeeperConnectionDetails;
import io.github.distlock.core.LockOperations;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.testcontainers.DockerClientFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Docker Compose support: an application whose compose file has a {@code zookeeper} service
 * locks on it without a connect string. Needs a Docker engine; skipped without one.
 */
class ZooKeeperDockerComposeTests {

	@Test
	void locksOnTheComposeFilesZooKeeper() {
		assumeTrue(DockerClientFactory.instance().isDockerAvailable(),
				"no Docker engine: Docker Compose test skipped");
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(Application.class)
			.web(WebApplicationType.NONE)
			.run("--spring.docker.compose.enabled=true", "--spring.docker.compose.skip.in-tests=false",
					"--spring.docker.compose.file=src/test/resources/docker/zookeeper-compose.yaml",
					"--spring.docker.compose.lifecycle-management=start-and-stop",
					"--distributed-lock.zookeeper.connect-string=127.0.0.1:1")) {
			assertThat(context.getBean(ZooKeeperConnectionDetails.class).getConnectString()).doesNotEndWith(":1");
			assertThat(context.getBean(LockOperations.class).execute("compose", Duration.ofSeconds(10), () -> "ran"))
				.isEqualTo("ran");
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Application {

	}

}
