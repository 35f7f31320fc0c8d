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

package io.github.distlock.core.spi;

import java.util.Collection;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.InvalidLockKeyException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;

/**
 * A lock service beneath a {@link io.github.distlock.core.engine.LockEngine}, which makes it a
 * {@link io.github.distlock.core.LockRegistry}. The engine does what is the same for every
 * service: it tracks the locks this process holds and awaits, grants a thread's re-entries
 * itself (it asks the backend only for a thread's first lock of a kind on a key, and for a
 * {@code READ} inside that thread's {@code WRITE}), queues this JVM's threads locally if asked,
 * keeps each held lock's state in step with {@link BackendLock#state()}, tells the
 * {@link io.github.distlock.core.LockListener}, interrupts the holder of a lost lock if asked, and
 * refuses a thread a lock inside one it lost. A backend guarantees the rest:
 * <ul>
 * <li><b>Exclusion.</b> Each kind of lock on a path is a separate lock: {@code MUTEX};
 * {@code SEMAPHORE_MUTEX}; {@code READ} with {@code WRITE}; and {@code SEMAPHORE}. While a lock
 * returned by {@link #acquire} is {@link LockState#HELD held}, no other {@code acquire} of the
 * same kind and path returns, in this process or another, except a {@code READ} beside other
 * {@code READ}s, and a {@code SEMAPHORE} beside fewer than its {@code permits} other holders.</li>
 * <li><b>Order.</b> Contenders are served in the order they queued in the service; a
 * {@code READ} waits only for {@code WRITE}s queued before it.</li>
 * <li><b>Deadline.</b> {@link #acquire} returns or throws by its deadline plus at most one call's
 * grace, also while the service cannot be reached.</li>
 * <li><b>Interrupt.</b> A wait whose thread is interrupted ends with
 * {@link InterruptedException}.</li>
 * <li><b>Fencing.</b> Each lock returned for a path has a {@link BackendLock#fencingToken()
 * token} greater than that of every earlier holder of the same kind and path, in any process.</li>
 * <li><b>State.</b> {@link BackendLock#state()} is {@link LockState#HELD} while the session (or
 * lease) behind the lock is known to live, {@link LockState#IN_DOUBT} while it may have ended,
 * and {@link LockState#LOST} once another contender may have been let in; {@code LOST} is
 * final. It reads local state only and never blocks. Whenever it may have changed for any held
 * lock, the backend runs the callback given to {@link #onStateChange}, on a thread that it does
 * not block for the service.</li>
 * <li><b>Owner</b>, for an {@link OwnerRecordingBackend}: a request's
 * {@link LockRequest#owner() owner} is recorded with its contender, where
 * {@link OwnerRecordingBackend#ownerOf} reads it for the holder, in any process.</li>
 * <li><b>No leftovers.</b> Once a lock is released, or an acquisition has failed for whatever
 * reason, nothing of it is left in the service, or it is deleted in the background as soon as the
 * service can be reached, or it goes with the session that owned it.</li>
 * </ul>
 * {@code LockRegistryContractTests} in {@code lock-test-support} checks these, through the engine,
 * against a real server.
 *
 * @since 0.1.0
 */
public interface LockBackend {

	/**
	 * The lock types this backend can acquire.
	 * @return the supported types: by default every type but {@link LockType#SEMAPHORE}, which a
	 * backend that counts permits adds
	 */
	default Set<LockType> supportedTypes() {
		return EnumSet.complementOf(EnumSet.of(LockType.SEMAPHORE));
	}

	/**
	 * The lock path a key maps to.
	 * @param key the lock key, not blank
	 * @return the path
	 * @throws InvalidLockKeyException if the key cannot name a lock
	 */
	String pathOf(String key);

	/**
	 * Acquires a lock the calling thread does not hold: waits in the service's queue until no
	 * contender ahead excludes it, the deadline passes, or the thread is interrupted.
	 * @param request what is asked for
	 * @param path the lock path of the request's key
	 * @param deadlineNanos the {@link System#nanoTime()} by which to give up
	 * @return the lock, held
	 * @throws LockAcquisitionException if the deadline passed first
	 * @throws LockBackendException if the lock service failed or could not be reached in time
	 * @throws InterruptedException if the thread was interrupted while waiting
	 */
	BackendLock acquire(LockRequest request, String path, long deadlineNanos) throws InterruptedException;

