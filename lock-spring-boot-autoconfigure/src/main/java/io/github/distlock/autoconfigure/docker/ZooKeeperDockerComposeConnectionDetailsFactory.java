package io.github.distlock.autoconfigure.docker;

import io.github.distlock.autoconfigure.ZooKeeperConnectionDetails;
import org.springframework.boot.docker.compose.core.RunningService;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionDetailsFactory;
import org.springframework.boot.docker.compose.service.connection.DockerComposeConnectionSource;

/**
 * {@link ZooKeeperConnectionDetails} of a Docker Compose service of the {@code zookeeper} image:
 * the service's host and the port mapped to its client port 2181.
 */
class ZooKeeperDockerComposeConnectionDetailsFactory
		extends DockerComposeConnectionDetailsFactory<ZooKeeperConnectionDetails> {

	private static final int CLIENT_PORT = 2181;

	ZooKeeperDockerComposeConnectionDetailsFactory() {
		super("zookeeper");
	}

	@Override
	protected ZooKeeperConnectionDetails getDockerComposeConnectionDetails(DockerComposeConnectionSource source) {
		return new ZooKeeperDockerComposeConnectionDetails(source.getRunningService());
	}

	private static final class ZooKeeperDockerComposeConnectionDetails extends DockerComposeConnectionDetails
			implements ZooKeeperConnectionDetails {

		private final String connectString;

		private ZooKeeperDockerComposeConnectionDetails(RunningService service) {
			super(service);
			this.connectString = service.host() + ":" + service.ports().get(CLIENT_PORT);
		}

		@Override
		public String getConnectString() {
			return this.connectString;
		}

	}

}
