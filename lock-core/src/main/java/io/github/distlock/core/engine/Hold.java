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

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.spi.BackendLock;
import org.jspecify.annotations.Nullable;

/**
 * A lock a thread holds in the service, shared by that thread's handles of the same type (the
 * first and its re-entries), and given back when the last of them is closed.
 */
final class Hold {

	private static final int GIVEN_UP = 1 << 30;

	private final BackendLock lock;

	private final LockType type;

	private final long fencingToken;

	private final @Nullable LocalLockQueue localTurn;

	private final int handoffs;

	private final long acquiredNanos;

	/**
	 * How many handles share the hold, with {@link #GIVEN_UP} set once the engine gave the lock
	 * up past a {@code maxHold}: one number, so that a last handle's close and a give-up agree on
	 * which of them gives the lock back.
	 */
	private final AtomicInteger handles = new AtomicInteger(1);

	private final AtomicBoolean watchingRevocation = new AtomicBoolean();

	private volatile boolean revocationRequested;

	/** The watch on the lock's queue while the engine may keep the lock past its holders. */
	private volatile @Nullable Contention contention;

	/**
	 * @param fencingToken the lock's own token, or that of the lock around it
	 * @param localTurn the local queue whose turn the holder had before it went to the service,
	 * to be given back with the lock, or {@code null}
	 */
	Hold(BackendLock lock, LockType type, long fencingToken, @Nullable LocalLockQueue localTurn) {
		this(lock, type, fencingToken, localTurn, 0, System.nanoTime());
	}

	/**
	 * @param handoffs how many times the lock passed from thread to thread of this process
	 * before this hold, without being released in the service
	 * @param acquiredNanos when the lock was acquired in the service
	 */
	Hold(BackendLock lock, LockType type, long fencingToken, @Nullable LocalLockQueue localTurn, int handoffs,
			long acquiredNanos) {
		this(lock, type, fencingToken, localTurn, handoffs, acquiredNanos, null);
	}

	/**
	 * @param contention the watch on the lock's queue, taken over from the previous holder
	 */
	Hold(BackendLock lock, LockType type, long fencingToken, @Nullable LocalLockQueue localTurn, int handoffs,
			long acquiredNanos, @Nullable Contention contention) {
		this.contention = contention;
		this.lock = lock;
		this.type = type;
		this.fencingToken = fencingToken;
		this.localTurn = localTurn;
		this.handoffs = handoffs;
		this.acquiredNanos = acquiredNanos;
	}

	BackendLock lock() {
		return this.lock;
	}

	LockType type() {
		return this.type;
	}

	long fencingToken() {
		return this.fencingToken;
	}

	@Nullable LocalLockQueue localTurn() {
		return this.localTurn;
	}

	int handoffs() {
		return this.handoffs;
	}

	long acquiredNanos() {
		return this.acquiredNanos;
	}

	/**
	 * Notes that the engine watches the lock for revocation requests.
	 * @return whether this call did, so that the watch is to be set up
	 */
	boolean startWatchingRevocation() {
		return this.watchingRevocation.compareAndSet(false, true);
	}

	/** Notes that the watch could not be set up, so that the next revocable handle tries again. */
	void stopWatchingRevocation() {
		this.watchingRevocation.set(false);
	}

	/** Notes that the revocation of the lock was requested. */
	void revocationRequested(boolean requested) {
		this.revocationRequested = requested;
	}

	boolean revocationRequested() {
		return this.revocationRequested;
	}

	@Nullable Contention contention() {
		return this.contention;
	}

	/** Notes the watch on the lock's queue, started when the lock was first cached. */
	void contention(Contention contention) {
		this.contention = contention;
	}

	/**
	 * Whether a contender in another process was seen while the engine watched the lock's
	 * queue: the lock then goes back to the service with this hold.
	 */
	boolean contended() {
		Contention current = this.contention;
		return current != null && current.seen();
	}

	/**
	 * Counts one more handle: a re-entry by the holding thread.
	 * @return whether it was counted: not once the lock was given up
	 */
	boolean reenter() {
		while (true) {
			int current = this.handles.get();
			if ((current & GIVEN_UP) != 0) {
				return false;
			}
			if (this.handles.compareAndSet(current, current + 1)) {
				return true;
			}
		}
	}

	/**
	 * Counts one handle less.
	 * @return whether that was the last, so that the lock is to be given back (or, if it was
	 * {@linkplain #givenUp() given up}, its holder's part of it)
	 */
	boolean leave() {
		return (this.handles.decrementAndGet() & ~GIVEN_UP) == 0;
	}

	/**
	 * Notes that the engine gives the lock up while it is held: its holder kept it past a
	 * {@code maxHold}.
	 * @return whether this call did, so that the lock is to be given up: not if every handle
	 * left already or it was given up before
	 */
	boolean giveUp() {
		while (true) {
			int current = this.handles.get();
			if ((current & GIVEN_UP) != 0 || current == 0) {
				return false;
			}
			if (this.handles.compareAndSet(current, current | GIVEN_UP)) {
				return true;
			}
		}
	}

	/** Whether the engine gave the lock up while it was held. */
	boolean givenUp() {
		return (this.handles.get() & GIVEN_UP) != 0;
	}

	/** Gives back the local turn, if the holder had one; after the lock itself. */
	void giveBackLocalTurn() {
		if (this.localTurn != null) {
			this.localTurn.release(this.type);
		}
	}

}
