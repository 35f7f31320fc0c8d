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
