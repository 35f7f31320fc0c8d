package io.github.distlock.sample;

import java.util.List;

import org.apache.curator.test.TestingServer;

/**
 * The race on one shared in-memory H2 database (one URL, three connection pools) and one
 * ZooKeeper test server.
 */
class H2OversellRaceTests extends AbstractOversellRaceTests {

	private TestingServer zookeeper;

	@Override
	protected void startInfrastructure() throws Exception {
		this.zookeeper = new TestingServer(true);
	}

	@Override
	protected void stopInfrastructure() throws Exception {
		if (this.zookeeper != null) {
			this.zookeeper.close();
		}
	}

	@Override
	protected String jdbcUrl() {
		return "jdbc:h2:mem:oversell-race;DB_CLOSE_DELAY=-1";
	}

	@Override
	protected List<String> lockArguments() {
		return AppInstances.onZooKeeper(this.zookeeper.getConnectString());
	}

	@Override
	protected long goodsBase() {
		return 1000;
	}

}
