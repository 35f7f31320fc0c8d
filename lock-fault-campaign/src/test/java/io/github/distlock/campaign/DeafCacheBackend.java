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
package io.github.distlock.campaign;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.core.spi.OwnerRecordingBackend;
import io.github.distlock.core.spi.RevocableBackend;
import io.github.distlock.core.spi.RevocableLock;
import org.jspecify.annotations.Nullable;

/**
 * A deliberately broken lock cache, for {@code -Dcampaign.cache=broken}: the backend's locks
 * say they watch their queue but never tell of a contender, so a worker keeps every lock it
 * cached until the idle time ends, however long another process waits. The campaign must catch
 * it (a key that a fresh client cannot take after the faults, a worker that makes no progress).
 */
final class DeafCacheBackend implements RevocableBackend, OwnerRecordingBackend {

	private final LockBackend backend;

	DeafCacheBackend(LockBackend backend) {
		this.backend = backend;
	}

	@Override
	public Set<LockType> supportedTypes() {
		return this.backend.supportedTypes();
	}

	@Override
	public String pathOf(String key) {
		return this.backend.pathOf(key);
	}

	@Override
	public BackendLock acquire(LockRequest request, String path, long deadlineNanos) throws InterruptedException {
		return new DeafLock(this.backend.acquire(request, path, deadlineNanos));
	}

	@Override
	public BackendLock acquireReadInWrite(BackendLock write, LockRequest request, long deadlineNanos)
			throws InterruptedException {
		return new DeafLock(this.backend.acquireReadInWrite(((DeafLock) write).lock, request, deadlineNanos));
	}

	@Override
	public Collection<String> participants(String key, LockType type) {
		return this.backend.participants(key, type);
	}

	@Override
	public void onStateChange(Runnable callback) {
		this.backend.onStateChange(callback);
	}

	@Override
	public boolean supportsRevocation(LockType type) {
		return ((RevocableBackend) this.backend).supportsRevocation(type);
	}

	@Override
	public boolean requestRevocation(String key, String path, LockType type) throws Exception {
		return ((RevocableBackend) this.backend).requestRevocation(key, path, type);
	}

	@Override
	public Optional<String> ownerOf(String key, String path, LockType type) throws Exception {
		return ((OwnerRecordingBackend) this.backend).ownerOf(key, path, type);
	}

	private static final class DeafLock implements RevocableLock {

		private final BackendLock lock;

		DeafLock(BackendLock lock) {
			this.lock = lock;
		}

		@Override
		public long fencingToken() {
			return this.lock.fencingToken();
		}

		@Override
		public String describe() {
			return this.lock.describe();
		}

		@Override
		public LockState state() {
			return this.lock.state();
		}

		@Override
		public @Nullable BackendLock handOff() {
			BackendLock next = this.lock.handOff();
			return (next != null) ? new DeafLock(next) : null;
		}

		/** The broken part: a watch that never tells. */
		@Override
		public @Nullable ContenderWatch watchContenders(Runnable onContender) {
			return () -> {
			};
		}

		@Override
		public void release() {
			this.lock.release();
		}

		@Override
		public void watchRevocation(Runnable onRequested) {
			((RevocableLock) this.lock).watchRevocation(onRequested);
		}

	}

}
