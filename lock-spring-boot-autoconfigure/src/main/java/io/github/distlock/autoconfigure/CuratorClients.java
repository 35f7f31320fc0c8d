/*
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

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.distlock.core.LockBackendException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.client.ZKClientConfig;
import org.jspecify.annotations.Nullable;

/**
 * Builds and starts the auto-configured {@link CuratorFramework}.
 */
final class CuratorClients {

	private static final Log logger = LogFactory.getLog(CuratorClients.class);

	private CuratorClients() {
	}

	static CuratorFramework start(ZooKeeperLockProperties properties, String connectString, ZooKeeperSecurity security,
			Stream<CuratorFrameworkBuilderCustomizer> customizers) throws InterruptedException {
		return start(properties, connectString, security, null, customizers);
	}

	static CuratorFramework start(ZooKeeperLockProperties properties, String connectString, ZooKeeperSecurity security,
			@Nullable ZooKeeperTls tls, Stream<CuratorFrameworkBuilderCustomizer> customizers)
			throws InterruptedException {
		ZooKeeperSasl sasl = ZooKeeperSasl.of(properties.getSasl());
		ZooKeeperLockProperties.Retry retry = properties.getRetry();
		CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs(toIntMillis(properties.getSessionTimeout().toMillis()))
			.connectionTimeoutMs(toIntMillis(properties.getConnectionTimeout().toMillis()))
			.retryPolicy(new ExponentialBackoffRetry(toIntMillis(retry.getBaseSleep().toMillis()),
					retry.getMaxRetries(), toIntMillis(retry.getMaxSleep().toMillis())));
		String namespace = properties.getNamespace();
		if (namespace != null && !namespace.isBlank()) {
			builder.namespace(namespace);
		}
		security.applyTo(builder);
		boolean secure = tls != null && tls.isEnabled();
		if (secure || sasl != null) {
			ZKClientConfig clientConfig = new ZKClientConfig();
			if (secure) {
				tls.applyTo(clientConfig);
			}
			if (sasl != null) {
				sasl.applyTo(clientConfig);
			}
			builder.zkClientConfig(clientConfig);
		}
		customizers.forEach((customizer) -> customizer.customize(builder));
		CuratorFramework client = builder.build();
		ZooKeeperSasl.Outcome authentication = (sasl != null) ? sasl.listen(client) : null;
		client.start();
		long timeout = properties.getConnectionTimeout().toMillis();
		boolean connected = client.blockUntilConnected(toIntMillis(timeout), TimeUnit.MILLISECONDS);
		if (!connected) {
			String message = "Could not connect to ZooKeeper at '" + connectString + "'"
					+ ((tls != null) ? tls.describe() : "") + " within " + timeout
					+ " ms (distributed-lock.zookeeper.connect-string, distributed-lock.zookeeper.connection-timeout)";
			if (properties.isFailFast()) {
				client.close();
				throw new LockBackendException(message + ". Set distributed-lock.zookeeper.fail-fast=false to start "
						+ "anyway; locks then fail until the connection is made", null);
			}
			logger.warn(message + "; starting anyway (fail-fast=false), locks fail until it connects");
		}
		else if (authentication != null) {
			String refusal = authentication.awaitRefusal(timeout);
			if (refusal != null) {
				LockBackendException refused = sasl.refused(connectString, refusal);
				if (properties.isFailFast()) {
					client.close();
					throw refused;
				}
				logger.warn(refused.getMessage() + "; starting anyway (fail-fast=false), locks fail");
			}
		}
		return client;
	}

	private static int toIntMillis(long millis) {
		return (int) Math.min(Integer.MAX_VALUE, millis);
	}

}
