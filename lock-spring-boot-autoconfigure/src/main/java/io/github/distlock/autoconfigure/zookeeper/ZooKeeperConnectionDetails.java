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

import org.springframework.boot.autoconfigure.service.connection.ConnectionDetails;

/**
 * Where the ZooKeeper ensemble is, when it is not {@code distributed-lock.zookeeper.connect-string}:
 * a bean of this type (as Spring Boot's Testcontainers {@code @ServiceConnection} and Docker
 * Compose support define for a ZooKeeper container) replaces the property.
 *
 * @since 0.1.0
 */
public interface ZooKeeperConnectionDetails extends ConnectionDetails {

	/**
	 * Comma-separated {@code host:port} pairs of the ensemble, optionally followed by a chroot
	 * path.
	 * @return the connect string
	 */
	String getConnectString();

}
