package io.github.distlock.autoconfigure;

import java.time.Duration;

import org.apache.curator.framework.CuratorFrameworkFactory;
import org.junit.jupiter.api.Test;
import org.springframework.core.Ordered;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class DistributedLockPropertiesTests {

	private final DistributedLockProperties properties = new DistributedLockProperties();

	@Test
	void connectionTimeoutMatchesCuratorsDefault() {
		assertThat(this.properties.getZookeeper().getConnectionTimeout().toMillis())
			.isEqualTo(CuratorFrameworkFactory.builder().getConnectionTimeoutMs());
	}

	@Test
	void sessionTimeoutIsShorterThanCuratorsDefaultAndWithinZooKeepersDefaultBounds() {
		// Curator asks for 60s, which a default server (tickTime 2s) cuts to 40s; we ask for 30s
		// so that a crashed holder's locks are freed sooner.
		assertThat(CuratorFrameworkFactory.builder().getSessionTimeoutMs()).isEqualTo(60_000);
		assertThat(this.properties.getZookeeper().getSessionTimeout()).isEqualTo(Duration.ofSeconds(30))
			.isBetween(Duration.ofSeconds(4), Duration.ofSeconds(40));
	}

	@Test
	void documentedDefaults() {
		assertThat(this.properties.isEnabled()).isTrue();
		assertThat(this.properties.getRootPath()).isEqualTo("/Locks");
		assertThat(this.properties.getDefaultWaitTime()).isEqualTo(Duration.ofSeconds(10));
		assertThat(this.properties.getOrder()).isEqualTo(Ordered.LOWEST_PRECEDENCE - 1);
		assertThat(this.properties.getZookeeper().getConnectString()).isEqualTo("localhost:2181");
		assertThat(this.properties.getZookeeper().getNamespace()).isNull();
		assertThat(this.properties.getZookeeper().isFailFast()).isTrue();
		assertThat(this.properties.getZookeeper().getRetry().getBaseSleep()).isEqualTo(Duration.ofSeconds(1));
		assertThat(this.properties.getZookeeper().getRetry().getMaxRetries()).isEqualTo(3);
		assertThat(this.properties.getZookeeper().getRetry().getMaxSleep()).isEqualTo(Duration.ofSeconds(8));
		assertThat(this.properties.getZookeeper().getEmbedded().isEnabled()).isFalse();
		assertThat(this.properties.getZookeeper().getEmbedded().getPort()).isZero();
	}

	@Test
	void negativeDefaultWaitTimeIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.properties.setDefaultWaitTime(Duration.ofSeconds(-1)))
			.withMessageContaining("distributed-lock.default-wait-time");
	}

}
