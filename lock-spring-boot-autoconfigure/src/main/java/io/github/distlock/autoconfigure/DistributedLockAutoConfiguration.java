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

package io.github.distlock.autoconfigure;

import io.github.distlock.core.AsyncLockOperations;
import io.github.distlock.core.AsyncLockRegistry;
import io.github.distlock.core.AsyncLockTemplate;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.fencing.FencedCalls;
import io.github.distlock.interceptor.DistributedLockAdvisor;
import io.github.distlock.interceptor.DistributedLockInterceptor;
import io.github.distlock.interceptor.LockOperationSource;
import io.github.distlock.juc.DistributedLocks;
import io.github.distlock.juc.IntegrationLockRegistry;
import io.github.distlock.reactive.ReactiveLockOperations;
import io.github.distlock.reactive.ReactiveLockTemplate;
import io.github.distlock.transaction.LockInsideTransactionWarning;
import io.github.distlock.transaction.LockLossCommitGuard;
import io.github.distlock.transaction.LockLossCommitGuardRegistrar;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;
import org.springframework.transaction.ConfigurableTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.util.function.SingletonSupplier;
import reactor.core.publisher.Mono;

/**
 * Auto-configuration of {@code @DistributedLock} and {@link LockOperations} on whatever lock
 * backend the application has (a {@link LockRegistry} bean, auto-configured or its own): the
 * programmatic API ({@link AsyncLockOperations} too where the registry can acquire with no
 * thread waiting, and {@link ReactiveLockOperations} with Reactor on the class path), the lock
 * advisor and the commit guard. Every bean backs off when the
 * application defines its own.
 *
 * @since 0.1.0
 */
@AutoConfiguration(after = LockEngineAutoConfiguration.class)
@ConditionalOnBooleanProperty(name = "distributed-lock.enabled", matchIfMissing = true)
@ConditionalOnBean(LockRegistry.class)
@EnableConfigurationProperties(DistributedLockProperties.class)
@Import(LockListenersConfiguration.class)
public final class DistributedLockAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(LockOperations.class)
	LockTemplate lockOperations(LockRegistry lockRegistry, DistributedLockProperties properties) {
		return new LockTemplate(lockRegistry, properties.getLockLost().isFailOnReturn());
	}

	@Bean
	@ConditionalOnMissingBean(AsyncLockOperations.class)
	@ConditionalOnBean(AsyncLockRegistry.class)
	AsyncLockTemplate asyncLockOperations(AsyncLockRegistry lockRegistry, DistributedLockProperties properties) {
		return new AsyncLockTemplate(lockRegistry, properties.getLockLost().isFailOnReturn());
	}

	@Bean
	@ConditionalOnMissingBean
	DistributedLocks distributedLocks(LockOperations lockOperations) {
		return new DistributedLocks(lockOperations);
	}

	@Bean
	LockTypeSupportCheck lockTypeSupportCheck(LockOperationSource lockOperationSource, LockRegistry lockRegistry,
			ObjectProvider<FencedCalls> fencedCalls) {
		return new LockTypeSupportCheck(lockOperationSource, lockRegistry, () -> fencedCalls.getIfAvailable() != null);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Mono.class)
	@ConditionalOnBean(AsyncLockRegistry.class)
	static class ReactiveLockConfiguration {

		@Bean
		@ConditionalOnMissingBean(ReactiveLockOperations.class)
		ReactiveLockTemplate reactiveLockOperations(AsyncLockRegistry lockRegistry,
				ObjectProvider<AsyncLockOperations> asyncLockOperations, DistributedLockProperties properties) {
			boolean failOnLost = properties.getLockLost().isFailOnReturn();
			return new ReactiveLockTemplate(
					asyncLockOperations.getIfAvailable(() -> new AsyncLockTemplate(lockRegistry, failOnLost)),
					failOnLost);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(ConfigurableTransactionManager.class)
	@ConditionalOnBooleanProperty(name = "distributed-lock.lock-lost.rollback-transaction", matchIfMissing = true)
	static class LockLossTransactionConfiguration {

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean
		static LockLossCommitGuardRegistrar lockLossCommitGuardRegistrar() {
			return new LockLossCommitGuardRegistrar(new LockLossCommitGuard());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(org.springframework.integration.support.locks.LockRegistry.class)
	static class IntegrationLockRegistryConfiguration {

		@Bean
		@ConditionalOnMissingBean(org.springframework.integration.support.locks.LockRegistry.class)
		IntegrationLockRegistry integrationLockRegistry(DistributedLocks distributedLocks) {
			return new IntegrationLockRegistry(distributedLocks);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(TransactionSynchronizationManager.class)
	static class LockInsideTransactionConfiguration {

		@Bean
		@ConditionalOnMissingBean
		LockInsideTransactionWarning lockInsideTransactionWarning() {
			return new LockInsideTransactionWarning();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	@Import(DistributedLockProxyRegistrar.class)
	static class DistributedLockAdvisorConfiguration {

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean
		static LockOperationSource lockOperationSource(Environment environment) {
			ConfiguredLockSettings settings = new ConfiguredLockSettings(environment);
			return new LockOperationSource(settings, settings::defaultMaxHold);
		}

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean
		static DistributedLockInterceptor distributedLockInterceptor(LockOperationSource lockOperationSource,
				ObjectProvider<LockOperations> lockOperations, ObjectProvider<AsyncLockOperations> asyncLockOperations,
				ObjectProvider<DistributedLockProperties> properties, ObjectProvider<LockListeners> listeners,
				ObjectProvider<FencedCalls> fencedCalls) {
			return new DistributedLockInterceptor(lockOperationSource,
					SingletonSupplier.of(lockOperations::getObject), SingletonSupplier.of(() -> asyncLockOperations
						.getIfAvailable(() -> {
							throw new IllegalStateException("No AsyncLockOperations bean: the lock registry cannot "
									+ "lock a method that returns a CompletionStage or a Publisher");
						})),
					SingletonSupplier.of(() -> properties.getObject().getDefaultWaitTime()),
					SingletonSupplier.of(() -> listeners.getObject().listener()),
					SingletonSupplier.of(() -> fencedCalls.getIfAvailable(() -> {
						throw new IllegalStateException("No FencedCalls bean: a fenced @DistributedLock method needs a "
								+ "DataSource and a transaction manager");
					})));
		}

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean
		static DistributedLockAdvisor distributedLockAdvisor(LockOperationSource lockOperationSource,
				DistributedLockInterceptor distributedLockInterceptor, Environment environment) {
			DistributedLockAdvisor advisor = new DistributedLockAdvisor(lockOperationSource, distributedLockInterceptor);
			advisor.setOrder(environment.getProperty("distributed-lock.order", Integer.class,
					new DistributedLockProperties().getOrder()));
			return advisor;
		}

	}

}
