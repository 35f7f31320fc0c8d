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

package io.github.distlock.actuate;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.distlock.leader.LeaderElection;
import io.github.distlock.leader.LeaderElections;
import io.github.distlock.leader.Leadership;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The {@code leadership} health indicator: {@code UP} while this process takes part in its
 * elections, {@code OUT_OF_SERVICE} when it has left them, with each election's leadership as a
 * detail. Whether this process leads is never a reason to be {@code DOWN}: a follower is healthy.
 * Whether this process leads is local state; the current leader of an election this process
 * does not lead is one bounded read of the lock service (none while it cannot be reached), left
 * out when it fails.
 *
 * @since 0.1.0
 */
public class LeadershipHealthIndicator implements HealthIndicator {

	private final LeaderElections elections;

	public LeadershipHealthIndicator(LeaderElections elections) {
		this.elections = elections;
	}

	@Override
	public Health health() {
		Health.Builder health = this.elections.isRunning() ? Health.up() : Health.outOfService();
		health.withDetail("participantId", this.elections.participantId());
		this.elections.elections()
			.stream()
			.sorted(Comparator.comparing(LeaderElection::name))
			.forEach((election) -> health.withDetail(election.name(), detail(election)));
		return health.build();
	}

	private static Map<String, Object> detail(LeaderElection election) {
		Map<String, Object> detail = new LinkedHashMap<>();
		Leadership term = election.leadership().orElse(null);
		detail.put("leader", term != null);
		if (term != null) {
			detail.put("epoch", term.epoch());
			detail.put("since", term.grantedAt().toString());
		}
		String currentLeader = (term != null) ? term.participantId() : CurrentLeaders.read(election);
		if (currentLeader != null) {
			detail.put("currentLeader", currentLeader);
		}
		return detail;
	}

}
