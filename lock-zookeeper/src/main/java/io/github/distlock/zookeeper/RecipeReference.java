package io.github.distlock.zookeeper;

/**
 * A cached recipe and how many acquisitions and held locks use it.
 */
final class RecipeReference {

	private final CuratorLockRecipe recipe;

	/** Guarded by the cache map's per-key lock: only changed inside compute. */
	private int references;

	RecipeReference(CuratorLockRecipe recipe) {
		this.recipe = recipe;
	}

	/** Counts one more use; called inside the cache map's compute only. */
	void retain() {
		this.references++;
	}

	/**
	 * Counts one use less; called inside the cache map's compute only.
	 * @return the uses left
	 */
	int drop() {
		return --this.references;
	}

	CuratorLockRecipe recipe() {
		return this.recipe;
	}

}
