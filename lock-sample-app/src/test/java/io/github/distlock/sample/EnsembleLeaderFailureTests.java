package io.github.distlock.sample;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.sample.demo.PurchaseLoad;
import io.github.distlock.sample.ensemble.ZooKeeperEnsemble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The oversell race (stock 100, 1500 purchases, three app instances) on a ZooKeeper ensemble
 * of three separate server processes, whose leader is killed with SIGKILL in the middle of the
 * race and restarted later. The stock invariant must hold: orders equal the stock sold, never
 * more, and the fencing tokens of the orders are unique and grow with the commit order.
 */
class EnsembleLeaderFailureTests {

	private static final int STOCK = 100;

	private static final int REQUESTS = 1500;

	private static final int CONCURRENCY = 60;

	private static final long GOODS_NO = 7001;

	@Test
	void stockInvariantHoldsWhenTheLeaderIsKilledMidRace(@TempDir Path dir) throws Exception {
		try (ZooKeeperEnsemble ensemble = ZooKeeperEnsemble.start(dir, 3);
				AppInstances instances = AppInstances.start(3, "jdbc:h2:mem:ensemble-race;DB_CLOSE_DELAY=-1", "sa", "",
						ensemble.connectString());
				PurchaseLoad load = new PurchaseLoad(instances.uris())) {
			load.reset(GOODS_NO, STOCK);
			// Not on the common ForkJoinPool: fire() blocks while its requests are in flight, and on
			// JDK 25 that starved the HttpClient's completions there (one worker on two cores).
			ExecutorService buyer = Executors.newSingleThreadExecutor();
			Future<PurchaseLoad.Counts> race = buyer
				.submit(() -> load.fire("leader-killed", GOODS_NO, "purchase", REQUESTS, CONCURRENCY));
			buyer.shutdown();
			await().atMost(Duration.ofMinutes(2)).until(() -> race.isDone() || load.state(GOODS_NO).orders() >= 30);
			int leader = ensemble.awaitLeader(Duration.ofSeconds(10));
			long soldBeforeKill = load.state(GOODS_NO).orders();
			ensemble.kill(leader);
			int newLeader = ensemble.awaitLeader(Duration.ofSeconds(60));
			await().atMost(Duration.ofMinutes(2)).until(() -> race.isDone() || load.state(GOODS_NO).orders() >= 70);
			ensemble.restart(leader);
			PurchaseLoad.Counts counts = race.get(5, TimeUnit.MINUTES);
			PurchaseLoad.State state = load.state(GOODS_NO);
			System.out.printf("Ensemble race: leader %d killed after %d orders, new leader %d; %s -> %s%n", leader,
					soldBeforeKill, newLeader, counts, state);

			assertThat(soldBeforeKill).isLessThan(STOCK);
			assertThat(newLeader).isNotEqualTo(leader);
			assertThat(counts.ok() + counts.soldOut() + counts.lockFailures() + counts.other()).isEqualTo(REQUESTS);
			assertThat(state.orders()).isEqualTo(counts.ok()).isLessThanOrEqualTo(STOCK);
			assertThat(state.lostUpdates(STOCK)).as("orders %d, final stock %d", state.orders(), state.stock()).isZero();
			List<Long> tokens = instances.bean(0, GoodsStockRepository.class).fencingTokensByOrderId(GOODS_NO);
			assertThat(tokens).hasSize((int) state.orders()).doesNotContainNull().doesNotHaveDuplicates().isSorted();
		}
	}

}
