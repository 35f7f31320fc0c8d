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

import java.util.stream.Stream;

import io.github.distlock.zookeeper.CuratorClientFactory;
import io.github.distlock.zookeeper.CuratorClientFactory.Acl;
import io.github.distlock.zookeeper.CuratorClientFactory.Setting;
import io.github.distlock.zookeeper.ZooKeeperTls;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.ACLProvider;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.ssl.SslBundle;
import org.springframework.boot.ssl.SslBundles;
import org.springframework.boot.ssl.SslStoreBundle;

/**
 * Adapts {@code distributed-lock.zookeeper.*} and Spring Boot's SSL bundles to a
 * {@link CuratorClientFactory}, whose failures then name the properties.
 */
final class CuratorClients {

	private CuratorClients() {
	}

	/**
	 * A factory of clients of the given ensemble, configured by the properties; the caller adds
	 * TLS and customizers.
	 */
	static CuratorClientFactory factory(ZooKeeperLockProperties properties, String connectString,
			@Nullable ACLProvider aclProvider) {
		ZooKeeperLockProperties.Retry retry = properties.getRetry();
		return new CuratorClientFactory(connectString).settingNames(CuratorClients::propertyName)
			.sessionTimeout(properties.getSessionTimeout())
			.connectionTimeout(properties.getConnectionTimeout())
			.retry(retry.getBaseSleep(), retry.getMaxRetries(), retry.getMaxSleep())
			.namespace(properties.getNamespace())
			.authorization(properties.getAuth().getScheme(), properties.getAuth().getCredentials())
			.acl((properties.getAcl() == ZooKeeperLockProperties.Acl.CREATOR_ALL) ? Acl.CREATOR_ALL : Acl.OPEN)
			.aclProvider(aclProvider)
			.sasl(properties.getSasl().getLoginContext(), properties.getSasl().isFipsMode())
			.failFast(properties.isFailFast());
	}

	/**
	 * Starts a client of the factory, customized by the application's customizers in order.
	 */
	static CuratorFramework start(CuratorClientFactory factory, Stream<CuratorFrameworkBuilderCustomizer> customizers)
			throws InterruptedException {
		customizers.forEach((customizer) -> factory.customizer(customizer::customize));
		return factory.start();
	}

	/**
	 * TLS as {@code distributed-lock.zookeeper.ssl.*} asks: off, the JVM's default trust store,
	 * or the stores of an SSL bundle.
	 */
	static ZooKeeperTls tls(ZooKeeperLockProperties.Ssl ssl, @Nullable SslBundles bundles) {
		String bundleName = ssl.getBundle();
		if (bundleName == null) {
			return ssl.isEnabled() ? ZooKeeperTls.withDefaultTrust() : ZooKeeperTls.disabled();
		}
		if (bundles == null) {
			throw new IllegalStateException("distributed-lock.zookeeper.ssl.bundle is '" + bundleName
					+ "' but there are no SSL bundles (spring.ssl.bundle.*)");
		}
		SslBundle bundle = bundles.getBundle(bundleName);
		SslStoreBundle stores = bundle.getStores();
		String keyPassword = (bundle.getKey().getPassword() != null) ? bundle.getKey().getPassword()
				: stores.getKeyStorePassword();
		return ZooKeeperTls.withStores("SSL bundle '" + bundleName + "'", stores.getTrustStore(), stores.getKeyStore(),
				keyPassword, bundle.getKey().getAlias());
	}

	/**
	 * The property each setting of the factory is read from.
	 */
	static String propertyName(Setting setting) {
		return switch (setting) {
			case CONNECT_STRING -> "distributed-lock.zookeeper.connect-string";
			case CONNECTION_TIMEOUT -> "distributed-lock.zookeeper.connection-timeout";
			case FAIL_FAST -> "distributed-lock.zookeeper.fail-fast";
			case AUTHORIZATION_SCHEME -> "distributed-lock.zookeeper.auth.scheme";
			case AUTHORIZATION_CREDENTIALS -> "distributed-lock.zookeeper.auth.credentials";
			case ACL -> "distributed-lock.zookeeper.acl";
			case SASL_LOGIN_CONTEXT -> "distributed-lock.zookeeper.sasl.login-context";
			case SASL_FIPS_MODE -> "distributed-lock.zookeeper.sasl.fips-mode";
			case TLS -> "distributed-lock.zookeeper.ssl.*";
		};
	}

}
