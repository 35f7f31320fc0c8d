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

package io.github.distlock.autoconfigure.etcd;

import io.github.distlock.core.LockBackendException;
import io.github.distlock.etcd.EtcdLockBackend;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * At start-up, waits for etcd to grant the backend its lease within the connect timeout:
 * fails start-up (or, with {@code fail-fast=false}, warns) naming the endpoints, the user and the
 * properties to look at, never the password.
 */
final class EtcdStartupCheck {

	private static final Log logger = LogFactory.getLog(EtcdStartupCheck.class);

	private EtcdStartupCheck() {
	}

	static void check(EtcdLockBackend backend, EtcdLockProperties properties) {
		try {
			backend.awaitLease(properties.getConnectTimeout());
		}
		catch (LockBackendException ex) {
			String message = "Could not start locking on etcd at " + properties.getEndpoints()
					+ ((properties.getUsername() != null) ? " as user '" + properties.getUsername() + "'" : "") + ": "
					+ ex.getMessage() + " (distributed-lock.etcd.endpoints, distributed-lock.etcd.connect-timeout"
					+ ((properties.getUsername() != null)
							? ", distributed-lock.etcd.username, distributed-lock.etcd.password" : "")
					+ ")";
			if (properties.isFailFast()) {
				backend.close();
				throw new LockBackendException(message + ". Set distributed-lock.etcd.fail-fast=false to start "
						+ "anyway; locks then fail until etcd answers", ex.getCause());
			}
			logger.warn(message + "; starting anyway (fail-fast=false), locks fail until etcd answers");
		}
	}

}
