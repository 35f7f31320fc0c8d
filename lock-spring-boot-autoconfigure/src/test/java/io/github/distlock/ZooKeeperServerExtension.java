package io.github.distlock;

import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real ZooKeeper server (Curator's {@link TestingServer}) for the tests of one class:
 * {@code @RegisterExtension static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();}
 */
public final class ZooKeeperServerExtension implements BeforeAllCallback, AfterAllCallback {

	private TestingServer server;

	@Override
	public void beforeAll(ExtensionContext context) throws Exception {
		this.server = new TestingServer(true);
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		this.server.close();
	}

	/**
	 * The server's connect string.
	 * @return the connect string
	 */
	public String connectString() {
		return this.server.getConnectString();
	}

	/**
	 * The server, to stop or restart it.
	 * @return the server
	 */
	public TestingServer server() {
		return this.server;
	}

}
