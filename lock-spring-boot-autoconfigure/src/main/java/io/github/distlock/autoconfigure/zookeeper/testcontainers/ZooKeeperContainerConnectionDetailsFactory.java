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

package io.github.distlock.autoconfigure.zookeeper.testcontainers;

import io.github.distlock.autoconfigure.zookeeper.ZooKeeperConnectionDetails;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionDetailsFactory;
import org.springframework.boot.testcontainers.service.connection.ContainerConnectionSource;
import org.testcontainers.containers.Container;

/**
 * {@link ZooKeeperConnectionDetails} of a ZooKeeper container annotated with
 * {@code @ServiceConnection}: the container's host and the port mapped to its client port 2181.
 * The connection name is {@code zookeeper}, which a container of the {@code zookeeper} image has.
 */
class ZooKeeperContainerConnectionDetailsFactory
		extends ContainerConnectionDetailsFactory<Container<?>, ZooKeeperConnectionDetails> {

	private static final int CLIENT_PORT = 2181;

	ZooKeeperContainerConnectionDetailsFactory() {
		super("zookeeper");
	}

	@Override
	protected ZooKeeperConnectionDetails getContainerConnectionDetails(ContainerConnectionSource<Container<?>> source) {
		return new ZooKeeperContainerConnectionDetails(source);
	}

	// also of the deprecated old type, so that either type finds the bean, until the old one is removed
	@SuppressWarnings("deprecation")
	private static final class ZooKeeperContainerConnectionDetails extends ContainerConnectionDetails<Container<?>>
			implements io.github.distlock.autoconfigure.ZooKeeperConnectionDetails {

		private ZooKeeperContainerConnectionDetails(ContainerConnectionSource<Container<?>> source) {
			super(source);
		}

		@Override
		public String getConnectString() {
			return getContainer().getHost() + ":" + getContainer().getMappedPort(CLIENT_PORT);
		}

	}

}
