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
package io.github.distlock.docs.backends;

import java.util.Collection;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.LockBackend;

/**
 * A stand-in for an application's own backend: what it implements, without a lock service
 * behind it.
 */
class AcmeLockBackend implements LockBackend {

	AcmeLockBackend(AcmeClient client) {
	}

	@Override
	public String pathOf(String key) {
		throw new UnsupportedOperationException();
	}

	@Override
	public BackendLock acquire(LockRequest request, String path, long deadlineNanos) {
		throw new UnsupportedOperationException();
	}

	@Override
	public BackendLock acquireReadInWrite(BackendLock write, LockRequest request, long deadlineNanos) {
		throw new UnsupportedOperationException();
	}

	@Override
	public Collection<String> participants(String key, LockType type) {
		throw new UnsupportedOperationException();
	}

	@Override
	public void onStateChange(Runnable callback) {
	}

	/** A stand-in for the lock service's client. */
	interface AcmeClient {

	}

}
