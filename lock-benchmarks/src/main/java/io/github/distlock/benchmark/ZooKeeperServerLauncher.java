package io.github.distlock.benchmark;

import org.apache.zookeeper.server.ZooKeeperServerMain;

/**
 * Main class of the ZooKeeper server process: ZooKeeper's own {@link ZooKeeperServerMain}, which
 * also exits when the harness that started it is gone.
 */
public final class ZooKeeperServerLauncher {

	private ZooKeeperServerLauncher() {
	}

	/**
	 * Runs a standalone server.
	 * @param args the path of the configuration file, as for {@link ZooKeeperServerMain}
	 */
	public static void main(String[] args) {
		ParentWatch.haltWhenParentExits("ZooKeeper server");
		ZooKeeperServerMain.main(args);
	}

}
