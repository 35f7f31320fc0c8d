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

import io.github.distlock.annotation.LockFailurePolicy;

/**
 * Told what happens to locks: acquisitions, failures, releases and changes of state (a lock in
 * doubt, lost, or restored). Every method has an empty default; implement what you need and
 * declare the listener as a bean. Listeners are called on the thread where the event happens
 * (for state changes, the lock service client's event thread), must be quick, and their exceptions are logged
 * and ignored.
 *
 * @since 0.1.0
 */
public interface LockListener {

	/**
	 * A thread starts to acquire a lock. Every start is followed, on the same thread, by
	 * {@link #onAcquired} or {@link #onAcquisitionFailed}.
	 * @param request the request
	 */
	default void onAcquisitionStarted(LockRequest request) {
	}

	/**
	 * A lock was acquired.
	 * @param lock the lock
	 * @param waited how long the caller waited
	 */
	default void onAcquired(AcquiredLock lock, Duration waited) {
	}

	/**
	 * A lock could not be acquired: the wait elapsed ({@link LockAcquisitionException}),
	 * the lock service failed ({@link LockBackendException}), the thread was interrupted
	 * ({@link LockInterruptedException}), the key was invalid ({@link InvalidLockKeyException}),
	 * or the thread tried to re-enter a lock it lost ({@link LockLostException}).
	 * @param request the request
	 * @param waited how long the caller waited
	 * @param failure why
	 */
	default void onAcquisitionFailed(LockRequest request, Duration waited, DistributedLockException failure) {
	}

	/**
	 * A lock was released by its holder.
	 * @param lock the lock
	 * @param held how long it was held
	 */
	default void onReleased(AcquiredLock lock, Duration held) {
	}

	/**
	 * A held lock changed state: {@link LockState#IN_DOUBT} when the connection was
	 * suspended, {@link LockState#LOST} when the session was lost, and back to
	 * {@link LockState#HELD} when the same session reconnected.
	 * @param lock the lock
	 * @param previous the state before
	 * @param current the state now
	 */
	default void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
	}

	/**
	 * Another process or an operator asked the holder of a revocable lock to give it up. Called
	 * on the lock service's event thread: return quickly, and do not release the lock here (only
	 * its holder's thread may release most types).
	 * @param lock the lock whose revocation was requested
	 */
	default void onRevocationRequested(AcquiredLock lock) {
	}

	/**
	 * A failure policy other than {@link LockFailurePolicy#THROW} was applied to an annotated
	 * method whose lock could not be had.
	 * @param request the request
	 * @param policy {@link LockFailurePolicy#SKIP} or {@link LockFailurePolicy#FALLBACK}
	 * @param failure why the lock could not be had
	 */
	default void onFailurePolicyApplied(LockRequest request, LockFailurePolicy policy,
			DistributedLockException failure) {
	}

}
