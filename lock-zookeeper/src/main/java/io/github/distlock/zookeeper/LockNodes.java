package io.github.distlock.zookeeper;

import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Reads of lock nodes shared by the recipes.
 */
final class LockNodes {

	private LockNodes() {
	}

	/**
	 * Reads a node's creation zxid (one {@code exists} round trip).
	 * @param client the client
	 * @param nodePath the node
	 * @return the czxid
	 * @throws KeeperException.NoNodeException if the node is gone
	 * @throws Exception from Curator
	 */
	static long czxid(CuratorFramework client, String nodePath) throws Exception {
		Stat stat = client.checkExists().forPath(nodePath);
		if (stat == null) {
			throw new KeeperException.NoNodeException(nodePath);
		}
		return stat.getCzxid();
	}

}
