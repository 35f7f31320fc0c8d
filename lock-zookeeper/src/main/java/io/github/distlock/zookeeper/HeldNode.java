package io.github.distlock.zookeeper;

import org.apache.curator.framework.recipes.locks.Lease;
import org.jspecify.annotations.Nullable;

/**
 * The lock node a recipe acquired: its path, its fencing token, the lease for recipes that
 * release through one, and the ZooKeeper session that created it ({@code 0} when the recipe
 * does not know it, and the registry takes the session of the acquisition).
 */
record HeldNode(String nodePath, long fencingToken, @Nullable Lease lease, long sessionId) {

	HeldNode(String nodePath, long fencingToken, @Nullable Lease lease) {
		this(nodePath, fencingToken, lease, 0);
	}

	HeldNode inSession(long sessionId) {
		return (sessionId == this.sessionId) ? this : new HeldNode(this.nodePath, this.fencingToken, this.lease, sessionId);
	}

}
