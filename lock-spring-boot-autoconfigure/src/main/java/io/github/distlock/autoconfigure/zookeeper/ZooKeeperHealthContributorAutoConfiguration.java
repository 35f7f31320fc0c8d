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

import io.github.distlock.core.LockIntrospection;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZooKeeperHealthIndicator;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code zookeeper} health indicator for the client the ZooKeeper lock
 * backend uses. Switched off by {@code management.health.zookeeper.enabled=false}.
 *
 * @since 0.1.0
 */
@AutoConfiguration(after = ZooKeeperLockAutoConfiguration.class)
@ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class })
@ConditionalOnBean(ZooKeeperLockBackend.class)
@ConditionalOnEnabledHealthIndicator("zookeeper")
public final class ZooKeeperHealthContributorAutoConfiguration {

	/**
	 * A {@link ZooKeeperHealthIndicator} made as its deprecated old type, which it is, so that the
	 * bean is found by either; the new type once the old one is removed.
	 */
	@Bean
	@ConditionalOnMissingBean(name = { "zookeeperHealthIndicator", "zookeeperHealthContributor" })
	@SuppressWarnings("deprecation")
	io.github.distlock.health.ZookeeperHealthIndicator zookeeperHealthIndicator(
			ZooKeeperLockBackend zooKeeperLockBackend, ZooKeeperLockProperties properties,
			ObjectProvider<LockIntrospection> locks) {
		return new io.github.distlock.health.ZookeeperHealthIndicator(zooKeeperLockBackend.client(),
				checkedPath(zooKeeperLockBackend.pathResolver()), properties.getHealth().getTimeout(),
				locks.getIfUnique());
	}

	/**
	 * The lock root path when the resolver tells it, otherwise the client's root.
	 */
	private static String checkedPath(LockPathResolver resolver) {
		return (resolver instanceof ZnodeLockPathResolver znodes) ? znodes.getRootPath() : "/";
	}

}
