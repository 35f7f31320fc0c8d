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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.github.distlock.leader.LeaderElections;
import io.github.distlock.leader.Leadership;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sample's {@code @LeaderOnly} restock job: three instances on one database and one real
 * ZooKeeper schedule it, only the leader runs it, and another instance takes over when the
 * leader stops.
 */
class RestockJobTests {

	private static final Duration LONG = Duration.ofSeconds(30);

	private static final long GOODS = 1;

	@Test
	void onlyTheLeaderRestocksAndAnotherInstanceTakesOverWhenItStops() throws Exception {
		try (TestingServer zookeeper = new TestingServer(true)) {
			List<String> arguments = new ArrayList<>(AppInstances.onZooKeeper(zookeeper.getConnectString()));
			arguments.addAll(List.of("--sample.restock.enabled=true", "--sample.restock.interval=50ms",
					"--sample.restock.level=10", "--sample.restock.goods-no=" + GOODS));
			try (AppInstances instances = AppInstances.start(3, "jdbc:h2:mem:restock;DB_CLOSE_DELAY=-1", "sa", "",
					arguments)) {
				GoodsStockService stock = instances.bean(0, GoodsStockService.class);
				stock.reset(GOODS, 0, true);
				await().atMost(LONG).until(() -> stock.get(GOODS).stock() == 10);
				int leader = soleRunner(instances, List.of(0, 1, 2));
				Leadership term = instances.bean(leader, LeaderElections.class).election("restock").leadership().orElseThrow();
				for (int other = 0; other < 3; other++) {
					if (other != leader) {
						assertThat(instances.bean(other, RestockJob.class).restock()).isEmpty();
						assertThat(instances.bean(other, LeaderElections.class).election("restock").currentLeader())
							.contains(term.participantId());
					}
				}
				assertThat(instances.bean(leader, RestockJob.class).restock()).contains(term);

				instances.context(leader).close();
				List<Integer> rest = new ArrayList<>(List.of(0, 1, 2));
				rest.remove(Integer.valueOf(leader));
				GoodsStockService remaining = instances.bean(rest.get(0), GoodsStockService.class);
				remaining.reset(GOODS, 0, true);
				await().atMost(LONG).until(() -> remaining.get(GOODS).stock() == 10);
				int next = soleRunner(instances, rest);
				Optional<Leadership> nextTerm = instances.bean(next, LeaderElections.class).election("restock")
					.leadership();
				assertThat(nextTerm).hasValueSatisfying((t) -> assertThat(t.epoch()).isGreaterThan(term.epoch()));
			}
		}
	}

	/** The one instance whose job ran; the others only skipped it. */
	private static int soleRunner(AppInstances instances, List<Integer> candidates) {
		await().atMost(LONG).until(() -> candidates.stream().anyMatch((i) -> runs(instances, i) > 0));
		List<Integer> runners = candidates.stream().filter((i) -> runs(instances, i) > 0).toList();
		assertThat(runners).hasSize(1);
		return runners.get(0);
	}

	private static int runs(AppInstances instances, int index) {
		return instances.bean(index, RestockJob.class).runs();
	}

}
