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
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.sample.demo.PurchaseLoad;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The oversell race (stock {@value #STOCK}, {@value #REQUESTS} purchases) over app instances
 * on a cluster of lock servers whose leader is killed with SIGKILL in the middle of the race and
 * restarted later. The stock invariant must hold: orders equal the stock sold, never more, and
 * the fencing tokens of the orders are unique and grow with the commit order.
 */
final class LeaderKilledRace {

	private static final int STOCK = 100;

	private static final int REQUESTS = 1500;

	private static final int CONCURRENCY = 60;

	private LeaderKilledRace() {
	}

	/**
	 * A cluster of lock servers, each known by an index.
	 * @param awaitLeader finds the leader, waiting up to a timeout
	 * @param kill kills a member
	 * @param restart starts a killed member again
	 */
	record Cluster(LeaderFinder awaitLeader, MemberAction kill, MemberAction restart) {
	}

	@FunctionalInterface
	interface LeaderFinder {

		int awaitLeader(Duration timeout) throws Exception;

	}

	@FunctionalInterface
	interface MemberAction {

		void apply(int member) throws Exception;

	}

	static void runAndCheck(String name, Cluster cluster, AppInstances instances, long goodsNo) throws Exception {
		try (PurchaseLoad load = new PurchaseLoad(instances.uris())) {
			load.reset(goodsNo, STOCK);
			// Not on the common ForkJoinPool: fire() blocks while its requests are in flight, and on
			// JDK 25 that starved the HttpClient's completions there (one worker on two cores).
			ExecutorService buyer = Executors.newSingleThreadExecutor();
			Future<PurchaseLoad.Counts> race = buyer
				.submit(() -> load.fire(name, goodsNo, "purchase", REQUESTS, CONCURRENCY));
			buyer.shutdown();
			await().atMost(Duration.ofMinutes(2)).until(() -> race.isDone() || load.state(goodsNo).orders() >= 30);
			int leader = cluster.awaitLeader().awaitLeader(Duration.ofSeconds(10));
			long soldBeforeKill = load.state(goodsNo).orders();
			cluster.kill().apply(leader);
			int newLeader = cluster.awaitLeader().awaitLeader(Duration.ofSeconds(60));
			await().atMost(Duration.ofMinutes(2)).until(() -> race.isDone() || load.state(goodsNo).orders() >= 70);
			cluster.restart().apply(leader);
			PurchaseLoad.Counts counts = race.get(5, TimeUnit.MINUTES);
			PurchaseLoad.State state = load.state(goodsNo);
			System.out.printf("%s race: leader %d killed after %d orders, new leader %d; %s -> %s%n", name, leader,
					soldBeforeKill, newLeader, counts, state);

			assertThat(soldBeforeKill).isLessThan(STOCK);
			assertThat(newLeader).isNotEqualTo(leader);
			assertThat(counts.ok() + counts.soldOut() + counts.lockFailures() + counts.other()).isEqualTo(REQUESTS);
			assertThat(state.orders()).isEqualTo(counts.ok()).isLessThanOrEqualTo(STOCK);
			assertThat(state.lostUpdates(STOCK)).as("orders %d, final stock %d", state.orders(), state.stock()).isZero();
			List<Long> tokens = instances.bean(0, GoodsStockRepository.class).fencingTokensByOrderId(goodsNo);
			assertThat(tokens).hasSize((int) state.orders()).doesNotContainNull().doesNotHaveDuplicates().isSorted();
		}
	}

}
