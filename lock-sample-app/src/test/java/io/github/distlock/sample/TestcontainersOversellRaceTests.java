package io.github.distlock.sample;

import java.util.List;

import org.testcontainers.containers.GenericContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.mysql.MySQLContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The race on a MySQL container and a ZooKeeper container. Skipped where no Docker engine is
 * available.
 */
@Testcontainers(disabledWithoutDocker = true)
class TestcontainersOversellRaceTests extends AbstractOversellRaceTests {

	@Container
	static final MySQLContainer mysql = new MySQLContainer(DockerImageName.parse("mysql:8.4"));

	@Container
	static final GenericContainer<?> zookeeper = new GenericContainer<>(DockerImageName.parse("zookeeper:3.9"))
		.withExposedPorts(2181);

	@Override
	protected String jdbcUrl() {
		return mysql.getJdbcUrl();
	}

	@Override
	protected String username() {
		return mysql.getUsername();
	}

	@Override
	protected String password() {
		return mysql.getPassword();
	}

	@Override
	protected List<String> lockArguments() {
		return AppInstances.onZooKeeper(zookeeper.getHost() + ":" + zookeeper.getMappedPort(2181));
	}

	@Override
	protected long goodsBase() {
		return 3000;
	}

}
