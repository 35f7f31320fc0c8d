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

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties of an in-process ZooKeeper server, for development and tests.
 *
 * @since 0.1.0
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
