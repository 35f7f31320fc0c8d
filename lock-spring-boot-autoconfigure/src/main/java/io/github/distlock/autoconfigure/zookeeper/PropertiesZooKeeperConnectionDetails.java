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

/**
 * {@link ZooKeeperConnectionDetails} from {@code distributed-lock.zookeeper.connect-string}; also
 * of the deprecated old type, so that either type finds the bean, until the old one is removed.
 */
@SuppressWarnings("deprecation")
final class PropertiesZooKeeperConnectionDetails
		implements io.github.distlock.autoconfigure.ZooKeeperConnectionDetails {

	private final ZooKeeperLockProperties properties;

	PropertiesZooKeeperConnectionDetails(ZooKeeperLockProperties properties) {
		this.properties = properties;
	}

	@Override
	public String getConnectString() {
		return this.properties.getConnectString();
	}

}
