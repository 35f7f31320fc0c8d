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

package io.github.distlock.test.memory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.engine.LockEngine;

/**
 * What the holders of a scenario's locks saw, checked against the engine's invariants as they
 * happen; a broken one throws {@link AssertionError} on the thread that saw it, which fails the
 * schedule:
 * <ul>
 * <li>one holder per key and kind of lock, across the engines of a scenario, but for
 * {@code READ}s beside {@code READ}s and a thread's locks inside its own: a lock stops counting
 * once its handle is released or its lock in the service is lost;</li>
 * <li>each holder's fencing token is greater than that of every earlier holder of the key and
 * kind (a {@code READ}: than that of every earlier {@code WRITE}); a re-entry has its outer
 * lock's token;</li>
 * <li>every lock lost while a handle holds it is told: once the backend told the engine of a
 * loss, every open handle on a lost lock was told {@code ->LOST}, and so was every handle its
 * holder saw {@code LOST};</li>
 * <li>every revocable holder of a lock whose revocation is requested is told, once the request
 * was seen, and no holder that is not revocable ever is; a lock whose request the engine has seen
 * is not handed off to another thread of its process (issue 20, item 6).</li>
 * </ul>
 */
final class InvariantLedger {

	private final ReentrantLock lock = new ReentrantLock();

	private final List<Holder> holders = new ArrayList<>();

	private final Map<String, Long> lastTokens = new HashMap<>();

	private final Map<String, Long> lastWriteTokens = new HashMap<>();

	private final Set<AcquiredLock> toldLost = ConcurrentHashMap.newKeySet();

	private final Set<AcquiredLock> toldRevocation = ConcurrentHashMap.newKeySet();

	private final Set<LockHandle> seenLost = ConcurrentHashMap.newKeySet();

	private final List<String> acquisitions = new ArrayList<>();

	/** What listeners were told that they should not have been: a listener's exception is ignored. */
	private final List<String> wrongTellings = new java.util.concurrent.CopyOnWriteArrayList<>();

	private final Set<AcquiredLock> notRevocable = ConcurrentHashMap.newKeySet();

