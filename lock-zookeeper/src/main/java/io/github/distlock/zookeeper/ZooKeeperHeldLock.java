package io.github.distlock.zookeeper;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;

/**
 * A lock held through a ZooKeeper node. Its state follows the session that created the node.
 */
final class ZooKeeperHeldLock implements BackendLock {

	private final ZooKeeperLockBackend backend;

	private final RecipeKey recipeKey;

	private final CuratorLockRecipe recipe;

	private final LockType type;

	private final HeldNode node;

	/**
	 * The losses reported before the acquisition began, which do not concern the lock; one
	 * reported while it waited does, on the safe side.
	 */
	private final long lossesBefore;

	ZooKeeperHeldLock(ZooKeeperLockBackend backend, RecipeKey recipeKey, CuratorLockRecipe recipe, LockType type,
			HeldNode node, long lossesBefore) {
		this.backend = backend;
		this.recipeKey = recipeKey;
		this.recipe = recipe;
		this.type = type;
		this.node = node;
		this.lossesBefore = lossesBefore;
	}

	@Override
	public long fencingToken() {
		return this.node.fencingToken();
	}

	@Override
	public String describe() {
		return "node " + this.node.nodePath();
	}

	@Override
	public LockState state() {
		return this.backend.session().stateOf(this.node.sessionId(), this.lossesBefore);
	}

	@Override
	public void release() {
		this.backend.release(this);
	}

	long lossesBefore() {
		return this.lossesBefore;
	}

	RecipeKey recipeKey() {
		return this.recipeKey;
	}

	CuratorLockRecipe recipe() {
		return this.recipe;
	}

	LockType type() {
		return this.type;
	}

	HeldNode node() {
		return this.node;
	}

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

}
