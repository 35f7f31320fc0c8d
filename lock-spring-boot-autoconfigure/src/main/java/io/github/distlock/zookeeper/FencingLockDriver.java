package io.github.distlock.zookeeper;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.StandardLockInternalsDriver;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * The standard lock driver, but the create also returns the node's {@link Stat}, so the
 * node's creation zxid is known as a fencing token without another round trip.
 */
final class FencingLockDriver extends StandardLockInternalsDriver {

	private final ThreadLocal<CreatedNode> lastCreated = new ThreadLocal<>();

	@Override
	public String createsTheLock(CuratorFramework client, String path, byte @Nullable [] lockNodeBytes)
			throws Exception {
		Stat stat = new Stat();
		var create = client.create()
			.storingStatIn(stat)
			.creatingParentContainersIfNeeded()
			.withProtection()
			.withMode(CreateMode.EPHEMERAL_SEQUENTIAL);
		String ourPath = (lockNodeBytes != null) ? create.forPath(path, lockNodeBytes) : create.forPath(path);
		this.lastCreated.set(new CreatedNode(ourPath, stat.getCzxid()));
		return ourPath;
	}

	/**
	 * Returns the creation zxid of the node the calling thread created last, if it is the given
	 * node, and forgets it.
	 * @param nodePath the node
	 * @return the czxid, or {@code 0} when unknown (the create was recovered after a
	 * connection loss without a stat)
	 */
	long takeCzxid(String nodePath) {
		CreatedNode created = this.lastCreated.get();
		this.lastCreated.remove();
		return (created != null && created.path().equals(nodePath)) ? created.czxid() : 0;
	}

	void forget() {
		this.lastCreated.remove();
	}

	private record CreatedNode(String path, long czxid) {
	}

}