	/**
	 * The listener to give the engines: it records what they tell.
	 * @return the listener
	 */
	LockListener listener() {
		return new LockListener() {

			@Override
			public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
				if (current == LockState.LOST) {
					InvariantLedger.this.toldLost.add(lock);
				}
			}

			@Override
			public void onRevocationRequested(AcquiredLock lock) {
				if (InvariantLedger.this.notRevocable.contains(lock)) {
					InvariantLedger.this.wrongTellings.add("The holder of " + lock + ", not revocable, was told of a "
							+ "revocation request");
				}
				InvariantLedger.this.toldRevocation.add(lock);
			}

		};
	}

	/**
	 * Records a lock the calling thread was just given (not a re-entry), and checks exclusion
	 * and its token.
	 * @param engine the engine that gave it
	 * @param handle the handle
	 * @param revocable whether it was requested revocable
	 */
	void acquired(LockEngine engine, LockHandle handle, boolean revocable) {
		if (!revocable) {
			this.notRevocable.add(handle);
		}
		BackendLock backendLock = engine.backendLockOf(handle);
		if (ObservedBackend.handedOffAfterRevocationSeen(backendLock)) {
			throw new AssertionError("A lock whose revocation request the engine had seen passed to thread '"
					+ Thread.currentThread().getName() + "' by a local hand-off: " + handle);
		}
		Holder holder = new Holder(handle, backendLock, Thread.currentThread());
		this.lock.lock();
		try {
			this.holders.removeIf(Holder::gone);
			if (holder.gone()) {
				// lost since it was granted: a later holder may have come first, and only its token
				// (lower than the later holder's) protects what it does
				this.acquisitions.add(holder + ", lost");
				return;
			}
			for (Holder other : this.holders) {
				if (other.slot().equals(holder.slot()) && other.thread != holder.thread
						&& (exclusive(holder.handle.type()) || exclusive(other.handle.type()))) {
					throw new AssertionError("Two holders of " + holder.slot() + ": " + other + " and " + holder);
				}
			}
			String slot = holder.slot();
			long token = handle.fencingToken();
			boolean nestedRead = handle.type() == LockType.READ && this.holders.stream()
				.anyMatch((other) -> other.thread == holder.thread && other.slot().equals(slot)
						&& other.handle.type() == LockType.WRITE);
			if (!nestedRead) {
				long after = (handle.type() == LockType.READ) ? this.lastWriteTokens.getOrDefault(slot, 0L)
						: this.lastTokens.getOrDefault(slot, 0L);
				if (token <= after) {
					throw new AssertionError("Fencing token " + token + " of " + holder + " is not greater than "
							+ after + ", that of an earlier holder; holders so far: " + this.acquisitions);
				}
				this.lastTokens.merge(slot, token, Math::max);
				if (handle.type() == LockType.WRITE) {
					this.lastWriteTokens.merge(slot, token, Math::max);
				}
			}
			this.holders.add(holder);
			this.acquisitions.add(holder.toString());
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Checks a re-entry: the outer lock's token.
	 * @param outer the handle re-entered
	 * @param inner the handle of the re-entry
	 */
	void reentered(LockHandle outer, LockHandle inner) {
		if (inner.fencingToken() != outer.fencingToken()) {
			throw new AssertionError("Re-entry " + inner + " has another token than its outer lock " + outer);
		}
	}

	/**
	 * Notes what the holder sees of its lock as it closes it: a handle seen {@code LOST} must
	 * have been told.
	 * @param handle the handle about to be closed
	 */
	void closing(LockHandle handle) {
		if (handle.state() == LockState.LOST) {
			this.seenLost.add(handle);
		}
	}

	/**
	 * Checks, once a backend told its engine of a loss (its state-change callback returned),
	 * that every open handle on a lost lock was told.
	 */
	void checkLossesTold() {
		this.lock.lock();
		try {
			for (Holder holder : this.holders) {
				// the handle's state last: a release marks it released before it lets the lock go
				if (!this.toldLost.contains(holder.handle) && holder.backendLock.state() == LockState.LOST
						&& holder.handle.state() != LockState.RELEASED) {
					throw new AssertionError("Lock " + holder + " was lost, but its listener was not told");
				}
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Checks, once a revocation request was seen (the request returned), that every open
	 * revocable handle on a lock with a request recorded was told.
	 */
	void checkRevocationsTold() {
		this.lock.lock();
		try {
			for (Holder holder : this.holders) {
				// the handle's state last: a release marks it released before it leaves the engine
				if (!this.notRevocable.contains(holder.handle) && !this.toldRevocation.contains(holder.handle)
						&& ObservedBackend.revocationRecorded(holder.backendLock)
						&& holder.handle.state() != LockState.RELEASED) {
					throw new AssertionError("The revocation of " + holder + " was requested, but its holder was "
							+ "not told");
				}
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Checks, at the end of a scenario, that every handle its holder saw lost was told, and that
	 * no holder of a lock not revocable was told of a revocation request.
	 */
	void checkAtTheEnd() {
		if (!this.wrongTellings.isEmpty()) {
			throw new AssertionError(this.wrongTellings.get(0));
		}
		for (LockHandle handle : this.seenLost) {
			if (!this.toldLost.contains(handle)) {
				throw new AssertionError("Its holder saw " + handle + " lost, but the listener was not told");
			}
		}
	}

	/**
	 * The locks told lost.
	 * @return how many
	 */
	int toldLost() {
		return this.toldLost.size();
	}

	/**
	 * The holders told of a revocation request.
	 * @return how many
	 */
	int toldRevocation() {
		return this.toldRevocation.size();
	}

	/** Every holder so far, in the order they began, with their tokens. */
	List<String> acquisitions() {
		this.lock.lock();
		try {
			return List.copyOf(this.acquisitions);
		}
		finally {
			this.lock.unlock();
		}
	}

	private static boolean exclusive(LockType type) {
		return type != LockType.READ;
	}

	private static final class Holder {

		private final LockHandle handle;

		private final BackendLock backendLock;

		private final Thread thread;

		Holder(LockHandle handle, BackendLock backendLock, Thread thread) {
			this.handle = handle;
			this.backendLock = backendLock;
			this.thread = thread;
		}

		/** The key and kind of lock: READ and WRITE are one kind. */
		String slot() {
			LockType type = this.handle.type();
			String kind = (type == LockType.READ || type == LockType.WRITE) ? "READ_WRITE" : type.name();
			return this.handle.key() + "/" + kind;
		}

		/** Released, or lost: by its session's end or given up past its maxHold, excused from exclusion. */
		boolean gone() {
			LockState state = this.handle.state();
			return state == LockState.RELEASED || state == LockState.LOST
					|| this.backendLock.state() == LockState.LOST;
		}

		@Override
		public String toString() {
			return this.handle.type() + " token " + this.handle.fencingToken() + " of thread '" + this.thread.getName()
					+ "' (" + this.backendLock.describe() + ")";
		}

	}

}