	/**
	 * Acquires the {@code READ} lock of a path for the thread that holds its {@code WRITE} lock:
	 * granted at once, and placed in the queue where the {@code WRITE} is, so that writers queued
	 * behind the {@code WRITE} stay behind this {@code READ} after the {@code WRITE} is released.
	 * The engine gives it the {@code WRITE}'s fencing token.
	 * @param write the {@code WRITE} lock the thread holds
	 * @param request the {@code READ} request
	 * @param deadlineNanos the {@link System#nanoTime()} by which to give up
	 * @return the lock, held
	 * @throws LockLostException if the {@code WRITE} lock was lost meanwhile
	 * @throws LockBackendException if the lock service failed or could not be reached in time
	 * @throws InterruptedException if the thread was interrupted
	 */
	BackendLock acquireReadInWrite(BackendLock write, LockRequest request, long deadlineNanos)
			throws InterruptedException;

	/**
	 * The contenders for a key across all processes, as the lock service sees them, holders
	 * first.
	 * @param key the lock key
	 * @param type the kind of lock
	 * @return the contenders' names in the lock service
	 * @throws LockBackendException if the lock service cannot be read
	 */
	Collection<String> participants(String key, LockType type);

	/**
	 * Sets what to run whenever the state of held locks may have changed (the connection was
	 * suspended or restored, a session or lease ended). Called once, by the engine.
	 * @param callback reads the {@link BackendLock#state()} of every held lock; does not block
	 */
	void onStateChange(Runnable callback);

	/**
	 * Confirms, in one round trip to the lock service sent now, that locks this backend gave out
	 * are still held: the engine asks after this process did not run for longer than its pause
	 * tolerance, while it tells the locks {@link LockState#IN_DOUBT in doubt}, since their
	 * session or lease may have ended during the pause. Does not block.
	 * <p>
	 * The default confirms at once, trusting {@link BackendLock#state()}: right only for a
	 * backend whose locks cannot outlive a pause unnoticed (one in this process's memory).
	 * @param locks the locks to confirm, held or kept by lock caching
	 * @return completed with {@code true} once the service answered that every lock is held,
	 * with {@code false} (or exceptionally) otherwise; the engine asks again until confirmed
	 * @since 0.1.0
	 */
	default CompletionStage<Boolean> confirmHeld(Collection<BackendLock> locks) {
		return CompletableFuture.completedFuture(true);
	}

	/**
	 * Whether locks of a type may be acquired as revocable.
	 * @param type the lock type
	 * @return {@code false} by default
	 * @deprecated since 0.1.0: a backend with revocation implements {@link RevocableBackend},
	 * which the engine asks; this default says no
	 */
	@Deprecated(since = "0.1.0")
	default boolean supportsRevocation(LockType type) {
		return false;
	}

	/**
	 * Asks the holder of a lock to give it up.
	 * @param key the lock key
	 * @param path the key's lock path
	 * @param type the lock type
	 * @return whether the lock was held
	 * @throws Exception if the lock service failed
	 * @deprecated since 0.1.0: a backend with revocation implements {@link RevocableBackend};
	 * this default refuses
	 */
	@Deprecated(since = "0.1.0")
	default boolean requestRevocation(String key, String path, LockType type) throws Exception {
		throw new UnsupportedOperationException(getClass().getSimpleName() + " does not support revocation");
	}

	/**
	 * The owner recorded by the holder of a lock.
	 * @param key the lock key
	 * @param path the key's lock path
	 * @param type the kind of lock
	 * @return empty by default
	 * @throws Exception if the lock service failed
	 * @deprecated since 0.1.0: a backend that records owners implements
	 * {@link OwnerRecordingBackend}, which the engine asks; this default records none
	 */
	@Deprecated(since = "0.1.0")
	default Optional<String> ownerOf(String key, String path, LockType type) throws Exception {
		return Optional.empty();
	}

}
