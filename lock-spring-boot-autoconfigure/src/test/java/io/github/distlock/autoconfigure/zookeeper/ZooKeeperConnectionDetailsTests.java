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

package io.github.distlock.autoconfigure.zookeeper;

import java.time.Duration;
import java.util.List;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.core.LockOperations;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.service.connection.ConnectionDetailsFactory;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link ZooKeeperConnectionDetails}: the properties' by default, replaced by a bean of the
 * application (or of a service connection), against a real ZooKeeper.
 */
class ZooKeeperConnectionDetailsTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class,
				LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class));

	@Test
	void theConnectStringPropertyIsTheDefault() {
		this.runner.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString())
			.run((context) -> {
				assertThat(context).hasSingleBean(ZooKeeperConnectionDetails.class);
				assertThat(context.getBean(ZooKeeperConnectionDetails.class).getConnectString())
					.isEqualTo(zookeeper.connectString());
			});
	}

	@Test
	void aConnectionDetailsBeanReplacesTheProperty() {
		// the property names a port nobody listens on: only the bean's connect string can work
		this.runner
			.withPropertyValues("distributed-lock.zookeeper.connect-string=127.0.0.1:1",
					"distributed-lock.zookeeper.connection-timeout=3s")
			.withBean(ZooKeeperConnectionDetails.class, () -> zookeeper::connectString)
			.run((context) -> {
				assertThat(context).hasNotFailed().hasSingleBean(ZooKeeperConnectionDetails.class);
				assertThat(context.getBean(CuratorFramework.class).getZookeeperClient().getCurrentConnectionString())
					.isEqualTo(zookeeper.connectString());
				assertThat(context.getBean(LockOperations.class).execute("details", Duration.ofSeconds(5), () -> "ran"))
					.isEqualTo("ran");
			});
	}

	@Test
	void theServiceConnectionFactoriesAreRegistered() {
		List<String> factories = SpringFactoriesLoader.forDefaultResourceLocation()
			.load(ConnectionDetailsFactory.class)
			.stream()
			.map((factory) -> factory.getClass().getName())
			.toList();
		assertThat(factories).contains(
				"io.github.distlock.autoconfigure.zookeeper.testcontainers.ZooKeeperContainerConnectionDetailsFactory",
				"io.github.distlock.autoconfigure.zookeeper.docker.ZooKeeperDockerComposeConnectionDetailsFactory");
	}

}
