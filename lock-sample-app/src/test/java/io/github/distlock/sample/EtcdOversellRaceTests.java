package io.github.distlock.sample;

import java.util.List;

import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The race on one shared in-memory H2 database and a real etcd server, the instances running
 * with the sample's {@code etcd} profile: the same annotation, the same outcome as on ZooKeeper.
 * Skipped without an {@code etcd} binary.
 */
class EtcdOversellRaceTests extends AbstractOversellRaceTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	@Override
	protected String jdbcUrl() {
		return "jdbc:h2:mem:oversell-race-etcd;DB_CLOSE_DELAY=-1";
	}

	@Override
	protected List<String> lockArguments() {
		return AppInstances.onEtcd(etcd.endpoint());
	}

	@Override
	protected long goodsBase() {
		return 4000;
	}

}
