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
package io.github.distlock.core.engine;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.core.spi.RevocableBackend;
import io.github.distlock.core.spi.RevocableLock;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Revocation, for a backend that has it ({@link RevocableBackend}, {@link RevocableLock}): the
 * watch the engine sets on the lock of a revocable handle, once per hold, and telling the
 * handles of a request.
 */
final class Revocations {

	private static final Log logger = LogFactory.getLog(Revocations.class);

	private final LockBackend backend;

	private final LockTable table;

	private final CompositeLockListener listener;

	private final boolean interruptHolder;

	Revocations(LockBackend backend, LockTable table, CompositeLockListener listener, boolean interruptHolder) {
		this.backend = backend;
		this.table = table;
		this.listener = listener;
		this.interruptHolder = interruptHolder;
	}

	@SuppressWarnings("deprecation")
	boolean supports(LockType type) {
		return (this.backend instanceof RevocableBackend revocable) ? revocable.supportsRevocation(type)
				: this.backend.supportsRevocation(type);
	}

	@SuppressWarnings("deprecation")
	boolean request(String key, String path, LockType type) throws Exception {
		return (this.backend instanceof RevocableBackend revocable) ? revocable.requestRevocation(key, path, type)
				: this.backend.requestRevocation(key, path, type);
	}

	/**
	 * Watches the lock of a revocable handle for revocation requests, once per hold, and tells
	 * of one made before.
	 * @throws LockBackendException if the watch could not be set up
	 */
	void watch(EngineLockHandle handle) {
		Hold hold = handle.hold();
		if (hold.startWatchingRevocation()) {
			try {
				watch(hold.lock(), () -> requested(hold));
			}
			catch (RuntimeException ex) {
				// a later revocable re-entry tries again
				hold.stopWatchingRevocation();
				throw new LockBackendException("Could not watch lock '" + handle.key() + "' (" + handle.path()
						+ ") for revocation requests, so it was not handed out: " + ex, ex);
			}
		}
		if (hold.revocationRequested()) {
			tell(handle);
		}
	}

	@SuppressWarnings("deprecation")
	private static void watch(BackendLock lock, Runnable onRequested) {
		if (lock instanceof RevocableLock revocable) {
			revocable.watchRevocation(onRequested);
		}
		else {
			lock.watchRevocation(onRequested);
		}
	}

	private void requested(Hold hold) {
		hold.revocationRequested(true);
		this.table.forEachHandle((handle) -> {
			if (handle.hold() == hold && handle.request().revocable()) {
				tell(handle);
			}
		});
	}

	private void tell(EngineLockHandle handle) {
		if (handle.markRevocationTold()) {
			logger.info("Revocation of lock '" + handle.key() + "' (" + handle.hold().lock().describe()
					+ ") held by thread '" + handle.holderThread() + "' was requested");
			if (this.interruptHolder) {
				handle.interruptHolderUnlessClosed();
			}
			this.listener.onRevocationRequested(handle);
		}
	}

}
