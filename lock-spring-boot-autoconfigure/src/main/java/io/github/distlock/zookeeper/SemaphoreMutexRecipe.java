package io.github.distlock.zookeeper;

import java.util.Collection;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreV2;
import org.apache.curator.framework.recipes.locks.Lease;
import org.apache.curator.utils.ZKPaths;
import org.jspecify.annotations.Nullable;

/**
 * {@link LockType#SEMAPHORE_MUTEX}: a single-lease {@link InterProcessSemaphoreV2}, the recipe
 * behind {@code InterProcessSemaphoreMutex}, used directly so that the lease node (and so its
 * czxid) is known. Not reentrant; the lease may be returned by any thread.
 */
final class SemaphoreMutexRecipe implements CuratorLockRecipe {

	private final CuratorFramework client;

	private final String leasesPath;

	private final InterProcessSemaphoreV2 semaphore;

	SemaphoreMutexRecipe(CuratorFramework client, String path) {
		this.client = client;
		this.leasesPath = ZKPaths.makePath(path, "leases");
		this.semaphore = new InterProcessSemaphoreV2(client, path, 1);
	}

	@Override
	public @Nullable HeldNode acquire(LockType type, long waitNanos) throws Exception {
		Lease lease = this.semaphore.acquire(waitNanos, TimeUnit.NANOSECONDS);
		if (lease == null) {
			return null;
		}
		try {
			// the lease gives its node name only
			String node = ZKPaths.makePath(this.leasesPath, lease.getNodeName());
			return new HeldNode(node, LockNodes.czxid(this.client, node), lease);
		}
		catch (Exception ex) {
			lease.close();
			throw ex;
		}
	}

	@Override
	public void release(LockType type, HeldNode node) throws Exception {
		Lease lease = node.lease();
		if (lease != null) {
			lease.close();
		}
	}

	@Override
	public boolean isHeldByCurrentThread(LockType type) {
		return false;
	}

	@Override
	public Collection<String> participantNodes() throws Exception {
		return this.semaphore.getParticipantNodes();
	}

}
