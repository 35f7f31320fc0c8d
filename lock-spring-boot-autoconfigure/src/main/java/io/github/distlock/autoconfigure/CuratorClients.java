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
		ZKClientConfig clientConfig = (tls != null) ? tls.clientConfig() : null;
		if (clientConfig != null) {
			builder.zkClientConfig(clientConfig);
		}
		customizers.forEach((customizer) -> customizer.customize(builder));
		CuratorFramework client = builder.build();
		client.start();
		long timeout = properties.getConnectionTimeout().toMillis();
		if (!client.blockUntilConnected(toIntMillis(timeout), TimeUnit.MILLISECONDS)) {
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
		return client;
	}

	private static int toIntMillis(long millis) {
		return (int) Math.min(Integer.MAX_VALUE, millis);
	}

}
