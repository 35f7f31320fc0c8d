package io.github.distlock.etcd;

import java.util.concurrent.ExecutionException;

/**
 * etcd no longer knows a lease of the registry (its floor key is gone with it): the contender
 * keys bound to it are gone too.
 */
final class LeaseGoneException extends ExecutionException {

	private static final long serialVersionUID = 1L;

	LeaseGoneException(long leaseId) {
		super("etcd no longer has lease " + Long.toHexString(leaseId));
	}

}
