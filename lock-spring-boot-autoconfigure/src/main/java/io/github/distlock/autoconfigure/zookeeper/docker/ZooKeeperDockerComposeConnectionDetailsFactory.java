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

package io.github.distlock.autoconfigure.zookeeper.docker;

import io.github.distlock.autoconfigure.zookeeper.ZooKeeperConnectionDetails;
import org.springframework.boot.docker.compose.core.RunningService;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionDetailsFactory;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionSource;

/**
 * {@link ZooKeeperConnectionDetails} of a Docker Compose service of the {@code zookeeper} image:
 * the service's host and the port mapped to its client port 2181.
 */
class ZooKeeperDockerComposeConnectionDetailsFactory
		extends DockerComposeConnectionDetailsFactory<ZooKeeperConnectionDetails> {

	private static final int CLIENT_PORT = 2181;

	ZooKeeperDockerComposeConnectionDetailsFactory() {
		super("zookeeper");
	}

	@Override
	protected ZooKeeperConnectionDetails getDockerComposeConnectionDetails(DockerComposeConnectionSource source) {
		return new ZooKeeperDockerComposeConnectionDetails(source.getRunningService());
	}

	// also of the deprecated old type, so that either type finds the bean, until the old one is removed
	@SuppressWarnings("deprecation")
	private static final class ZooKeeperDockerComposeConnectionDetails extends DockerComposeConnectionDetails
			implements io.github.distlock.autoconfigure.ZooKeeperConnectionDetails {

		private final String connectString;

		private ZooKeeperDockerComposeConnectionDetails(RunningService service) {
			super(service);
			this.connectString = service.host() + ":" + service.ports().get(CLIENT_PORT);
		}

		@Override
		public String getConnectString() {
			return this.connectString;
		}

	}

}
