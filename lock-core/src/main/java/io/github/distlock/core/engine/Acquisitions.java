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

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.LockWaiter;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.LockBackend;
import org.jspecify.annotations.Nullable;

/**
 * Taking a lock, one verb per layer: {@link #obtain} tracks the waiter and loops until a handle
 * can be handed out; {@link #enter} grants a re-entry from memory (or asks the backend for a
 * {@code READ} inside the thread's {@code WRITE}); {@link #contend} waits for the local turn,
 * then takes the lock handed off by the previous holder or asks the backend.
 */
final class Acquisitions {

	private final LockBackend backend;

	private final LockTable table;

	private final HandleStates states;

	private final Releases releases;

	private final Revocations revocations;

	private final LockCache cache;

	/**
	 * The threads that wait, by number: numbers, not the waiters' hash codes (which follow their
	 * types' identity), keep the steps of a seeded interleaving test the same from JVM to JVM.
	 */
	private final Map<Long, LockWaiter> waiters = new ConcurrentHashMap<>();

	private final AtomicLong waiterNumbers = new AtomicLong();

	Acquisitions(LockBackend backend, LockTable table, HandleStates states, Releases releases,
			Revocations revocations, LockCache cache) {
		this.cache = cache;
		this.backend = backend;
		this.table = table;
		this.states = states;
		this.releases = releases;
		this.revocations = revocations;
	}

