package io.github.distlock.zookeeper;

/**
 * Lets the memory check read how many recipes a registry caches, a number the registry keeps to
 * its package. It sits in the registry's package here, on the benchmark's class path only.
 */
public final class RecipeCacheProbe {

	private RecipeCacheProbe() {
	}

	/**
	 * The recipes the registry caches now; each belongs to a lock that is held or awaited.
	 */
	public static int cachedRecipeCount(ZookeeperLockRegistry registry) {
		return registry.cachedRecipeCount();
	}

}
