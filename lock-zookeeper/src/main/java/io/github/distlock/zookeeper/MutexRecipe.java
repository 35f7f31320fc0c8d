package io.github.distlock.zookeeper;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.spi.FencingTokens;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.jspecify.annotations.Nullable;

/**
 * {@link LockType#MUTEX}: an {@link InterProcessMutex} whose driver captures the lock node's
 * czxid at creation.
 */
final class MutexRecipe implements CuratorLockRecipe {

	private final CuratorFramework client;

	private final FencingLockDriver driver;

	private final FencedMutex mutex;

	/** Tokens of the nodes held now, so that a reentrant acquisition reports the same token. */
	private final Map<String, Long> tokens = new ConcurrentHashMap<>();

	MutexRecipe(CuratorFramework client, String path, LockNodeCreator creator) {
		this.client = client;
		this.driver = new FencingLockDriver(creator);
		this.mutex = new FencedMutex(client, path, this.driver);
	}

	@Override
	public @Nullable HeldNode acquire(LockType type, long waitNanos) throws Exception {
		boolean reentering = this.mutex.isOwnedByCurrentThread();
		if (!this.mutex.acquire(waitNanos, TimeUnit.NANOSECONDS)) {
			this.driver.forget();
			return null;
		}
		String node = this.mutex.ourLockPath();
		if (reentering) {
			return new HeldNode(node, this.tokens.get(node), null);
		}
		long token = this.driver.takeCzxid(node);
		if (token == 0) {
			try {
				token = LockNodes.czxid(this.client, node);
			}
			catch (Exception ex) {
				this.mutex.release();
				throw ex;
			}
		}
		token = FencingTokens.of(token, 0);
		this.tokens.put(node, token);
		return new HeldNode(node, token, null);
	}

	@Override
	public void release(LockType type, HeldNode node) throws Exception {
		try {
			this.mutex.release();
		}
		finally {
			if (!this.mutex.isOwnedByCurrentThread()) {
				this.tokens.remove(node.nodePath());
			}
		}
	}

	@Override
	public boolean isHeldByCurrentThread(LockType type) {
		return this.mutex.isOwnedByCurrentThread();
	}

	@Override
	public Collection<String> participantNodes() throws Exception {
		return this.mutex.getParticipantNodes();
	}

	/**
	 * Exposes the node path of the calling thread's hold.
	 */
	private static final class FencedMutex extends InterProcessMutex {

		FencedMutex(CuratorFramework client, String path, FencingLockDriver driver) {
			super(client, path, driver);
		}

		String ourLockPath() {
			return getLockPath();
		}

	}

}
