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

import io.github.distlock.zookeeper.ZooKeeperHealthIndicator;
import io.github.distlock.core.LockIntrospection;
import org.apache.curator.framework.CuratorFramework;
import org.jspecify.annotations.Nullable;

/**
 * The ZooKeeper health indicator under its old name and package.
 *
 * @since 0.1.0
 * @deprecated since 0.1.0: the health indicator lives beside its backend, spelt as ZooKeeper is
 * everywhere else; use {@link ZooKeeperHealthIndicator}, which this class is. The
 * auto-configured {@code zookeeperHealthIndicator} bean is still an instance of this class for
 * now, so that it is found under either name.
 */
@Deprecated(since = "0.1.0")
public class ZookeeperHealthIndicator extends ZooKeeperHealthIndicator {

	/**
	 * Creates an indicator; it follows the client's connection state until closed.
	 * @param client the client locks go through
	 * @param path the path whose existence is checked, such as the lock root path
	 * @param timeout how long to wait for ZooKeeper's answer
	 */
	public ZookeeperHealthIndicator(CuratorFramework client, String path, Duration timeout) {
		super(client, path, timeout);
	}

	/**
	 * Creates an indicator whose details also count the application's locks.
	 * @param client the client locks go through
	 * @param path the path whose existence is checked, such as the lock root path
	 * @param timeout how long to wait for ZooKeeper's answer
	 * @param locks the locks the application holds, awaits and keeps, or {@code null}
	 */
	public ZookeeperHealthIndicator(CuratorFramework client, String path, Duration timeout,
			@Nullable LockIntrospection locks) {
		super(client, path, timeout, locks);
	}

}
