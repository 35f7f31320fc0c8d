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

package io.github.distlock.autoconfigure.etcd;

import io.github.distlock.core.LockIntrospection;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.etcd.EtcdHealthIndicator;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.etcd.EtcdLockPathResolver;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code etcd} health indicator for the cluster the etcd lock backend
 * uses. Switched off by {@code management.health.etcd.enabled=false}.
 *
 * @since 0.1.0
 */
@AutoConfiguration(after = EtcdLockAutoConfiguration.class)
@ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class, EtcdLockBackend.class })
@ConditionalOnBean(EtcdLockBackend.class)
@ConditionalOnEnabledHealthIndicator("etcd")
public final class EtcdHealthContributorAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = { "etcdHealthIndicator", "etcdHealthContributor" })
	EtcdHealthIndicator etcdHealthIndicator(EtcdLockBackend etcdLockBackend, EtcdLockProperties properties,
			ObjectProvider<LockIntrospection> locks) {
		return new EtcdHealthIndicator(etcdLockBackend, checkedKey(etcdLockBackend.pathResolver()),
				properties.getHealth().getTimeout(), locks.getIfUnique());
	}

	/**
	 * The lock root when the resolver tells it, otherwise the client's root.
	 */
	private static String checkedKey(LockPathResolver resolver) {
		return (resolver instanceof EtcdLockPathResolver paths) ? paths.getRootPath() : "/";
	}

}
