package io.github.distlock.autoconfigure;

import io.github.distlock.actuate.LeadershipHealthIndicator;
import io.github.distlock.leader.LeaderElections;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@code leadership} health indicator. Switched off by
 * {@code management.health.leadership.enabled=false}.
 */
@AutoConfiguration(after = LeaderElectionAutoConfiguration.class)
@ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class })
@ConditionalOnBean(LeaderElections.class)
@ConditionalOnEnabledHealthIndicator("leadership")
public final class LeadershipHealthContributorAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = { "leadershipHealthIndicator", "leadershipHealthContributor" })
	LeadershipHealthIndicator leadershipHealthIndicator(LeaderElections leaderElections) {
		return new LeadershipHealthIndicator(leaderElections);
	}

}
