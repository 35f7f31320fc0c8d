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

import java.time.Duration;

import org.apache.curator.framework.CuratorFrameworkFactory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ZooKeeperLockPropertiesTests {

	private final ZooKeeperLockProperties zookeeper = new ZooKeeperLockProperties();

	@Test
	void connectionTimeoutMatchesCuratorsDefault() {
		assertThat(this.zookeeper.getConnectionTimeout().toMillis())
			.isEqualTo(CuratorFrameworkFactory.builder().getConnectionTimeoutMs());
	}

	@Test
	void sessionTimeoutIsShorterThanCuratorsDefaultAndWithinZooKeepersDefaultBounds() {
		// Curator asks for 60s, which a default server (tickTime 2s) cuts to 40s; we ask for 30s
		// so that a crashed holder's locks are freed sooner.
		assertThat(CuratorFrameworkFactory.builder().getSessionTimeoutMs()).isEqualTo(60_000);
		assertThat(this.zookeeper.getSessionTimeout()).isEqualTo(Duration.ofSeconds(30))
			.isBetween(Duration.ofSeconds(4), Duration.ofSeconds(40));
	}

	@Test
	@SuppressWarnings("deprecation")
	void documentedDefaults() {
		assertThat(this.zookeeper.getRootPath()).isEqualTo("/Locks");
		assertThat(this.zookeeper.getConnectString()).isEqualTo("localhost:2181");
		assertThat(this.zookeeper.getNamespace()).isNull();
		assertThat(this.zookeeper.isFailFast()).isTrue();
		assertThat(this.zookeeper.getRetry().getBaseSleep()).isEqualTo(Duration.ofSeconds(1));
		assertThat(this.zookeeper.getRetry().getMaxRetries()).isEqualTo(3);
		assertThat(this.zookeeper.getRetry().getMaxSleep()).isEqualTo(Duration.ofSeconds(8));
		assertThat(this.zookeeper.getLocalQueue().isEnabled()).isTrue();
		assertThat(this.zookeeper.getLocalQueue().getMaxHandoffs()).isEqualTo(8);
		assertThat(this.zookeeper.getLocalQueue().getMaxHandoffTime()).isEqualTo(Duration.ofMillis(100));
		assertThat(this.zookeeper.getLockLost().isInterruptHolder()).isFalse();
		assertThat(this.zookeeper.getHealth().getTimeout()).isEqualTo(Duration.ofSeconds(1));
		EmbeddedZooKeeperProperties embedded = new EmbeddedZooKeeperProperties();
		assertThat(embedded.isEnabled()).isFalse();
		assertThat(embedded.getPort()).isZero();
	}

}
