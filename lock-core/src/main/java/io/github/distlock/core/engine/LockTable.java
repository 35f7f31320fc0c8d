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

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import org.jspecify.annotations.Nullable;

/**
 * The locks of this process by path and kind: the handles held, and the local queue the threads
 * of this JVM wait in first. An entry is counted in use by each acquisition under way and each
 * handle not yet released, and dropped with its last use, so an idle lock costs no memory.
 */
final class LockTable {

	private final ConcurrentHashMap<Slot, Entry> entries = new ConcurrentHashMap<>();

	private final Set<LockType> queuedLocally;

	/**
	 * @param queuedLocally the lock types whose kind gets a local queue
	 */
	LockTable(Set<LockType> queuedLocally) {
		this.queuedLocally = Set.copyOf(queuedLocally);
	}

	/**
	 * The entry of a path and type, made if there is none, counted as in use until
	 * {@link #release}.
	 */
	Entry retain(String path, LockType type) {
		return this.entries.compute(new Slot(path, LockKind.of(type)), (slot, entry) -> {
			Entry used = (entry != null) ? entry : new Entry(slot, queuedLocally(type) ? LocalLockQueue.of(type) : null);
			used.uses++;
			return used;
		});
	}

	/**
	 * Whether a type's threads queue locally: not a {@code SEMAPHORE}'s, whose holders in this
	 * JVM may be several, as many as its permits.
	 */
	private boolean queuedLocally(LockType type) {
		return type != LockType.SEMAPHORE && this.queuedLocally.contains(type);
	}

	/**
	 * Counts one use of an entry less, and drops it with its last.
	 * @return a lock handed off to a thread that never came for it, which the caller is to
	 * release, when this was the last use; {@code null} otherwise
	 */
	@Nullable HandedOff release(Entry entry) {
		boolean[] dropped = new boolean[1];
		this.entries.computeIfPresent(entry.slot, (slot, present) -> {
			dropped[0] = --present.uses == 0;
			return dropped[0] ? null : present;
		});
		return dropped[0] ? entry.takeHandedOff() : null;
	}

	/**
	 * Counts one more use of an entry that is in use: the lock cache's, while it keeps the
	 * entry's lock.
	 */
	void retain(Entry entry) {
		this.entries.compute(entry.slot, (slot, present) -> {
			if (present != entry) {
				throw new IllegalStateException("Lock table entry of " + slot + " is not in use");
			}
			present.uses++;
			return present;
		});
	}

	void forEachHandle(Consumer<EngineLockHandle> action) {
		this.entries.values().forEach((entry) -> entry.handles.forEach(action));
	}

	/** How many entries are kept now: one per lock path and kind in use. */
	int size() {
		return this.entries.size();
	}

	private record Slot(String path, LockKind kind) {

		/**
		 * From the kind's ordinal rather than its identity hash code, so that the table is ordered
		 * alike from JVM to JVM (a seeded interleaving test then takes the same steps again).
		 */
		@Override
		public int hashCode() {
			return 31 * this.path.hashCode() + this.kind.ordinal();
		}

	}

	/**
	 * A lock on its way from one thread of this JVM to the next.
	 * @param lock the lock, with the next holder's token
	 * @param handoffs how many times it was handed off, this time included
	 * @param acquiredNanos when it was acquired in the service
	 * @param owner the owner the lock service records for it ({@code LockRequest.owner()})
	 * @param contention the watch on the lock's queue, if the engine watches it
	 * @param cached whether the lock cache keeps it (and one use of the entry), rather than a
	 * holder who saw a thread waiting
	 */
	record HandedOff(BackendLock lock, int handoffs, long acquiredNanos, @Nullable String owner,
			@Nullable Contention contention, boolean cached) {
	}

	/**
	 * One lock of this process: its local queue and the handles held on it.
	 */
	static final class Entry {

		private final Slot slot;

		private final @Nullable LocalLockQueue local;

		private final Set<EngineLockHandle> handles = ConcurrentHashMap.newKeySet();

		/** A lock its last holder handed off to the next thread of this JVM to have the local turn. */
		private final AtomicReference<@Nullable HandedOff> handedOff = new AtomicReference<>();

		/** Changed only inside the table map's atomic updates. */
		private int uses;

		private Entry(Slot slot, @Nullable LocalLockQueue local) {
			this.slot = slot;
			this.local = local;
		}

		@Nullable LocalLockQueue local() {
			return this.local;
		}

		/**
		 * Leaves a lock for the next thread to have the local turn; by the thread that has it.
		 */
		void handOff(HandedOff lock) {
			this.handedOff.set(lock);
		}

		/**
		 * Takes the lock handed off, if any: by the thread that has the local turn, or once the
		 * entry is dropped.
		 */
		@Nullable HandedOff takeHandedOff() {
			return this.handedOff.getAndSet(null);
		}

		/**
		 * Takes a lock the cache kept, unless a thread took it first.
		 * @return whether it was still there
		 */
		boolean takeCached(HandedOff cached) {
			return this.handedOff.compareAndSet(cached, null);
		}

		String path() {
			return this.slot.path();
		}

		void add(EngineLockHandle handle) {
			this.handles.add(handle);
		}

		void remove(EngineLockHandle handle) {
			this.handles.remove(handle);
		}

		/**
		 * The hold of the calling thread that a request enters: one of the same type (but a
		 * semaphore mutex, which is not reentrant), or else the {@code WRITE} for a {@code READ}.
		 * @return the hold, or {@code null} for a first acquisition
		 * @throws LockLostException if the thread holds a lost lock of this kind: whatever it
		 * takes inside it would be no better
		 */
		@Nullable Hold outerHoldOf(Thread thread, LockRequest request) {
			Hold same = null;
			Hold write = null;
			for (EngineLockHandle handle : this.handles) {
				if (handle.owner() != thread) {
					continue;
				}
				LockState state = handle.state();
				if (state == LockState.RELEASED) {
					continue;
				}
				if (state == LockState.LOST) {
					throw new LockLostException(request.key(), handle.path());
				}
				if (handle.type() == request.type() && !request.type().isReleasableByAnyThread()) {
					same = handle.hold();
				}
				else if (handle.type() == LockType.WRITE && request.type() == LockType.READ) {
					write = handle.hold();
				}
			}
			return (same != null) ? same : write;
		}

	}

}
