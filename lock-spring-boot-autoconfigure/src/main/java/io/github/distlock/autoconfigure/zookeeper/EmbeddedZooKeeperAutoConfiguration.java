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

import java.io.IOException;

import io.github.distlock.zookeeper.EmbeddedZooKeeperServer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.ACLProvider;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of an in-process ZooKeeper server, for development and tests, when
 * {@code distributed-lock.zookeeper.embedded.enabled=true}: the server, and a Curator client
 * connected to it in place of {@code distributed-lock.zookeeper.connect-string}.
 *
 * @since 0.1.0
 */
@AutoConfiguration
@ConditionalOnClass({ CuratorFramework.class, EmbeddedZooKeeperServer.class })
@ConditionalOnBooleanProperty(name = "distributed-lock.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "distributed-lock.zookeeper.embedded.enabled")
@ConditionalOnProperty(name = "distributed-lock.backend", havingValue = "zookeeper", matchIfMissing = true)
// the properties are bound as their deprecated old type, which they are, so that either type finds them
@EnableConfigurationProperties(io.github.distlock.autoconfigure.EmbeddedZooKeeperProperties.class)
@SuppressWarnings("deprecation")
public final class EmbeddedZooKeeperAutoConfiguration {

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	EmbeddedZooKeeperServer embeddedZooKeeperServer(EmbeddedZooKeeperProperties properties) throws IOException {
		return EmbeddedZooKeeperServer.start(properties.getPort());
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	CuratorFramework curatorFramework(EmbeddedZooKeeperServer embeddedZooKeeperServer,
			ZooKeeperLockProperties properties, ObjectProvider<ACLProvider> aclProvider,
			ObjectProvider<CuratorFrameworkBuilderCustomizer> customizers) throws InterruptedException {
		// the client's timeouts, retries, authentication and ACL still come from distributed-lock.zookeeper.*
		return CuratorClients.start(CuratorClients.factory(properties, embeddedZooKeeperServer.getConnectString(),
				aclProvider.getIfAvailable()), customizers.orderedStream());
	}

}
