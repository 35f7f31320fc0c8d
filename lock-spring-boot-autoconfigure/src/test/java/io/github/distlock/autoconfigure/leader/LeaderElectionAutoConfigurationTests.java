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

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LeaderOnly;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.leader.LeaderContext;
import io.github.distlock.leader.LeaderElection;
import io.github.distlock.leader.LeaderElections;
import io.github.distlock.leader.Leadership;
import io.github.distlock.leader.LeadershipGrantedEvent;
import io.github.distlock.leader.LeadershipListener;
import io.github.distlock.leader.LeadershipRevokedEvent;
import io.github.distlock.leader.LockLeaderElection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code @LeaderOnly}, {@link LeaderElections} and leadership events on a real ZooKeeper, one
 * application context per participant.
 */
class LeaderElectionAutoConfigurationTests {

	private static final Duration LONG = Duration.ofSeconds(20);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class,
					LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class, LeaderElectionAutoConfiguration.class))
			.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString());
	}

	@Test
	void leaderRunsItsLeaderOnlyMethodWithItsTermAndTheOtherSkipsIt() {
		runner().withBean(Reports.class).withBean(Recorder.class)
			.withPropertyValues("distributed-lock.leader.participant-id=first")
			.run((first) -> {
				LeaderElection election = first.getBean(LeaderElections.class).election("reports");
				await().atMost(LONG).until(election::isLeader);
				Leadership term = election.leadership().orElseThrow();
				assertThat(term.participantId()).isEqualTo("first");
				assertThat(first.getBean(Reports.class).run()).contains(term);
				assertThat(first.getBean(Reports.class).count()).isEqualTo(1);
				Recorder firstEvents = first.getBean(Recorder.class);
				await().atMost(LONG)
					.untilAsserted(() -> assertThat(firstEvents.events).containsExactly("granted reports " + term.epoch()));
				runner().withBean(Reports.class).withBean(Recorder.class)
					.withPropertyValues("distributed-lock.leader.participant-id=second")
					.run((second) -> {
						assertThat(second.getBean(LeaderElections.class).election("reports").isLeader()).isFalse();
						assertThat(second.getBean(LeaderElections.class).election("reports").currentLeader())
							.contains("first");
						assertThat(second.getBean(Reports.class).run()).isEmpty();
						assertThat(second.getBean(Reports.class).count()).isNull();
						((ConfigurableApplicationContext) first.getSourceApplicationContext()).close();
						LeaderElection next = second.getBean(LeaderElections.class).election("reports");
						await().atMost(LONG).until(next::isLeader);
						assertThat(next.leadership().orElseThrow().epoch()).isGreaterThan(term.epoch());
						assertThat(next.currentLeader()).contains("second");
						assertThat(second.getBean(Reports.class).run()).isPresent();
					});
				assertThat(firstEvents.events).containsExactly("granted reports " + term.epoch(),
						"revoked reports " + term.epoch() + " LEFT");
			});
	}

	@Test
	void leaderOnlyIsCheckedBeforeTheLock() {
		runner().withBean(LockedReports.class).run((context) -> {
			LeaderElection election = context.getBean(LeaderElections.class).election("locked-reports");
			await().atMost(LONG).until(election::isLeader);
			assertThat(context.getBean(LockedReports.class).run()).isEqualTo("locked");
		});
	}

	@Test
	void configuredElectionsAreJoinedAtStartUp() {
		runner().withPropertyValues("distributed-lock.leader.elections=housekeeping").run((context) -> {
			List<LeaderElection> elections = context.getBean(LeaderElections.class).elections();
			assertThat(elections).extracting(LeaderElection::name).containsExactly("housekeeping");
			await().atMost(LONG).until(() -> elections.get(0).isLeader());
		});
	}

	@Test
	void defaultParticipantIdIsHostAndPid() {
		runner().run((context) -> assertThat(context.getBean(LeaderElections.class).participantId())
			.endsWith(":" + ProcessHandle.current().pid()));
	}

	@Test
	void backsOffForTheApplicationsOwnElections() {
		runner().withUserConfiguration(OwnElections.class)
			.run((context) -> assertThat(context.getBean(LeaderElections.class).participantId()).isEqualTo("mine"));
	}

	@Test
	void canBeSwitchedOff() {
		runner().withPropertyValues("distributed-lock.leader.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(LeaderElections.class));
	}

	@Test
	void blankElectionNameFailsStartup() {
		runner().withBean(Unnamed.class).run((context) -> assertThat(context).hasFailed()
			.getFailure()
			.rootCause()
			.hasMessageContaining("Unnamed.run()")
			.hasMessageContaining("names no election"));
	}

	@Test
	void primitiveReturnTypeFailsStartup() {
		runner().withBean(Counting.class).run((context) -> assertThat(context).hasFailed()
			.getFailure()
			.rootCause()
			.hasMessageContaining("Counting.count()")
			.hasMessageContaining("@LeaderOnly")
			.hasMessageContaining("returns int"));
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnElections {

		@Bean
		LeaderElections myElections(LockRegistry lockRegistry) {
			return new LeaderElections(lockRegistry, "mine", LockLeaderElection.Options.DEFAULTS,
					new LeadershipListener() {
					});
		}

	}

	static class Reports {

		private volatile Integer count;

		@LeaderOnly("reports")
		public Optional<Leadership> run() {
			this.count = (this.count != null) ? this.count + 1 : 1;
			return Optional.ofNullable(LeaderContext.current());
		}

		Integer count() {
			return this.count;
		}

	}

	static class LockedReports {

		@LeaderOnly("locked-reports")
		@DistributedLock(key = "'locked-report'")
		public String run() {
			return (LeaderContext.current() != null && LockContext.current() != null) ? "locked" : "not locked";
		}

	}

	static class Recorder {

		final List<String> events = new CopyOnWriteArrayList<>();

		@EventListener
		void granted(LeadershipGrantedEvent event) {
			this.events.add("granted " + event.getLeadership().election() + " " + event.getLeadership().epoch());
		}

		@EventListener
		void revoked(LeadershipRevokedEvent event) {
			this.events.add("revoked " + event.getLeadership().election() + " " + event.getLeadership().epoch() + " "
					+ event.getReason());
		}

	}

	static class Unnamed {

		@LeaderOnly(" ")
		public void run() {
		}

	}

	static class Counting {

		@LeaderOnly("counting")
		public int count() {
			return 1;
		}

	}

}
