package io.github.distlock.zookeeper;

import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLockHandle;
import io.github.distlock.core.spi.LocalLockQueue;
import org.jspecify.annotations.Nullable;

/**
 * A lock held through a ZooKeeper node. Its state follows the connection of the session that
 * created the node.
 */
final class ZookeeperLockHandle extends BackendLockHandle {

	private final ZookeeperLockRegistry registry;

	private final RecipeKey recipeKey;

	private final RecipeReference reference;

	private final HeldNode node;

	ZookeeperLockHandle(ZookeeperLockRegistry registry, RecipeKey recipeKey, RecipeReference reference,
			LockRequest request, HeldNode node) {
		super(request, recipeKey.path(), LockState.HELD);
		this.registry = registry;
		this.recipeKey = recipeKey;
		this.reference = reference;
		this.node = node;
	}

	@Override
	public long fencingToken() {
		return this.node.fencingToken();
	}

	/**
	 * The lock node this holder created.
	 * @return the node path
	 */
	String nodePath() {
		return this.node.nodePath();
	}

	/**
	 * The ZooKeeper session the lock is held in.
	 * @return the session id
	 */
	long sessionId() {
		return this.node.sessionId();
	}

	RecipeKey recipeKey() {
		return this.recipeKey;
	}

	RecipeReference reference() {
		return this.reference;
	}

	CuratorLockRecipe recipe() {
		return this.reference.recipe();
	}

	@Nullable LocalLockQueue localQueue() {
		return this.reference.local();
	}

	HeldNode node() {
		return this.node;
	}

	@Override
	protected void release() {
		this.registry.release(this);
	}

}
