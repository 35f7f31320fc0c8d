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

package io.github.distlock.health;

import java.time.Duration;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.zookeeper.ZooKeeperHealthIndicator;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.health.contributor.Status;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The health indicator's deprecated old name still makes the indicator.
 */
@SuppressWarnings("deprecation")
class ZookeeperHealthIndicatorTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	@Test
	void theOldNameIsTheZooKeeperHealthIndicator() throws Exception {
		try (CuratorFramework client = connectedClient(zookeeper.connectString());
				ZookeeperHealthIndicator indicator = new ZookeeperHealthIndicator(client, "/Locks",
						Duration.ofMillis(500))) {
			assertThat(indicator).isInstanceOf(ZooKeeperHealthIndicator.class);
			assertThat(indicator.health().getStatus()).isEqualTo(Status.UP);
		}
	}

}
