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

package io.github.distlock.core;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.github.distlock.annotation.LockFailurePolicy;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.util.function.SingletonSupplier;

/**
 * Calls several listeners in order; one that throws is logged and does not stop the others.
 *
 * @since 0.1.0
 */
public final class CompositeLockListener implements LockListener {

	private static final Log logger = LogFactory.getLog(CompositeLockListener.class);

	private final Supplier<List<LockListener>> listeners;

	public CompositeLockListener(List<? extends LockListener> listeners) {
		List<LockListener> copy = List.copyOf(listeners);
		this.listeners = () -> copy;
	}

	private CompositeLockListener(Supplier<List<LockListener>> listeners) {
		this.listeners = listeners;
	}

	/**
	 * Calls, in order, the listeners that the supplier gives when the first event comes: for
	 * listeners looked up late, such as beans that may depend on what this listener is given to.
	 * @param listeners asked once, at the first event
	 * @return the listener
	 */
	public static CompositeLockListener lookedUpAtFirstEvent(Supplier<? extends List<? extends LockListener>> listeners) {
		return new CompositeLockListener(SingletonSupplier.of(() -> List.copyOf(listeners.get())));
	}

	private void each(Consumer<LockListener> event) {
		for (LockListener listener : this.listeners.get()) {
			try {
				event.accept(listener);
			}
			catch (RuntimeException ex) {
				logger.warn("Lock listener " + listener + " failed", ex);
			}
		}
	}

	@Override
	public void onAcquisitionStarted(LockRequest request) {
		each((listener) -> listener.onAcquisitionStarted(request));
	}

	@Override
	public void onAcquired(AcquiredLock lock, Duration waited) {
		each((listener) -> listener.onAcquired(lock, waited));
	}

	@Override
	public void onAcquisitionFailed(LockRequest request, Duration waited, DistributedLockException failure) {
		each((listener) -> listener.onAcquisitionFailed(request, waited, failure));
	}

	@Override
	public void onReleased(AcquiredLock lock, Duration held) {
		each((listener) -> listener.onReleased(lock, held));
	}

	@Override
	public void onRevocationRequested(AcquiredLock lock) {
		each((listener) -> listener.onRevocationRequested(lock));
	}

	@Override
	public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
		each((listener) -> listener.onStateChanged(lock, previous, current));
	}

	@Override
	public void onFailurePolicyApplied(LockRequest request, LockFailurePolicy policy,
			DistributedLockException failure) {
		each((listener) -> listener.onFailurePolicyApplied(request, policy, failure));
	}

}
