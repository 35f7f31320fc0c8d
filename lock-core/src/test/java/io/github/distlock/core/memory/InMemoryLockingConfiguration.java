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

package io.github.distlock.core.memory;

import java.time.Duration;

import io.github.distlock.core.AsyncLockOperations;
import io.github.distlock.core.AsyncLockTemplate;
import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.fencing.FencedCalls;
import io.github.distlock.interceptor.DistributedLockAdvisor;
import io.github.distlock.interceptor.DistributedLockInterceptor;
import io.github.distlock.interceptor.LockOperationSource;
import io.github.distlock.juc.DistributedLocks;
import io.github.distlock.transaction.LockInsideTransactionWarning;
import io.github.distlock.transaction.LockLossCommitGuard;
import io.github.distlock.transaction.LockLossCommitGuardRegistrar;
import org.springframework.aop.config.AopConfigUtils;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.ImportBeanDefinitionRegistrar;
import org.springframework.context.annotation.Role;
import org.springframework.core.Ordered;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.util.function.SingletonSupplier;

/**
 * Locking in a plain Spring application context on the in-memory backend, wired as the
 * auto-configuration wires it on a real backend: the one {@link LockEngine} over an
 * {@link InMemoryLockBackend} of the context's {@link InMemoryLockService} bean, told of every
 * lock event by the context's {@link LockListener} beans; the {@link LockTemplate}; the
 * {@code @DistributedLock} advisor, ordered just before the transaction advisor so that the lock
 * is wider than the transaction; the commit guard and the warning of a lock taken inside a
 * transaction. The test owns the {@link InMemoryLockService} and gives it to the context, so
 * that another {@link InMemoryLockBackend} of the same service can stand for another process.
 * What an application sets with {@code distributed-lock.*} properties, a context sets with a
 * {@link Settings} bean.
 */
@Configuration(proxyBeanMethods = false)
@Import(InMemoryLockingConfiguration.AutoProxyRegistrar.class)
public class InMemoryLockingConfiguration {

	/**
	 * Starts a context with this configuration, the default settings and the given components.
	 * @param service the lock service the context's backend is a client of
	 * @param components configuration classes and beans of the test
	 * @return the refreshed context, for the test to close
	 */
	public static AnnotationConfigApplicationContext start(InMemoryLockService service, Class<?>... components) {
		return start(service, Settings.DEFAULTS, components);
	}

	/**
	 * Starts a context with this configuration, the given settings and components.
	 * @param service the lock service the context's backend is a client of
	 * @param settings what the properties would set
	 * @param components configuration classes and beans of the test
	 * @return the refreshed context, for the test to close
	 */
	public static AnnotationConfigApplicationContext start(InMemoryLockService service, Settings settings,
			Class<?>... components) {
		AnnotationConfigApplicationContext context = prepare(service, settings);
		if (components.length > 0) {
			context.register(components);
		}
		context.refresh();
		return context;
	}

	/**
	 * A context with this configuration and the given settings, not refreshed yet.
	 * @param service the lock service the context's backend is a client of
	 * @param settings what the properties would set
	 * @return the context, for the test to add to, refresh and close
	 */
	public static AnnotationConfigApplicationContext prepare(InMemoryLockService service, Settings settings) {
		AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
		context.registerBean(InMemoryLockService.class, () -> service);
		context.registerBean(Settings.class, () -> settings);
		context.register(InMemoryLockingConfiguration.class);
		return context;
	}

	@Bean(destroyMethod = "close")
	InMemoryLockBackend lockBackend(InMemoryLockService service) {
		return new InMemoryLockBackend(service);
	}

	@Bean(destroyMethod = "close")
	LockEngine lockRegistry(InMemoryLockBackend lockBackend, ObjectProvider<LockListener> listeners) {
		return new LockEngine(lockBackend, listenersOf(listeners), LockEngine.Options.STANDARD);
	}

	@Bean
	LockTemplate lockOperations(LockRegistry lockRegistry, Settings settings) {
		return new LockTemplate(lockRegistry, settings.failOnLost());
	}

