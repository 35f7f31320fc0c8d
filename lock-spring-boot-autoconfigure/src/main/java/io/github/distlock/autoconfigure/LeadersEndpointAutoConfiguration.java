package io.github.distlock.autoconfigure;

import io.github.distlock.actuate.LeadersEndpoint;
import io.github.distlock.leader.LeaderElections;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code leaders} endpoint, when it is exposed (for example with
 * {@code management.endpoints.web.exposure.include=health,locks,leaders}).
 */
@AutoConfiguration(after = LeaderElectionAutoConfiguration.class)
@ConditionalOnClass({ Endpoint.class, ConditionalOnAvailableEndpoint.class })
@ConditionalOnAvailableEndpoint(LeadersEndpoint.class)
public final class LeadersEndpointAutoConfiguration {

	@Bean
	@ConditionalOnBean(LeaderElections.class)
	@ConditionalOnMissingBean
	LeadersEndpoint leadersEndpoint(LeaderElections leaderElections) {
		return new LeadersEndpoint(leaderElections);
	}

}
