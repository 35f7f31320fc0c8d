package io.github.distlock.sample;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.distlock.sample.demo.PurchaseLoad;
import io.github.distlock.test.etcd.EtcdCluster;
import io.github.distlock.test.etcd.EtcdServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

/**
 * The oversell race (stock 100, 1500 purchases, three app instances on the {@code etcd} profile)
 * on an etcd cluster of three member processes, whose leader is killed with SIGKILL in the
 * middle of the race and restarted later. The stock invariant must hold: orders equal the stock
 * sold, never more, and the fencing tokens of the orders are unique and grow with the commit
 * order.
 */
class EtcdClusterLeaderFailureTests {

	private static final int STOCK = 100;

	private static final int REQUESTS = 1500;

	private static final int CONCURRENCY = 60;

	private static final long GOODS_NO = 8001;

	@Test
	void stockInvariantHoldsWhenTheLeaderIsKilledMidRace() throws Exception {
		assumeThat(EtcdServer.isAvailable()).as("etcd not found at %s: etcd tests skipped", EtcdServer.binary())
			.isTrue();
		try (EtcdCluster cluster = EtcdCluster.start(3);
				AppInstances instances = AppInstances.start(3, "jdbc:h2:mem:etcd-cluster-race;DB_CLOSE_DELAY=-1", "sa",
						"", AppInstances.onEtcd(String.join(",", cluster.endpoints())));
				PurchaseLoad load = new PurchaseLoad(instances.uris())) {
			load.reset(GOODS_NO, STOCK);
			ExecutorService buyer = Executors.newSingleThreadExecutor();
			Future<PurchaseLoad.Counts> race = buyer
				.submit(() -> load.fire("etcd-leader-killed", GOODS_NO, "purchase", REQUESTS, CONCURRENCY));
			buyer.shutdown();
			await().atMost(Duration.ofMinutes(2)).until(() -> race.isDone() || load.state(GOODS_NO).orders() >= 30);
			int leader = cluster.awaitLeader(Duration.ofSeconds(10));
			long soldBeforeKill = load.state(GOODS_NO).orders();
			cluster.kill(leader);
			int newLeader = cluster.awaitLeader(Duration.ofSeconds(60));
			await().atMost(Duration.ofMinutes(2)).until(() -> race.isDone() || load.state(GOODS_NO).orders() >= 70);
			cluster.restart(leader);
			PurchaseLoad.Counts counts = race.get(5, TimeUnit.MINUTES);
			PurchaseLoad.State state = load.state(GOODS_NO);
			System.out.printf("etcd cluster race: leader %d killed after %d orders, new leader %d; %s -> %s%n", leader,
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
