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

import java.nio.file.Path;

import io.github.distlock.test.zookeeper.ZooKeeperProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The oversell race (stock 100, 1500 purchases, three app instances) on a ZooKeeper ensemble
 * of three separate server processes, whose leader is killed with SIGKILL in the middle of the
 * race and restarted later ({@link LeaderKilledRace}).
 */
class EnsembleLeaderFailureTests {

	@Test
	void stockInvariantHoldsWhenTheLeaderIsKilledMidRace(@TempDir Path dir) throws Exception {
		ZooKeeperProcesses.Builder servers = ZooKeeperProcesses.builder()
			.servers(3)
			.directory(dir)
			.property("tickTime", "1000");
		try (ZooKeeperProcesses ensemble = servers.start();
				AppInstances instances = AppInstances.start(3, "jdbc:h2:mem:ensemble-race;DB_CLOSE_DELAY=-1", "sa", "",
						ensemble.connectString())) {
			LeaderKilledRace.runAndCheck("Ensemble",
					new LeaderKilledRace.Cluster(ensemble::awaitLeader, ensemble::kill, ensemble::restart), instances,
					7001);
		}
	}

}
