/*
 * SPDX-License-Identifier: Apache-2.0
 * Copyright 2026 the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package io.github.distlock.etcd;

import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.common.exception.EtcdException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/**
 * Reads jetcd's failures.
 */
final class EtcdErrors {

	private EtcdErrors() {
	}

	/**
	 * Whether a call failed because no etcd member could serve it for now (a member gone, a
	 * leader being elected): the same call may succeed a moment later.
	 */
	static boolean isUnavailable(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof EtcdException etcd && etcd.getErrorCode() == ErrorCode.UNAVAILABLE) {
				return true;
			}
			if (cause instanceof StatusRuntimeException grpc && grpc.getStatus().getCode() == Status.Code.UNAVAILABLE) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether a call failed for want of an answer in time, or of a member to serve it: asked
	 * again, it may succeed (unlike a refusal of the credentials or of the request).
	 */
	static boolean isTransient(Throwable failure) {
		if (isUnavailable(failure)) {
			return true;
		}
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof EtcdException etcd && etcd.getErrorCode() == ErrorCode.DEADLINE_EXCEEDED) {
				return true;
			}
			if (cause instanceof StatusRuntimeException grpc
					&& grpc.getStatus().getCode() == Status.Code.DEADLINE_EXCEEDED) {
				return true;
			}
		}
		return false;
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
