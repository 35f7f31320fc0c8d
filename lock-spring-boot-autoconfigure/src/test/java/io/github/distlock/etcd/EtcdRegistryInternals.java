package io.github.distlock.etcd;

/**
 * What the auto-configuration tests read of an {@link EtcdLockBackend} that users cannot.
 */
public final class EtcdRegistryInternals {

	private EtcdRegistryInternals() {
	}

	/** The id of the backend's latest lease. */
	public static long leaseId(EtcdLockBackend backend) {
		EtcdSession.Lease lease = backend.latestLease();
		if (lease == null) {
			throw new IllegalStateException("No lease granted yet");
		}
		return lease.id();
	}

}
