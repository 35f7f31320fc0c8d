package io.github.distlock.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties of an in-process ZooKeeper server, for development and tests.
 */
@ConfigurationProperties("distributed-lock.zookeeper.embedded")
public class EmbeddedZooKeeperProperties {

	/**
	 * Whether to start a ZooKeeper server in this JVM and connect to it instead of
	 * connect-string. For development and tests only.
	 */
	private boolean enabled;

	/**
	 * Client port of the embedded server; 0 picks a free port.
	 */
	private int port;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public int getPort() {
		return this.port;
	}

	public void setPort(int port) {
		this.port = port;
	}

}
