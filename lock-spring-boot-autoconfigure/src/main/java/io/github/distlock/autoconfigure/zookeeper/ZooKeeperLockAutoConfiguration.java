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

import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.zookeeper.CuratorClientFactory;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import io.github.distlock.zookeeper.ZooKeeperTls;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Auto-configuration of the ZooKeeper lock backend: a started {@link CuratorFramework} (unless
 * the application defines one) connected to the ensemble of the {@link ZooKeeperConnectionDetails}
 * (the properties', unless the application or a service connection defines them), the lock path
 * resolver and the {@link ZooKeeperLockBackend}, which {@link LockEngineAutoConfiguration} makes
 * the {@link LockRegistry}.
 * It applies unless {@code distributed-lock.backend} names another backend. Every bean backs
 * off when the application defines its own.
 *
 * @since 0.1.0
 */
@AutoConfiguration(after = EmbeddedZooKeeperAutoConfiguration.class, before = LockEngineAutoConfiguration.class)
@ConditionalOnClass({ CuratorFramework.class, InterProcessMutex.class, ZooKeeperLockBackend.class })
@ConditionalOnBooleanProperty(name = "distributed-lock.enabled", matchIfMissing = true)
@ConditionalOnProperty(name = "distributed-lock.backend", havingValue = "zookeeper", matchIfMissing = true)
@EnableConfigurationProperties
public final class ZooKeeperLockAutoConfiguration {

	/**
	 * The properties, made as their deprecated old type, which they are, so that an application
	 * injecting them by either type gets them; the new type once the old one is removed.
	 */
	@Bean
	@ConditionalOnMissingBean(ZooKeeperLockProperties.class)
	@SuppressWarnings("deprecation")
	io.github.distlock.autoconfigure.ZooKeeperLockProperties zooKeeperLockProperties(Environment environment) {
		// bound from distributed-lock.zookeeper.* after this; the keys it replaced fill in first
		return DeprecatedLockProperties.carryOver(environment,
				new io.github.distlock.autoconfigure.ZooKeeperLockProperties());
	}

	@Bean
	@ConditionalOnMissingBean(ZooKeeperConnectionDetails.class)
	PropertiesZooKeeperConnectionDetails zooKeeperConnectionDetails(ZooKeeperLockProperties properties) {
		return new PropertiesZooKeeperConnectionDetails(properties);
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean(CuratorFramework.class)
	ZooKeeperTls zooKeeperTls(ZooKeeperLockProperties properties, ObjectProvider<SslBundles> sslBundles) {
		return CuratorClients.tls(properties.getSsl(), sslBundles.getIfAvailable());
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	CuratorFramework curatorFramework(ZooKeeperLockProperties properties, ZooKeeperConnectionDetails connectionDetails,
			ObjectProvider<ACLProvider> aclProvider, ZooKeeperTls zooKeeperTls,
			ObjectProvider<CuratorFrameworkBuilderCustomizer> customizers) throws InterruptedException {
		return CuratorClients.start(
				CuratorClients.factory(properties, connectionDetails.getConnectString(), aclProvider.getIfAvailable())
					.tls(zooKeeperTls),
				customizers.orderedStream());
	}

	@Bean
	@ConditionalOnMissingBean
	LockPathResolver lockPathResolver(ZooKeeperLockProperties properties) {
		return new ZnodeLockPathResolver(properties.getRootPath());
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean({ LockBackend.class, LockRegistry.class })
	ZooKeeperLockBackend zooKeeperLockBackend(CuratorFramework curatorFramework, LockPathResolver lockPathResolver,
			ZooKeeperLockProperties properties, ObjectProvider<ACLProvider> aclProvider) {
		if (curatorFramework.getState() == CuratorFrameworkState.LATENT) {
			curatorFramework.start();
		}
		ZooKeeperLockBackend backend = new ZooKeeperLockBackend(curatorFramework, lockPathResolver);
		backend.verifyServer();
		// what the properties ask of the client, whether ours or the application's
		CuratorClientFactory security = CuratorClients.factory(properties,
				curatorFramework.getZookeeperClient().getCurrentConnectionString(), aclProvider.getIfAvailable());
		if (security.isSecured()) {
			try {
				backend.verifyAccess();
			}
			catch (LockBackendException ex) {
				backend.close();
				throw new LockBackendException(ex.getMessage() + " (the client is " + security.describeSecurity()
						+ ": distributed-lock.zookeeper.auth.*, distributed-lock.zookeeper.acl)", ex.getCause());
			}
		}
		return backend;
	}

}
