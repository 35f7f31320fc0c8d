package io.github.distlock.zookeeper;

/**
 * What tests of other packages may read of a registry's insides.
 */
public final class RegistryInternals {

	private RegistryInternals() {
	}

	/**
	 * The recipes the registry caches now; each belongs to a lock that is held or awaited.
	 */
	public static int cachedRecipeCount(ZookeeperLockRegistry registry) {
		return registry.cachedRecipeCount();
	}

}
