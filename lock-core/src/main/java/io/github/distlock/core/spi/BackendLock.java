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

import io.github.distlock.core.LockState;
import org.jspecify.annotations.Nullable;

/**
 * A lock held in a lock service, as a {@link LockBackend} returns it: the engine wraps it in the
 * handles it gives out, one per acquisition (a thread's re-entries share it).
 *
 * @since 0.1.0
 */
public interface BackendLock {

	/**
	 * A number greater for each later holder of the same kind of lock on the same path.
	 * @return the fencing token
	 */
	long fencingToken();

	/**
	 * What holds the lock in the service, for logs: a node, a key.
	 * @return a short description, such as {@code node /Locks/a/_c_…-lock-0000000003}
	 */
	String describe();

	/**
	 * The state of the lock from what the backend knows now: {@link LockState#HELD},
	 * {@link LockState#IN_DOUBT} or {@link LockState#LOST} ({@code LOST} is final). Reads local
	 * state only.
	 * @return the state
	 */
	LockState state();

	/**
	 * The same lock in the service, for the next thread of this process that wants it: its
	 * token is greater than this one's, and lower than that of any later holder in the service.
	 * Called by the engine, on local hand-off, while the lock is {@link LockState#HELD held}; the
	 * engine then releases the lock it returns, never this one.
	 * @return the lock for the next holder, or {@code null} (the default) if the backend cannot
	 * hand it on (then the engine releases it)
	 */
	default @Nullable BackendLock handOff() {
		return null;
	}

	/**
	 * Watches the lock's queue in the service for another contender: one queued behind this
	 * lock, in any process, whether it queued before the watch was set or after. The engine
	 * keeps a lock whose last local holder released it (lock caching) only while it watches it
	 * so, and gives it up when told. The watch is of the node or key in the service: it outlives
	 * {@link #handOff()}, and ends when closed or when the lock is released.
	 * @param onContender run, on a thread of the backend that it must not block, when another
	 * contender is seen, or when the watch cannot go on (then the engine gives the lock up, on
	 * the safe side); perhaps more than once
	 * @return the watch, to close when the engine no longer keeps the lock, or {@code null} (the
	 * default) if the backend cannot watch: then the lock is never cached
	 */
	default @Nullable ContenderWatch watchContenders(Runnable onContender) {
		return null;
	}

	/**
	 * Gives the lock back; called once, by the thread that closes the last handle on it. Waits
	 * for the service for a bounded time, then leaves the delete to the background; does not
	 * throw for a failure of the service.
	 */
	void release();

	/**
	 * Gives the lock up in the service while its holder may still run, because it was held
	 * longer than its request's {@code maxHold}; called at most once, on a thread of the engine,
	 * instead of {@link #release()}. Bounded and quiet as {@code release()}. The default
	 * releases, which is right for a lock that any thread may release.
	 */
	default void giveUp() {
		release();
	}

	/**
	 * After {@link #giveUp()}, the holder's thread closed its last handle on the lock: frees what
	 * the backend keeps for that thread (a recipe whose lock is owned by a thread). Does not
	 * throw; the default does nothing.
	 */
	default void closedAfterGiveUp() {
	}

	/**
	 * Watches for requests to revoke this lock.
	 * @param onRequested run when a request is seen
	 * @deprecated since 0.1.0: the locks of a {@link RevocableBackend} implement
	 * {@link RevocableLock}, which the engine calls; this default refuses
	 */
	@Deprecated(since = "0.1.0")
	default void watchRevocation(Runnable onRequested) {
		throw new UnsupportedOperationException(getClass().getSimpleName() + " does not support revocation");
	}

}
