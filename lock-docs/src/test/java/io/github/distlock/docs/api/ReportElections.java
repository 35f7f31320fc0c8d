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
package io.github.distlock.docs.api;

import java.util.Optional;

import io.github.distlock.core.LockRegistry;
import io.github.distlock.leader.LeaderElection;
import io.github.distlock.leader.LeaderElections;
import io.github.distlock.leader.Leadership;
import io.github.distlock.leader.LeadershipListener;
import io.github.distlock.leader.LeadershipRevokedEvent;
import io.github.distlock.leader.LockLeaderElection;
import io.github.distlock.leader.RevocationReason;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;

/**
 * Leader elections in code: the {@code LeaderElections} bean, listeners and events, and an
 * election without Spring.
 */
@Configuration(proxyBeanMethods = false)
class ReportElections {

	private static final Log log = LogFactory.getLog(ReportElections.class);

	private final LeaderElections elections;

	ReportElections(LeaderElections elections) {
		this.elections = elections;
	}

	Optional<Report> reportIfLeader() {
		// tag::elections[]
		LeaderElection reports = elections.election("reports");
		boolean leads = reports.isLeader();                        // only this tells a process it may act
		Optional<Leadership> term = reports.leadership();          // epoch, granted at; empty unless it leads
		Optional<String> leader = reports.currentLeader();         // the leader's participant id, in any process
		Report report = reports.executeAsLeader((leadership) -> build(leadership.epoch()));   // else NotLeaderException
		// end::elections[]
		return Optional.of(report);
	}

	void compaction() {
		// tag::selector[]
		elections.election("compaction", (leadership) -> compact(leadership.epoch()));
		// end::selector[]
	}

	// tag::listener[]
	@Bean
	LeadershipListener leadershipLog() {
		return new LeadershipListener() {

			@Override
			public void granted(Leadership leadership) {
				log.info("Leading " + leadership.election() + " in epoch " + leadership.epoch());
			}

			@Override
			public void revoked(Leadership leadership, RevocationReason reason) {
				log.warn("No longer leading " + leadership.election() + ": " + reason);
			}

		};
	}
	// end::listener[]

	// tag::event[]
	@EventListener
	void onRevoked(LeadershipRevokedEvent event) {
		log.warn(event.getLeadership().election() + " revoked: " + event.getReason());   // IN_DOUBT, LOST, PAUSED, LEFT
	}
	// end::event[]

	static void withoutSpring(LockRegistry registry, LeadershipListener listener) {
		// tag::without-spring[]
		LockLeaderElection election = new LockLeaderElection(registry, "reports", LeaderElections.defaultParticipantId(),
				LockLeaderElection.Options.DEFAULTS, listener);
		election.start();                   // joins, on a thread of its own
		// … election.isLeader(), election.executeAsLeader(…)
		election.close();                   // leaves for good
		// end::without-spring[]
	}

	private Report build(long epoch) {
		return new Report("reports", epoch);
	}

	private void compact(long epoch) {
	}

}