	@Bean
	AsyncLockTemplate asyncLockOperations(LockEngine lockRegistry, Settings settings) {
		return new AsyncLockTemplate(lockRegistry, settings.failOnLost());
	}

	@Bean
	DistributedLocks distributedLocks(LockRegistry lockRegistry) {
		return new DistributedLocks(lockRegistry);
	}

	@Bean
	LockInsideTransactionWarning lockInsideTransactionWarning() {
		return new LockInsideTransactionWarning();
	}

	@Bean
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	static BeanPostProcessor lockLossCommitGuardRegistrar(ObjectProvider<Settings> settings) {
		return settings.getObject().rollbackOnLoss() ? new LockLossCommitGuardRegistrar(new LockLossCommitGuard())
				: new BeanPostProcessor() {
				};
	}

	@Bean
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	static LockOperationSource lockOperationSource() {
		return new LockOperationSource();
	}

	@Bean
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	static DistributedLockInterceptor distributedLockInterceptor(LockOperationSource lockOperationSource,
			ObjectProvider<LockOperations> lockOperations, ObjectProvider<AsyncLockOperations> asyncLockOperations,
			ObjectProvider<Settings> settings, ObjectProvider<LockListener> listeners,
			ObjectProvider<FencedCalls> fencedCalls) {
		return new DistributedLockInterceptor(lockOperationSource, SingletonSupplier.of(lockOperations::getObject),
				SingletonSupplier.of(asyncLockOperations::getObject),
				SingletonSupplier.of(() -> settings.getObject().defaultWaitTime()),
				SingletonSupplier.of(() -> listenersOf(listeners)), SingletonSupplier.of(fencedCalls::getObject));
	}

	@Bean
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	static DistributedLockAdvisor distributedLockAdvisor(LockOperationSource lockOperationSource,
			DistributedLockInterceptor distributedLockInterceptor) {
		DistributedLockAdvisor advisor = new DistributedLockAdvisor(lockOperationSource, distributedLockInterceptor);
		advisor.setOrder(Settings.ORDER);
		return advisor;
	}

	/**
	 * The listener beans as one listener, looked up at the first event, as the auto-configuration
	 * gives them to the engine and to the interceptor.
	 */
	private static LockListener listenersOf(ObjectProvider<LockListener> listeners) {
		return CompositeLockListener.lookedUpAtFirstEvent(() -> listeners.orderedStream().toList());
	}

	/**
	 * What an application sets with the backend-neutral {@code distributed-lock.*} properties, with
	 * their defaults.
	 *
	 * @param defaultWaitTime the wait of an annotation that gives none
	 * ({@code distributed-lock.default-wait-time})
	 * @param failOnLost whether work whose lock was lost throws
	 * ({@code distributed-lock.lock-lost.fail-on-return})
	 * @param rollbackOnLoss whether a transaction whose lock was lost or is in doubt at commit is
	 * rolled back ({@code distributed-lock.lock-lost.rollback-transaction})
	 */
	public record Settings(Duration defaultWaitTime, boolean failOnLost, boolean rollbackOnLoss) {

		/** The properties' defaults. */
		public static final Settings DEFAULTS = new Settings(Duration.ofSeconds(10), true, true);

		/** The advisor's order ({@code distributed-lock.order}): just before the transaction advisor. */
		static final int ORDER = Ordered.LOWEST_PRECEDENCE - 1;

		public Settings withDefaultWaitTime(Duration defaultWaitTime) {
			return new Settings(defaultWaitTime, this.failOnLost, this.rollbackOnLoss);
		}

		public Settings withLockLossOnlyLogged() {
			return new Settings(this.defaultWaitTime, false, false);
		}

	}

	/**
	 * Makes sure an auto-proxy creator applies the infrastructure advisors, as the
	 * auto-configuration (and {@code @EnableTransactionManagement}) does.
	 */
	static class AutoProxyRegistrar implements ImportBeanDefinitionRegistrar {

		@Override
		public void registerBeanDefinitions(AnnotationMetadata importingClassMetadata,
				BeanDefinitionRegistry registry) {
			AopConfigUtils.registerAutoProxyCreatorIfNecessary(registry);
		}

	}

}
