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

package io.github.distlock.autoconfigure;

import java.time.Duration;
import java.util.function.Supplier;

import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.util.function.SingletonSupplier;

/**
 * The application's {@link LockListener} beans, in order, as the one listener that the lock
 * registry (every lock event) and the interceptor (failure policies) tell. Not a listener bean
 * itself, so that it is not among the listeners it calls. The beans are looked up at the first
 * event, so that a listener may depend on {@code LockOperations}.
 */
final class LockListeners {

	private final LockListener listener;

	LockListeners(ObjectProvider<LockListener> listeners) {
		this.listener = new Deferred(SingletonSupplier.of(() -> new CompositeLockListener(listeners.orderedStream().toList())));
	}

	/**
	 * The listener to give to a registry or an interceptor.
	 * @return one listener that calls every listener bean
	 */
	LockListener listener() {
		return this.listener;
	}

	private record Deferred(Supplier<LockListener> listeners) implements LockListener {

		@Override
		public void onAcquisitionStarted(LockRequest request) {
			this.listeners.get().onAcquisitionStarted(request);
		}

		@Override
		public void onAcquired(AcquiredLock lock, Duration waited) {
			this.listeners.get().onAcquired(lock, waited);
		}

		@Override
		public void onAcquisitionFailed(LockRequest request, Duration waited, DistributedLockException failure) {
			this.listeners.get().onAcquisitionFailed(request, waited, failure);
		}

		@Override
		public void onReleased(AcquiredLock lock, Duration held) {
			this.listeners.get().onReleased(lock, held);
		}

		@Override
		public void onRevocationRequested(AcquiredLock lock) {
			this.listeners.get().onRevocationRequested(lock);
		}

		@Override
		public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
			this.listeners.get().onStateChanged(lock, previous, current);
		}

		@Override
		public void onFailurePolicyApplied(LockRequest request, LockFailurePolicy policy,
				DistributedLockException failure) {
			this.listeners.get().onFailurePolicyApplied(request, policy, failure);
		}

	}

}
