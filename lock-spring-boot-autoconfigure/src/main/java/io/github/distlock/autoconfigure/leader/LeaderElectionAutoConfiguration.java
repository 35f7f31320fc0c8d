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

package io.github.distlock.autoconfigure.leader;

import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.DistributedLockProperties;
import io.github.distlock.autoconfigure.DistributedLockProxyRegistrar;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.interceptor.LeaderOnlyAdvisor;
import io.github.distlock.interceptor.LeaderOnlyInterceptor;
import io.github.distlock.interceptor.LeaderOnlySource;
import io.github.distlock.leader.LeaderElections;
import io.github.distlock.leader.LeadershipListener;
import io.github.distlock.leader.LockLeaderElection;
import io.github.distlock.metrics.LeadershipMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;
import org.springframework.util.function.SingletonSupplier;

/**
 * Auto-configuration of leader elections on the application's lock backend:
 * {@link LeaderElections}, {@code @LeaderOnly}, and leadership events. Every bean backs off when
 * the application defines its own.
 *
 * @since 0.1.0
 */
// the metrics auto-configuration is named, not referenced: it is optional, and a class that is
// absent makes the annotation unreadable (a WARN at every start-up without it)
@AutoConfiguration(after = DistributedLockAutoConfiguration.class,
		afterName = { "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
				"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration" })
@ConditionalOnBooleanProperty(name = { "distributed-lock.enabled", "distributed-lock.leader.enabled" },
		matchIfMissing = true)
@ConditionalOnBean(LockRegistry.class)
// the properties are bound as their deprecated old type, which they are, so that either type finds them
@EnableConfigurationProperties(io.github.distlock.autoconfigure.LeaderElectionProperties.class)
@SuppressWarnings("deprecation")
public final class LeaderElectionAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	LeaderElections leaderElections(LockRegistry lockRegistry, LeaderElectionProperties properties,
			ObjectProvider<LeadershipListener> listeners, ApplicationEventPublisher publisher) {
		String participantId = (properties.getParticipantId() != null) ? properties.getParticipantId()
				: LeaderElections.defaultParticipantId();
		return new LeaderElections(lockRegistry, participantId,
				new LockLeaderElection.Options(properties.isInterruptOnRevoke(), properties.getRetryDelay(),
						properties.getPauseTolerance()),
				new LeadershipListeners(listeners, publisher));
	}

	@Bean
	LeaderElectionsLifecycle leaderElectionsLifecycle(LeaderElections leaderElections, LeaderOnlySource leaderOnlySource,
			LeaderElectionProperties properties) {
		return new LeaderElectionsLifecycle(leaderElections, leaderOnlySource, properties.getElections());
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	@ConditionalOnBean(MeterRegistry.class)
	@ConditionalOnBooleanProperty(name = "distributed-lock.metrics.enabled", matchIfMissing = true)
	static class LeadershipMetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		LeadershipMetrics leadershipMetrics(MeterRegistry meterRegistry) {
			return new LeadershipMetrics(meterRegistry);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	@Import(DistributedLockProxyRegistrar.class)
	static class LeaderOnlyAdvisorConfiguration {

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean
		static LeaderOnlySource leaderOnlySource() {
			return new LeaderOnlySource();
		}

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean
		static LeaderOnlyInterceptor leaderOnlyInterceptor(LeaderOnlySource leaderOnlySource,
				ObjectProvider<LeaderElections> leaderElections) {
			return new LeaderOnlyInterceptor(leaderOnlySource, SingletonSupplier.of(leaderElections::getObject));
		}

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean
		static LeaderOnlyAdvisor leaderOnlyAdvisor(LeaderOnlySource leaderOnlySource,
				LeaderOnlyInterceptor leaderOnlyInterceptor, Environment environment) {
			LeaderOnlyAdvisor advisor = new LeaderOnlyAdvisor(leaderOnlySource, leaderOnlyInterceptor);
			// before the lock advisor: a method that is both is skipped without taking the lock
			advisor.setOrder(environment.getProperty("distributed-lock.order", Integer.class,
					new DistributedLockProperties().getOrder()) - 1);
			return advisor;
		}

	}

}
