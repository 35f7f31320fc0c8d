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
import java.util.Optional;

import io.etcd.jetcd.Client;
import io.github.distlock.annotation.LeaderOnly;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.etcd.EtcdLockAutoConfiguration;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.leader.LeaderContext;
import io.github.distlock.leader.LeaderElection;
import io.github.distlock.leader.LeaderElections;
import io.github.distlock.leader.Leadership;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Leader election behind the same {@code @LeaderOnly} on a real etcd server: one application
 * context per participant, each with a lease of its own. A lease revoked from outside frees the
 * election's lock at once, and its holder learns of it at its next keep-alive: until then both
 * believe they lead, under different epochs.
 */
class EtcdLeaderElectionTests {

	private static final Duration LONG = Duration.ofSeconds(30);

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private ApplicationContextRunner runner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(EtcdLockAutoConfiguration.class,
					LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class, LeaderElectionAutoConfiguration.class))
			.withPropertyValues("distributed-lock.backend=etcd", "distributed-lock.etcd.endpoints=" + etcd.endpoint(),
					"distributed-lock.etcd.lease-ttl=5s")
			.withBean(Reports.class);
	}

	@Test
	void leaderIsElectedOnEtcdAndAnotherLeadsWithAGreaterEpochWhenItsLeaseIsRevoked() {
		runner().withPropertyValues("distributed-lock.leader.participant-id=first").run((first) -> {
			LeaderElection leading = first.getBean(LeaderElections.class).election("etcd-reports");
			await().atMost(LONG).until(leading::isLeader);
			long epoch = leading.leadership().orElseThrow().epoch();
			assertThat(first.getBean(Reports.class).run()).hasValueSatisfying((term) -> assertThat(term.epoch()).isEqualTo(epoch));
			runner().withPropertyValues("distributed-lock.leader.participant-id=second").run((second) -> {
				LeaderElection waiting = second.getBean(LeaderElections.class).election("etcd-reports");
				assertThat(second.getBean(Reports.class).run()).isEmpty();
				// the first participant's lease ends, as when its process stalls past the lease TTL
				first.getBean(Client.class).getLeaseClient().revoke(leaseOf(first)).get();
				await().atMost(LONG).until(waiting::isLeader);
				// the first learns of the revocation at its next keep-alive; its epoch is the older one
				await().atMost(LONG).until(() -> !leading.isLeader());
				assertThat(waiting.leadership().orElseThrow().epoch()).isGreaterThan(epoch);
				assertThat(second.getBean(Reports.class).run()).isPresent();
				assertThat(first.getBean(Reports.class).run()).isEmpty();
			});
		});
	}

	private static long leaseOf(ConfigurableApplicationContext context) {
		return context.getBean(EtcdLockBackend.class).leaseId().orElseThrow();
	}

	static class Reports {

		@LeaderOnly("etcd-reports")
		public Optional<Leadership> run() {
			return Optional.ofNullable(LeaderContext.current());
		}

	}

}
