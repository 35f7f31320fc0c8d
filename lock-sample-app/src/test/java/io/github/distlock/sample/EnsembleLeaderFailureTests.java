package io.github.distlock.sample;

import java.nio.file.Path;

import io.github.distlock.sample.ensemble.ZooKeeperEnsemble;
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
		try (ZooKeeperEnsemble ensemble = ZooKeeperEnsemble.start(dir, 3);
				AppInstances instances = AppInstances.start(3, "jdbc:h2:mem:ensemble-race;DB_CLOSE_DELAY=-1", "sa", "",
						ensemble.connectString())) {
			LeaderKilledRace.runAndCheck("Ensemble",
					new LeaderKilledRace.Cluster(ensemble::awaitLeader, ensemble::kill, ensemble::restart), instances,
					7001);
		}
	}

}
