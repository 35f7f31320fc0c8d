package io.github.distlock.etcd;

import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.common.exception.EtcdException;

/**
 * Reads jetcd's failures.
 */
final class EtcdErrors {

	private EtcdErrors() {
	}

	/**
	 * Whether etcd said the lease does not exist: it expired or was revoked.
	 */
	static boolean isLeaseNotFound(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof EtcdException etcd && etcd.getErrorCode() == ErrorCode.NOT_FOUND) {
				return true;
			}
			String message = cause.getMessage();
			if (message != null && message.contains("requested lease not found")) {
				return true;
			}
		}
		return false;
	}

}
