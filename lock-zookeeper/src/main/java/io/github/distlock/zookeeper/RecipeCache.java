package io.github.distlock.zookeeper;

import java.util.concurrent.ConcurrentHashMap;

import org.apache.curator.framework.CuratorFramework;

/**
 * The recipes of one backend: one per lock path and kind, shared by every thread of the
 * process (Curator's reentrancy is per recipe instance) and reference-counted, so that a recipe a
 * thread holds or awaits is never dropped and an idle one is not kept.
 */
final class RecipeCache {

	/** Lock paths remembered as existing: a few hundred kilobytes at most. */
	private static final int KNOWN_LOCK_PATHS = 4096;

	private final CuratorFramework client;

	private final LockNodeCreator nodeCreator = new LockNodeCreator(new KnownLockPaths(KNOWN_LOCK_PATHS));

	private final ConcurrentHashMap<RecipeKey, RecipeReference> recipes = new ConcurrentHashMap<>();

	RecipeCache(CuratorFramework client) {
		this.client = client;
	}

	/**
	 * The recipe for a key, created if needed, counted as in use until {@link #release}.
	 */
	RecipeReference retain(RecipeKey key) {
		return this.recipes.compute(key, (k, reference) -> {
			RecipeReference result = (reference != null) ? reference : new RecipeReference(createRecipe(k));
			result.retain();
			return result;
		});
	}

	/**
	 * Counts one use of a key's recipe less, and drops the recipe when it was the last.
	 */
	void release(RecipeKey key) {
		this.recipes.computeIfPresent(key, (k, reference) -> (reference.drop() > 0) ? reference : null);
	}

	/**
	 * Whether a thread holds or awaits a lock on a path, through a recipe of any kind.
	 */
	boolean inUse(String path) {
		for (RecipeKind kind : RecipeKind.values()) {
			if (this.recipes.containsKey(new RecipeKey(path, kind))) {
				return true;
			}
		}
		return false;
	}

	int size() {
		return this.recipes.size();
	}

	private CuratorLockRecipe createRecipe(RecipeKey key) {
		return switch (key.kind()) {
			case MUTEX -> new MutexRecipe(this.client, key.path(), this.nodeCreator);
			case SEMAPHORE_MUTEX -> new SemaphoreMutexRecipe(this.client, key.path());
			case READ_WRITE -> new ReadWriteRecipe(this.client, key.path());
		};
	}

}
