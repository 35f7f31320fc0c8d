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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import org.jspecify.annotations.Nullable;

/**
 * The handle of one acquisition: what was asked for, by which thread and when, the hold it
 * shares with the thread's re-entries, and the state machine {@code HELD ⇄ IN_DOUBT → LOST},
 * any of them {@code → RELEASED}. {@code LOST} and {@code RELEASED} are final.
 * <p>
 * Only the acquiring thread may close it, except for a {@link LockType#SEMAPHORE_MUTEX} or a
 * {@link LockType#SEMAPHORE}; closing
 * twice does nothing. A close before the request's {@link LockRequest#holdAtLeast() holdAtLeast}
 * has passed leaves the lock held until then, and it is released in the background. An
 * interrupt for a lost lock and the close are ordered, so that a holder that closed before the
 * loss was told is not interrupted.
 */
class EngineLockHandle implements LockHandle {

	private final HandleCloser closer;

	private final LockTable.Entry entry;

	private final Hold hold;

	private final LockRequest request;

	private final String path;

	/** The thread that holds the lock, or {@code null} for a lock owned by an asynchronous execution. */
	private final @Nullable Thread owner;

	/** The name of the holder's thread, or of the thread that asked for an asynchronous lock. */
	private final String holderThread;

	private final Instant acquiredAt = Instant.now();

	private final long acquiredNanos = System.nanoTime();

	/** Orders a close and an interrupt for a loss, so a thread that moved on is left alone. */
	private final ReentrantLock releaseGuard = new ReentrantLock();

	/** Whether the holder closed the handle; guarded by {@link #releaseGuard}. */
	private boolean closed;

	private final AtomicReference<LockState> state;

	/** Read with the state: a process that resumes from a pause reads its locks in doubt at once. */
	private final PauseWatch pauses;

	private final AtomicBoolean revocationTold = new AtomicBoolean();

	/** This handle's number among those of its engine, its hash code. */
	private final long number;

	EngineLockHandle(HandleCloser closer, long number, LockTable.Entry entry, Hold hold, LockRequest request,
			String path, LockState state, boolean async, PauseWatch pauses) {
		this.pauses = pauses;
		this.closer = closer;
		this.owner = async ? null : Thread.currentThread();
		this.holderThread = async ? "async, asked on " + Thread.currentThread().getName()
				: Thread.currentThread().getName();
		this.number = number;
		this.entry = entry;
		this.hold = hold;
		this.request = request;
		this.path = path;
		this.state = new AtomicReference<>(state);
	}

	@Override
	public String key() {
		return this.request.key();
	}

	@Override
	public String name() {
		return this.request.name();
	}

	@Override
	public String path() {
		return this.path;
	}

	@Override
	public LockType type() {
		return this.request.type();
	}

	@Override
	public long fencingToken() {
		return this.hold.fencingToken();
	}

	@Override
	public boolean isHeld() {
		return state() == LockState.HELD;
	}

	@Override
	public LockState state() {
		return this.pauses.adjust(this.state.get());
	}

	@Override
	public Instant acquiredAt() {
		return this.acquiredAt;
	}

	@Override
	public String holderThread() {
		return this.holderThread;
	}

	@Override
	public boolean revocationRequested() {
		return this.request.revocable() && this.hold.revocationRequested();
	}

	/**
	 * Notes that the listener is told of the revocation request.
	 * @return whether this call did, so that it is told once
	 */
	boolean markRevocationTold() {
		return this.revocationTold.compareAndSet(false, true);
	}

	HandleCloser closer() {
		return this.closer;
	}

	/** The holder's thread, or {@code null} for a lock owned by an asynchronous execution. */
	@Nullable Thread owner() {
		return this.owner;
	}

	long acquiredNanos() {
		return this.acquiredNanos;
	}

	LockTable.Entry entry() {
		return this.entry;
	}

	Hold hold() {
		return this.hold;
	}

	LockRequest request() {
		return this.request;
	}

	/**
	 * Moves to a new state unless the lock is already released or lost.
	 * @return the state before, or {@code null} if the state did not change
	 */
	@Nullable LockState transition(LockState next) {
		LockState current = this.state.get();
		while (current != LockState.RELEASED && current != LockState.LOST && current != next) {
			if (this.state.compareAndSet(current, next)) {
				if (next == LockState.LOST) {
					end(LockState.LOST);
				}
				return current;
			}
			current = this.state.get();
		}
		return null;
	}

	/**
	 * Releases the lock, or leaves it to the engine to release once the request's
	 * {@code holdAtLeast} has passed; a second call does nothing.
	 * @throws IllegalMonitorStateException if called by a thread other than the holder, for any
	 * type but {@link LockType#SEMAPHORE_MUTEX} and {@link LockType#SEMAPHORE}
	 */
	@Override
	public void close() {
		if (this.owner != null && !type().isReleasableByAnyThread() && Thread.currentThread() != this.owner) {
			throw new IllegalMonitorStateException("Lock '" + key() + "' (" + this.path + ") is held by thread '"
					+ this.holderThread + "' and only that thread can release it; "
					+ "use LockType.SEMAPHORE_MUTEX (or SEMAPHORE) for a lock released by another thread");
		}
		this.releaseGuard.lock();
		try {
			if (this.closed) {
				return;
			}
			this.closed = true;
		}
		finally {
			this.releaseGuard.unlock();
		}
		this.closer.closed(this);
	}

	/**
	 * Marks the handle released, once.
	 * @return whether this call did, so that the lock is to be given back
	 */
	boolean markReleased() {
		LockState previous;
		this.releaseGuard.lock();
		try {
			this.closed = true;
			previous = this.state.getAndSet(LockState.RELEASED);
		}
		finally {
			this.releaseGuard.unlock();
		}
		end(LockState.RELEASED);
		return previous != LockState.RELEASED;
	}

	/**
	 * The hold ended, {@code LOST} or {@code RELEASED}: nothing to do for a thread's lock, whose
	 * holder reads its state.
	 */
	void end(LockState last) {
	}

	/**
	 * Interrupts the holder's thread for a loss, unless it closed the handle already: the
	 * thread may have moved on to other work.
	 */
	void interruptHolderUnlessClosed() {
		this.releaseGuard.lock();
		try {
			if (!this.closed && this.owner != null) {
				this.owner.interrupt();
			}
		}
		finally {
			this.releaseGuard.unlock();
		}
	}

	@Override
	public String toString() {
		return "Lock[key=" + key() + ", path=" + this.path + ", type=" + type() + ", token=" + fencingToken()
				+ ", state=" + this.state.get() + "]";
	}

	/**
	 * Identity, as for any object.
	 */
	@Override
	public boolean equals(@Nullable Object other) {
		return this == other;
	}

	/**
	 * The handle's number in its engine rather than an identity hash code, so that the sets that
	 * hold handles are ordered alike from JVM to JVM, and a seeded interleaving test takes the
	 * same steps again.
	 */
	@Override
	public int hashCode() {
		return Long.hashCode(this.number);
	}

}
