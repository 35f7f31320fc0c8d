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

package io.github.distlock.sample;

import io.github.distlock.test.etcd.EtcdCluster;
import io.github.distlock.test.etcd.EtcdServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * The oversell race (stock 100, 1500 purchases, three app instances on the {@code etcd} profile)
 * on an etcd cluster of three member processes, whose leader is killed with SIGKILL in the
 * middle of the race and restarted later ({@link LeaderKilledRace}).
 */
class EtcdClusterLeaderFailureTests {

	@Test
	void stockInvariantHoldsWhenTheLeaderIsKilledMidRace() throws Exception {
		assumeThat(EtcdServer.isAvailable()).as("etcd not found at %s: etcd tests skipped", EtcdServer.binary())
			.isTrue();
		try (EtcdCluster cluster = EtcdCluster.start(3);
				AppInstances instances = AppInstances.start(3, "jdbc:h2:mem:etcd-cluster-race;DB_CLOSE_DELAY=-1", "sa",
						"", AppInstances.onEtcd(String.join(",", cluster.endpoints())))) {
			LeaderKilledRace.runAndCheck("etcd cluster",
					new LeaderKilledRace.Cluster(cluster::awaitLeader, cluster::kill, cluster::restart), instances,
					8001);
		}
	}

}
