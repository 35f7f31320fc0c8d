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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The states of the handles, in step with their backend locks: a new handle is tracked in the
 * state its lock has then, every change the backend reports is applied to every handle and told
 * to the listener, and a nested acquisition waits while its outer lock is in doubt.
 * <p>
 * State changes are applied under a lock held only for local reads, never while waiting for the
 * service, and told to the listener after it is released; a later reading is never overwritten
 * by an earlier one.
 */
final class HandleStates {

	private static final Log logger = LogFactory.getLog(HandleStates.class);

	/** How long a nested acquisition waits at most between two looks at an outer lock in doubt. */
	private static final long SETTLE_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

	private final LockTable table;

	private final CompositeLockListener listener;

	private final Releases releases;

	private final boolean interruptOnLoss;

	/** Held locks are in doubt while a pause of the process is not confirmed. */
	private final PauseWatch pauses;

	private final AtomicLong handleNumbers = new AtomicLong();

	private final ReentrantLock stateLock = new ReentrantLock();

	private final Condition statesFollowed = this.stateLock.newCondition();

	HandleStates(LockTable table, CompositeLockListener listener, Releases releases, boolean interruptOnLoss,
			PauseWatch pauses) {
		this.pauses = pauses;
		this.table = table;
		this.listener = listener;
		this.releases = releases;
		this.interruptOnLoss = interruptOnLoss;
	}

	/**
	 * Tracks a new handle in the state its lock has now: a change the backend reported before
	 * the handle was tracked is applied to it all the same.
	 */
	EngineLockHandle track(LockTable.Entry entry, Hold hold, LockRequest request, String path) {
		return track(entry, hold, request, path, false);
	}

	/**
	 * Tracks a new handle, as {@link #track(LockTable.Entry, Hold, LockRequest, String)}, for a
	 * thread or for an asynchronous execution.
	 */
	EngineLockHandle track(LockTable.Entry entry, Hold hold, LockRequest request, String path, boolean async) {
		this.stateLock.lock();
		try {
			long number = this.handleNumbers.incrementAndGet();
			LockState state = hold.givenUp() ? LockState.LOST : stateOf(hold.lock());
			EngineLockHandle handle = async
					? new AsyncEngineLockHandle(this.releases, number, entry, hold, request, path, state, this.pauses)
					: new EngineLockHandle(this.releases, number, entry, hold, request, path, state, false,
							this.pauses);
			entry.add(handle);
			return handle;
		}
		finally {
			this.stateLock.unlock();
		}
	}

	/**
	 * Brings every handle's state in line with its lock's, and tells the changes.
	 */
	void follow() {
		List<StateChange> changes = new ArrayList<>();
		this.stateLock.lock();
		try {
			this.table.forEachHandle((handle) -> {
				LockState next = stateOf(handle.hold().lock());
				LockState previous = handle.transition(next);
				if (previous != null) {
					changes.add(new StateChange(handle, previous, next));
				}
			});
			this.statesFollowed.signalAll();
		}
		finally {
			this.stateLock.unlock();
		}
		changes.forEach(this::tell);
	}

	private void tell(StateChange change) {
		EngineLockHandle handle = change.handle();
		if (change.next() == LockState.LOST) {
			logger.warn("Lock '" + handle.key() + "' (" + handle.hold().lock().describe() + ") held by thread '"
					+ handle.holderThread() + "' was lost: the session or lease behind it ended");
			if (this.interruptOnLoss) {
				handle.interruptHolderUnlessClosed();
			}
		}
		this.listener.onStateChanged(handle, change.previous(), change.next());
		if (change.next() == LockState.LOST) {
			this.releases.lost(handle);
		}
	}

	/**
	 * Gives up the lock of a handle still open past its request's {@code maxHold}: every handle
	 * on it is lost before the lock is given up in the service, so that no commit of the holder
	 * passes the commit guard once another holder may have the lock, and the holder is
	 * interrupted (if the engine interrupts for a loss) and the listener told before.
	 */
	void giveUp(EngineLockHandle timed) {
		Hold hold = timed.hold();
		List<StateChange> changes = new ArrayList<>();
		this.stateLock.lock();
		try {
			if (!hold.giveUp()) {
				return;
			}
			this.table.forEachHandle((handle) -> {
				if (handle.hold() == hold) {
					LockState previous = handle.transition(LockState.LOST);
					if (previous != null) {
						changes.add(new StateChange(handle, previous, LockState.LOST));
					}
				}
			});
			this.statesFollowed.signalAll();
		}
		finally {
			this.stateLock.unlock();
		}
		logger.warn("Lock '" + timed.key() + "' (" + hold.lock().describe() + ") held by thread '"
				+ timed.holderThread() + "' for longer than its maxHold (" + timed.request().maxHold()
				+ ") was given up: the next holder takes it with a greater fencing token");
		if (this.interruptOnLoss) {
			changes.forEach((change) -> change.handle().interruptHolderUnlessClosed());
		}
		changes.forEach((change) -> this.listener.onStateChanged(change.handle(), change.previous(), change.next()));
		this.releases.giveUp(hold, timed.key());
	}

	/**
	 * The state of a backend lock as the engine tells it: in doubt while a pause of the process
	 * is not confirmed.
	 */
	LockState stateOf(BackendLock lock) {
		return this.pauses.stateOf(lock);
	}

	/**
	 * Waits while the outer lock of a nested acquisition is in doubt, within the deadline.
	 * @throws LockLostException if it is lost
	 * @throws LockBackendException if it is still in doubt at the deadline
	 */
	void awaitSettled(Hold outer, LockRequest request, String path, long deadline) throws InterruptedException {
		LockState state = stateOf(outer.lock());
		if (state == LockState.IN_DOUBT) {
			this.stateLock.lockInterruptibly();
			try {
				while ((state = stateOf(outer.lock())) == LockState.IN_DOUBT) {
					long remaining = deadline - System.nanoTime();
					if (remaining <= 0) {
						break;
					}
					this.statesFollowed.awaitNanos(Math.min(remaining, SETTLE_CHECK_NANOS));
				}
			}
			finally {
				this.stateLock.unlock();
			}
		}
		if (state == LockState.LOST) {
			throw new LockLostException(request.key(), path);
		}
		if (state == LockState.IN_DOUBT) {
			throw new LockBackendException("Could not acquire lock '" + request.key() + "' (" + path
					+ ") inside the lock the thread holds: that lock (" + outer.lock().describe()
					+ ") was still in doubt when the wait time elapsed", null);
		}
	}

	private record StateChange(EngineLockHandle handle, LockState previous, LockState next) {
	}

}
