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

package io.github.distlock.autoconfigure.etcd;

import java.nio.charset.StandardCharsets;

import javax.net.ssl.SSLException;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.etcd.EtcdLockPathResolver;
import io.github.distlock.etcd.EtcdLockBackend;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.ssl.SslAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * Auto-configuration of the etcd lock backend: a jetcd {@link Client} (unless the application
 * defines one), the lock path resolver and the {@link EtcdLockBackend}, which
 * {@link LockEngineAutoConfiguration} makes the {@link LockRegistry}. It applies when
 * {@code distributed-lock.backend=etcd}, or when that property is not set and the ZooKeeper
 * backend is not on the class path. Every bean backs off when the application defines its own.
 *
 * @since 0.1.0
 */
@AutoConfiguration(after = SslAutoConfiguration.class,
		afterName = "io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration",
		before = LockEngineAutoConfiguration.class)
@ConditionalOnClass({ Client.class, EtcdLockBackend.class })
@ConditionalOnBooleanProperty(name = "distributed-lock.enabled", matchIfMissing = true)
@Conditional(EtcdLockAutoConfiguration.EtcdBackendCondition.class)
// the properties are bound as their deprecated old type, which they are, so that either type finds them
@EnableConfigurationProperties(io.github.distlock.autoconfigure.EtcdLockProperties.class)
@SuppressWarnings("deprecation")
public final class EtcdLockAutoConfiguration {

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	Client etcdClient(EtcdLockProperties properties, ObjectProvider<SslBundles> sslBundles) throws SSLException {
		ClientBuilder builder = Client.builder()
			.endpoints(properties.getEndpoints().toArray(String[]::new))
			.connectTimeout(properties.getConnectTimeout());
		if (properties.getNamespace() != null) {
			builder.namespace(ByteSequence.from(properties.getNamespace(), StandardCharsets.UTF_8));
		}
		if (properties.getUsername() != null) {
			builder.user(ByteSequence.from(properties.getUsername(), StandardCharsets.UTF_8));
			builder.password(ByteSequence.from(String.valueOf(properties.getPassword()), StandardCharsets.UTF_8));
		}
		String bundleName = properties.getSsl().getBundle();
		if (bundleName != null) {
			SslBundles bundles = sslBundles.getIfAvailable();
			if (bundles == null) {
				throw new IllegalStateException("distributed-lock.etcd.ssl.bundle is '" + bundleName
						+ "' but there are no SSL bundles (spring.ssl.bundle.*)");
			}
			SslBundle bundle = bundles.getBundle(bundleName);
			builder.sslContext((ssl) -> {
				ssl.trustManager(bundle.getManagers().getTrustManagerFactory());
				if (bundle.getStores().getKeyStore() != null) {
					ssl.keyManager(bundle.getManagers().getKeyManagerFactory());
				}
			});
		}
		return builder.build();
	}

	@Bean
	@ConditionalOnMissingBean
	LockPathResolver lockPathResolver(EtcdLockProperties properties) {
		return new EtcdLockPathResolver(properties.getRootPath());
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean({ LockBackend.class, LockRegistry.class })
	EtcdLockBackend etcdLockBackend(Client etcdClient, LockPathResolver lockPathResolver,
			EtcdLockProperties properties) {
		EtcdLockBackend backend = new EtcdLockBackend(etcdClient, lockPathResolver, properties.getLeaseTtl());
		EtcdStartupCheck.check(backend, properties);
		return backend;
	}

	/**
	 * etcd is chosen, or nothing is chosen and ZooKeeper is not there to be the default.
	 */
	static final class EtcdBackendCondition extends AnyNestedCondition {

		EtcdBackendCondition() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@ConditionalOnProperty(name = "distributed-lock.backend", havingValue = "etcd")
		static final class Chosen {

		}

		@ConditionalOnProperty(name = "distributed-lock.backend", havingValue = "etcd", matchIfMissing = true)
		@ConditionalOnMissingClass("io.github.distlock.zookeeper.ZooKeeperLockBackend")
		static final class OnlyBackend {

		}

	}

}
