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

	/** The id of the registry's latest lease. */
	public static long leaseId(EtcdLockRegistry registry) {
		EtcdSession.Lease lease = registry.latestLease();
		if (lease == null) {
			throw new IllegalStateException("No lease granted yet");
		}
		return lease.id();
	}

}
