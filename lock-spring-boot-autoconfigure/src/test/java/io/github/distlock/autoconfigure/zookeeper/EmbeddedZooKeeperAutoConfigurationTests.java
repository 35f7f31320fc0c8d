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

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.core.LockOperations;
import io.github.distlock.zookeeper.EmbeddedZooKeeperServer;
import org.apache.curator.framework.CuratorFramework;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * The embedded ZooKeeper server: off by default, started and stopped with the context when
 * enabled, and a start-up failure that says why.
 */
class EmbeddedZooKeeperAutoConfigurationTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(EmbeddedZooKeeperAutoConfiguration.class, ZooKeeperLockAutoConfiguration.class,
				LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class));

	private ApplicationContextRunner connected() {
		return this.contextRunner
			.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString());
	}

	@Test
	void embeddedServerStartsAndStopsWithTheContext() {
		int[] port = new int[1];
		this.contextRunner.withPropertyValues("distributed-lock.zookeeper.embedded.enabled=true").run((context) -> {
			assertThat(context).hasSingleBean(EmbeddedZooKeeperServer.class);
			EmbeddedZooKeeperServer embedded = context.getBean(EmbeddedZooKeeperServer.class);
			port[0] = embedded.getPort();
			CuratorFramework client = context.getBean(CuratorFramework.class);
			assertThat(client.getZookeeperClient().getCurrentConnectionString()).isEqualTo(embedded.getConnectString());
			context.getBean(LockOperations.class).acquire("embedded", Duration.ofSeconds(1)).close();
		});
		assertThatIOException().isThrownBy(() -> {
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port[0]), 500);
			}
		});
	}

	@Test
	void embeddedServerOnAPortInUseFailsStartupSayingSo() throws Exception {
		try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			this.contextRunner
				.withPropertyValues("distributed-lock.zookeeper.embedded.enabled=true",
						"distributed-lock.zookeeper.embedded.port=" + taken.getLocalPort())
				.run((context) -> {
					assertThat(context).hasFailed();
					assertThat(context.getStartupFailure())
						.hasStackTraceContaining("Port " + taken.getLocalPort() + " of the embedded ZooKeeper server")
						.hasStackTraceContaining("already in use");
				});
		}
	}

	@Test
	void embeddedServerIsOffByDefault() {
		connected().run((context) -> assertThat(context).doesNotHaveBean(EmbeddedZooKeeperServer.class));
	}

}
