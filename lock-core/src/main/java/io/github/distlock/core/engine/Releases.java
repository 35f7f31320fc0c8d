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

import java.time.Duration;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Giving locks back: when their holder closes them (at once, or once their {@code holdAtLeast}
 * has passed), to the next thread of this JVM that waits (local hand-off), to the lock cache, or
 * to the lock service, and the local turn with them.
 */
final class Releases implements HandleCloser {

	private static final Log logger = LogFactory.getLog(Releases.class);

	private final LockTable table;

	private final CompositeLockListener listener;

	private final int maxHandoffs;

	private final long maxHandoffNanos;

	private final DeferredReleases deferred = new DeferredReleases(this::releaseClosed);

	private final LockCache cache;

	private final MaxHoldTimers maxHoldTimers;

	/** A lock in doubt after a pause of the process is not handed off. */
	private final PauseWatch pauses;

	Releases(LockTable table, LockCache cache, MaxHoldTimers maxHoldTimers, CompositeLockListener listener,
			int maxHandoffs, Duration maxHandoffTime, PauseWatch pauses) {
		this.pauses = pauses;
		this.table = table;
		this.cache = cache;
		this.maxHoldTimers = maxHoldTimers;
		this.listener = listener;
		this.maxHandoffs = maxHandoffs;
		this.maxHandoffNanos = Durations.saturatedNanos(maxHandoffTime);
	}

	/**
	 * The holder closed a handle: its lock is released now, or once the request's
	 * {@code holdAtLeast} has passed since its acquisition, unless it is lost by then.
	 */
	@Override
	public void closed(EngineLockHandle handle) {
		if (!handle.request().maxHold().isZero()) {
			// only such a handle is timed: every other close stays off the timers' map
			this.maxHoldTimers.cancel(handle);
		}
		Duration holdAtLeast = handle.request().holdAtLeast();
		long left = holdAtLeast.isZero() ? 0
				: Durations.saturatedNanos(holdAtLeast) - (System.nanoTime() - handle.acquiredNanos());
		if (left > 0 && handle.state() != LockState.LOST) {
			this.deferred.schedule(handle, left);
		}
		else {
			releaseClosed(handle);
		}
	}

	private void releaseClosed(EngineLockHandle handle) {
		if (handle.markReleased()) {
			release(handle, true);
		}
	}

	/** A lost lock kept for its {@code holdAtLeast} has nothing left to keep. */
	void lost(EngineLockHandle handle) {
		this.deferred.releaseSoon(handle);
	}

	/** Releases at once the locks kept for their {@code holdAtLeast}, and stops waiting. */
	void releaseDeferred() {
		this.deferred.releaseAllNow();
	}

	int deferredCount() {
		return this.deferred.pending();
	}

	/**
	 * Gives back what a handle held: the backend lock and the local turn once no re-entry of
	 * the thread shares them, and the handle's use of its table entry.
	 * @param tell whether to tell the listener (not for a lock never handed out)
	 */
	void release(EngineLockHandle handle, boolean tell) {
		Hold hold = handle.hold();
		handle.entry().remove(handle);
		try {
			if (hold.leave()) {
				if (hold.givenUp()) {
					closedAfterGiveUp(hold.lock(), handle.key());
				}
				else {
					try {
						if (!handOff(handle, hold) && !this.cache.keep(handle, hold)) {
							releaseInService(hold.lock(), hold.contention(), handle.key());
						}
					}
					finally {
						hold.giveBackLocalTurn();
					}
				}
			}
		}
		finally {
			releaseEntry(handle.entry(), handle.key());
		}
		if (tell) {
			this.listener.onReleased(handle, Durations.since(handle.acquiredNanos()));
		}
	}

	/**
	 * Gives up in the service the lock of a hold whose holder kept it past its
	 * {@code maxHold}, and gives back its local turn: the next thread of this JVM takes the lock
	 * from the service, as any other process does.
	 */
	void giveUp(Hold hold, String key) {
		try {
			Contention contention = hold.contention();
			if (contention != null) {
				closeQuietly(contention, hold.lock(), key);
			}
			try {
				hold.lock().giveUp();
			}
			catch (RuntimeException ex) {
				logger.warn("Could not give up lock '" + key + "' (" + hold.lock().describe() + ")", ex);
			}
		}
		finally {
			hold.giveBackLocalTurn();
		}
	}

	private static void closedAfterGiveUp(BackendLock lock, String key) {
		try {
			lock.closedAfterGiveUp();
		}
		catch (RuntimeException ex) {
			logger.warn("Could not clean up after lock '" + key + "' (" + lock.describe() + ") given up", ex);
		}
	}

	/**
	 * Hands the lock of a hold released by its last handle to the next thread of this JVM that
	 * waits for it, instead of releasing it in the service: a {@code MUTEX} only, while the
	 * service says it is held, at most {@code maxHandoffs} times in a row and within
	 * {@code maxHandoffTime} of its acquisition in the service, and never once its revocation
	 * was requested (the request is for a contender elsewhere, which gets it from the service).
	 * @return whether it was handed off
	 */
	private boolean handOff(EngineLockHandle handle, Hold hold) {
		LocalLockQueue local = hold.localTurn();
		if (local != null && local.hasQueuedThreads()) {
			this.cache.watch(handle, hold);
		}
		if (hold.type() != LockType.MUTEX || local == null || hold.handoffs() >= this.maxHandoffs
				|| System.nanoTime() - hold.acquiredNanos() >= this.maxHandoffNanos || !local.hasQueuedThreads()
				|| hold.revocationRequested() || hold.contended() || this.pauses.stateOf(hold.lock()) != LockState.HELD) {
			return false;
		}
		BackendLock next = hold.lock().handOff();
		if (next == null) {
			return false;
		}
		handle.entry()
			.handOff(new LockTable.HandedOff(next, hold.handoffs() + 1, hold.acquiredNanos(), handle.request().owner(),
					hold.contention(), false));
		return true;
	}

	/**
	 * Counts one use of an entry less; with its last use goes a lock handed off that no thread
	 * came for.
	 */
	void releaseEntry(LockTable.Entry entry, String key) {
		releaseEntry(this.table, entry, key);
	}

	static void releaseEntry(LockTable table, LockTable.Entry entry, String key) {
		LockTable.HandedOff left = table.release(entry);
		if (left != null) {
			releaseInService(left.lock(), left.contention(), key);
		}
	}

	/**
	 * Releases a lock in the service, after the engine's watch on its queue, if any. Does not
	 * throw: it runs on the lock cache's thread too, whose sweep of idle locks must go on.
	 */
	static void releaseInService(BackendLock lock, @Nullable Contention contention, String key) {
		if (contention != null) {
			closeQuietly(contention, lock, key);
		}
		releaseQuietly(lock, key);
	}

	private static void closeQuietly(Contention contention, BackendLock lock, String key) {
		try {
			contention.close();
		}
		catch (RuntimeException ex) {
			// the contract says it does not throw; the lock is released all the same
			logger.warn("Could not end the queue watch of lock '" + key + "' (" + lock.describe() + ")", ex);
		}
	}

	static void releaseQuietly(BackendLock lock, String key) {
		try {
			lock.release();
		}
		catch (RuntimeException ex) {
			logger.warn("Could not release lock '" + key + "' (" + lock.describe() + ")", ex);
		}
	}

}
