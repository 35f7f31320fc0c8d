package io.github.distlock.autoconfigure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties of the ZooKeeper health indicator.
 */
@ConfigurationProperties("management.health.zookeeper")
public class ZookeeperHealthIndicatorProperties {

	/**
	 * How long the health check waits for ZooKeeper to answer before it reports DOWN.
	 */
	private Duration timeout = Duration.ofSeconds(1);

	public Duration getTimeout() {
		return this.timeout;
	}

	public void setTimeout(Duration timeout) {
		if (timeout.isNegative() || timeout.isZero()) {
			throw new IllegalArgumentException("management.health.zookeeper.timeout must be positive, but was " + timeout);
		}
		this.timeout = timeout;
	}

}
