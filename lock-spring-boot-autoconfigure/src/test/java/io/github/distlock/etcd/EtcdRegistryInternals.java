package io.github.distlock.etcd;

/**
 * What the auto-configuration tests read of an {@link EtcdLockRegistry} that users cannot.
 */
public final class EtcdRegistryInternals {

	private EtcdRegistryInternals() {
	}

	public static EtcdLockRegistry.Options options(EtcdLockRegistry registry) {
		return registry.options();
	}

}