	/**
	 * A handle on the lock a request asks for, held, within the request's wait time.
	 */
	EngineLockHandle obtain(LockRequest request, long start) {
		String key = request.key();
		String path = this.backend.pathOf(key);
		if (Thread.currentThread().isInterrupted()) {
			// one rule for every lock, whether it would wait or be re-entered from memory
			throw new LockInterruptedException(key, path, new InterruptedException("interrupted before acquiring"));
		}
		long deadline = start + Durations.saturatedNanos(request.waitTime());
		LockWaiter waiter = new LockWaiter(key, request.name(), path, request.type(), Instant.now(),
				Thread.currentThread().getName());
		LockTable.Entry entry = this.table.retain(path, request.type());
		Long waiterNumber = this.waiterNumbers.incrementAndGet();
		this.waiters.put(waiterNumber, waiter);
		boolean tracked = false;
		try {
			while (true) {
				Hold outer = entry.outerHoldOf(Thread.currentThread(), request);
				Hold hold = (outer != null) ? enter(outer, request, path, deadline)
						: contend(entry, request, path, start, deadline);
				EngineLockHandle handle = this.states.track(entry, hold, request, path);
				tracked = true;
				if (handOut(handle, outer == null && deadline - System.nanoTime() > 0)) {
					return handle;
				}
				// its session ended between the service's grant and the tracking: queue again
				entry = this.table.retain(path, request.type());
				tracked = false;
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockInterruptedException(key, path, ex);
		}
		catch (LockLostException ex) {
			// the backend may know of the loss before its event reached the engine: the caller
			// who is told the lock is lost finds its handles lost too
			this.states.follow();
			throw ex;
		}
		catch (RuntimeException ex) {
			if (ex instanceof DistributedLockException || ex instanceof IllegalArgumentException) {
				// the lock service's failure is told as such; a request the backend refuses is the caller's
				throw ex;
			}
			throw new LockBackendException("Could not acquire lock '" + key + "' (" + path + "): " + ex, ex);
		}
		finally {
			this.waiters.remove(waiterNumber);
			if (!tracked) {
				this.releases.releaseEntry(entry, key);
			}
		}
	}

	/**
	 * Readies a tracked handle for its holder: its revocation watch, if it is revocable, and a
	 * last look at its state. A handle that cannot be handed out is given back, untracked, before
	 * the failure is thrown: nothing is left held with nobody to release it.
	 * @param queueAgainIfLost whether a lock lost before it could be followed is given back for
	 * the caller to queue again (a first acquisition with wait time left), rather than refused
	 * @return whether the handle can be handed out; {@code false} if it was lost and given back
	 * @throws LockLostException if the lock was lost before it could be followed, and the caller
	 * cannot queue again (a re-entry into a lost lock, or no wait time left)
	 * @throws LockBackendException if its revocation watch could not be set up
	 */
	private boolean handOut(EngineLockHandle handle, boolean queueAgainIfLost) {
		try {
			if (handle.request().revocable()) {
				this.revocations.watch(handle);
			}
			if (handle.state() == LockState.LOST) {
				// lost before it could be followed: never hand out a lost lock
				if (queueAgainIfLost && handle.markReleased()) {
					this.releases.release(handle, false);
					return false;
				}
				throw new LockLostException(handle.key(), handle.path());
			}
			return true;
		}
		catch (RuntimeException ex) {
			if (handle.markReleased()) {
				this.releases.release(handle, false);
			}
			throw ex;
		}
	}

	/**
	 * A lock the thread does not hold yet: its turn in the local queue, then the lock handed
	 * off by the previous holder, or the service's.
	 */
	private Hold contend(LockTable.Entry entry, LockRequest request, String path, long start, long deadline)
			throws InterruptedException {
		LocalLockQueue local = entry.local();
		boolean queued = false;
		try {
			if (local != null) {
				queued = local.tryAcquire(request.type(), Math.max(0, deadline - System.nanoTime()));
				if (!queued) {
					throw new LockAcquisitionException(request.key(), path, Durations.since(start));
				}
			}
			Hold hold = (queued) ? takeHandedOff(entry, request, local) : null;
			if (hold == null) {
				BackendLock lock = this.backend.acquire(request, path, deadline);
				hold = new Hold(lock, request.type(), lock.fencingToken(), local);
			}
			queued = false;
			return hold;
		}
		finally {
			if (queued) {
				local.release(request.type());
			}
		}
	}

	/**
	 * The lock the previous holder of the local turn handed off, if it is still held and the
	 * lock service records the owner the caller asks for, and no contender of another process was
	 * seen for it; otherwise it is released, and the caller queues in the service. A lock the
	 * cache kept is taken the same way.
	 */
	@Nullable Hold takeHandedOff(LockTable.Entry entry, LockRequest request, @Nullable LocalLockQueue local) {
		LockTable.HandedOff handedOff = entry.takeHandedOff();
		if (handedOff == null) {
			return null;
		}
		if (handedOff.cached()) {
			this.cache.taken(entry, handedOff, request.key());
		}
		BackendLock lock = handedOff.lock();
		Contention contention = handedOff.contention();
		if (this.states.stateOf(lock) != LockState.HELD || !Objects.equals(handedOff.owner(), request.owner())
				|| (contention != null && contention.seen())) {
			// a contender of another process is served before this JVM takes the lock again
			Releases.releaseInService(lock, contention, request.key());
			return null;
		}
		return new Hold(lock, request.type(), lock.fencingToken(), local, handedOff.handoffs(),
				handedOff.acquiredNanos(), contention);
	}

	/**
	 * A lock inside one the thread holds: the same lock again, or a {@code READ} inside its
	 * {@code WRITE}. Only as good as the outer lock: it waits while that is in doubt, and is
	 * refused once it is lost.
	 */
	private Hold enter(Hold outer, LockRequest request, String path, long deadline) throws InterruptedException {
		this.states.awaitSettled(outer, request, path, deadline);
		if (outer.type() == request.type()) {
			if (!outer.reenter()) {
				// given up past its maxHold since the thread's handle was looked at
				throw new LockLostException(request.key(), path);
			}
			return outer;
		}
		BackendLock read = this.backend.acquireReadInWrite(outer.lock(), request, deadline);
		return new Hold(read, request.type(), outer.fencingToken(), null);
	}

	/**
	 * Lists a waiter in {@link #waiters()} until {@link #untrack(long)}.
	 * @return its number
	 */
	long track(LockWaiter waiter) {
		long number = this.waiterNumbers.incrementAndGet();
		this.waiters.put(number, waiter);
		return number;
	}

	void untrack(long number) {
		this.waiters.remove(number);
	}

	List<LockWaiter> waiters() {
		return new ArrayList<>(this.waiters.values());
	}

}
