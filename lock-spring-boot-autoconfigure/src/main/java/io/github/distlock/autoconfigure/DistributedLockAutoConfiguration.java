package io.github.distlock.autoconfigure;

import java.io.IOException;
import java.time.Duration;

import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.interceptor.DistributedLockAdvisor;
import io.github.distlock.interceptor.DistributedLockInterceptor;
import io.github.distlock.interceptor.LockOperationSource;
import io.github.distlock.transaction.LockLossCommitGuard;
import io.github.distlock.transaction.LockLossCommitGuardRegistrar;
import io.github.distlock.zookeeper.EmbeddedZooKeeperServer;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
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
import org.springframework.util.function.SingletonSupplier;

/**
 * Auto-configuration of {@code @DistributedLock} and {@link LockOperations} on ZooKeeper: a
 * started {@link CuratorFramework} (unless the application defines one), the lock registry,
 * the programmatic API and the lock advisor. Every bean backs off when the application defines
 * its own.
 */
@AutoConfiguration
@ConditionalOnClass({ CuratorFramework.class, InterProcessMutex.class })
@ConditionalOnBooleanProperty(name = "distributed-lock.enabled", matchIfMissing = true)
@EnableConfigurationProperties(DistributedLockProperties.class)
public final class DistributedLockAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	LockPathResolver lockPathResolver(DistributedLockProperties properties) {
		return new ZnodeLockPathResolver(properties.getRootPath());
	}

	@Bean
	@ConditionalOnMissingBean(LockRegistry.class)
	ZookeeperLockRegistry lockRegistry(CuratorFramework curatorFramework, LockPathResolver lockPathResolver,
			ObjectProvider<LockListener> listeners, DistributedLockProperties properties) {
		if (curatorFramework.getState() == CuratorFrameworkState.LATENT) {
			curatorFramework.start();
		}
		ZookeeperLockRegistry registry = new ZookeeperLockRegistry(curatorFramework, lockPathResolver,
				new CompositeLockListener(listeners.orderedStream().toList()),
				new ZookeeperLockRegistry.Options(properties.getLockLost().isInterruptHolder(),
						properties.getLocalQueue().isEnabled(), properties.getLocalQueue().getMaxHandoffs(),
						properties.getLocalQueue().getMaxHandoffTime()));
		registry.verifyServer();
		return registry;
	}

	@Bean
	@ConditionalOnMissingBean(LockOperations.class)
	LockTemplate lockOperations(LockRegistry lockRegistry, ObjectProvider<LockListener> listeners,
			DistributedLockProperties properties) {
		return new LockTemplate(lockRegistry, new CompositeLockListener(listeners.orderedStream().toList()),
				properties.getLockLost().isFailOnReturn());
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
	@ConditionalOnBooleanProperty(name = "distributed-lock.zookeeper.embedded.enabled")
	static class EmbeddedZooKeeperConfiguration {

		@Bean(destroyMethod = "close")
		@ConditionalOnMissingBean
		EmbeddedZooKeeperServer embeddedZooKeeperServer(DistributedLockProperties properties) throws IOException {
			return EmbeddedZooKeeperServer.start(properties.getZookeeper().getEmbedded().getPort());
		}

		@Bean(destroyMethod = "close")
		@ConditionalOnMissingBean
		CuratorFramework curatorFramework(EmbeddedZooKeeperServer embeddedZooKeeperServer,
				DistributedLockProperties properties, ObjectProvider<CuratorFrameworkBuilderCustomizer> customizers)
				throws InterruptedException {
			return CuratorClients.start(properties.getZookeeper(), embeddedZooKeeperServer.getConnectString(),
					customizers.orderedStream());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty(name = "distributed-lock.zookeeper.embedded.enabled", havingValue = false,
			matchIfMissing = true)
	static class CuratorFrameworkConfiguration {

		@Bean(destroyMethod = "close")
		@ConditionalOnMissingBean
		CuratorFramework curatorFramework(DistributedLockProperties properties,
				ObjectProvider<CuratorFrameworkBuilderCustomizer> customizers) throws InterruptedException {
			return CuratorClients.start(properties.getZookeeper(), properties.getZookeeper().getConnectString(),
					customizers.orderedStream());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
	@Import(DistributedLockProxyRegistrar.class)
	static class DistributedLockAdvisorConfiguration {

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean
		static LockOperationSource lockOperationSource() {
			return new LockOperationSource();
		}

		@Bean
		@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
		@ConditionalOnMissingBean
		static DistributedLockInterceptor distributedLockInterceptor(LockOperationSource lockOperationSource,
				ObjectProvider<LockOperations> lockOperations, ObjectProvider<DistributedLockProperties> properties,
				ObjectProvider<LockListener> listeners) {
			return new DistributedLockInterceptor(lockOperationSource,
					SingletonSupplier.of(lockOperations::getObject),
					SingletonSupplier.of(() -> properties.getObject().getDefaultWaitTime()),
					SingletonSupplier.of(() -> new CompositeLockListener(listeners.orderedStream().toList())));
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
