package io.github.distlock.autoconfigure;

import io.github.distlock.actuate.LocksEndpoint;
import io.github.distlock.core.LockIntrospection;
import io.github.distlock.core.LockRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code locks} endpoint, when it is exposed (for example with
 * {@code management.endpoints.web.exposure.include=health,locks}).
 */
@AutoConfiguration(after = DistributedLockAutoConfiguration.class)
@ConditionalOnClass({ Endpoint.class, ConditionalOnAvailableEndpoint.class })
@ConditionalOnAvailableEndpoint(LocksEndpoint.class)
public final class LocksEndpointAutoConfiguration {

	@Bean
	@ConditionalOnBean(LockIntrospection.class)
	@ConditionalOnMissingBean
	LocksEndpoint locksEndpoint(LockIntrospection locks, ObjectProvider<LockRegistry> registry) {
		return new LocksEndpoint(locks, registry.getIfUnique());
	}

}
