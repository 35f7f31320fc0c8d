package io.github.distlock.autoconfigure;

import io.github.distlock.core.LockPathResolver;
import io.github.distlock.etcd.EtcdHealthIndicator;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.etcd.EtcdLockPathResolver;
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
 */
@AutoConfiguration(after = EtcdLockAutoConfiguration.class)
@ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class, EtcdLockBackend.class })
@ConditionalOnBean(EtcdLockBackend.class)
@ConditionalOnEnabledHealthIndicator("etcd")
public final class EtcdHealthContributorAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = { "etcdHealthIndicator", "etcdHealthContributor" })
	EtcdHealthIndicator etcdHealthIndicator(EtcdLockBackend etcdLockBackend, EtcdLockProperties properties) {
		return new EtcdHealthIndicator(etcdLockBackend, checkedKey(etcdLockBackend.pathResolver()),
				properties.getHealth().getTimeout());
	}

	/**
	 * The lock root when the resolver tells it, otherwise the client's root.
	 */
	private static String checkedKey(LockPathResolver resolver) {
		return (resolver instanceof EtcdLockPathResolver paths) ? paths.getRootPath() : "/";
	}

}
