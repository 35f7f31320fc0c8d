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
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

import io.github.distlock.core.AsyncLockHandle;
import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.LockWaiter;
import io.github.distlock.core.spi.AsyncLockBackend;
import io.github.distlock.core.spi.BackendLock;
import org.jspecify.annotations.Nullable;

/**
 * One asynchronous acquisition, step by step with no thread waiting: the local turn (a future of
 * the {@link LocalLockQueue}), then the lock handed off by the previous holder or the service's
 * (a future of the {@link AsyncLockBackend}), then the handle. Each step goes on on a thread of
 * {@link AsyncCompletions}. A cancel of the result cancels the step under way; whatever that
 * step had already got (a turn, a lock) is given back by the next one, which sees the result
 * done.
 */
final class AsyncAcquisition {

	private final AsyncLockBackend backend;

	private final LockTable table;

	private final HandleStates states;

	private final Releases releases;

	private final Acquisitions acquisitions;

	private final CompositeLockListener listener;

	private final MaxHoldTimers maxHoldTimers;

	private final LockRequest request;

	private final String path;

	private final long start;

	private final long deadline;

	private final long waiterNumber;

	private final CompletableFuture<AsyncLockHandle> result = new CompletableFuture<>();

	/** The step under way, to cancel with the result. */
	private volatile @Nullable CompletableFuture<?> step;

	AsyncAcquisition(AsyncLockBackend backend, LockTable table, HandleStates states, Releases releases,
			Acquisitions acquisitions, CompositeLockListener listener, MaxHoldTimers maxHoldTimers,
			LockRequest request, String path, long start) {
		this.backend = backend;
		this.table = table;
		this.states = states;
		this.releases = releases;
		this.acquisitions = acquisitions;
		this.listener = listener;
		this.maxHoldTimers = maxHoldTimers;
		this.request = request;
		this.path = path;
		this.start = start;
		this.deadline = start + Durations.saturatedNanos(request.waitTime());
		this.waiterNumber = acquisitions.track(new LockWaiter(request.key(), request.name(), path, request.type(),
				Instant.now(), "async, asked on " + Thread.currentThread().getName()));
		this.result.whenComplete((handle, failure) -> {
			CompletableFuture<?> current = this.step;
			if (this.result.isCancelled() && current != null) {
				current.cancel(false);
			}
		});
	}

	/**
	 * Starts the acquisition.
	 * @return the handle, once held
	 */
	CompletableFuture<AsyncLockHandle> start() {
		queue(this.table.retain(this.path, this.request.type()));
		return this.result;
	}

	/** Asks for the local turn, if the type queues locally. */
	private void queue(LockTable.Entry entry) {
		LocalLockQueue local = entry.local();
		if (local == null) {
			contend(entry, null);
			return;
		}
		CompletableFuture<Void> turn = local.acquireAsync(this.request.type());
		if (!turn.isDone()) {
			turn.orTimeout(Math.max(0, this.deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
		}
		await(turn, (ignored, failure) -> {
			if (failure != null) {
				fail(entry, failure);
			}
			else if (this.result.isDone()) {
				local.release(this.request.type());
				fail(entry, new CancellationException());
			}
			else {
				contend(entry, local);
			}
		});
	}

	/** Takes the lock the previous local holder handed off, or asks the service. */
	private void contend(LockTable.Entry entry, @Nullable LocalLockQueue local) {
		Hold handedOff;
		try {
			handedOff = this.acquisitions.takeHandedOff(entry, this.request, local);
		}
		catch (RuntimeException ex) {
			giveBackTurn(local);
			fail(entry, ex);
			return;
		}
		if (handedOff != null) {
			handOut(entry, handedOff);
			return;
		}
		CompletableFuture<BackendLock> lock;
		try {
			lock = this.backend.acquireAsync(this.request, this.path, this.deadline);
		}
		catch (RuntimeException ex) {
			giveBackTurn(local);
			fail(entry, ex);
			return;
		}
		await(lock, (held, failure) -> {
			if (failure != null) {
				giveBackTurn(local);
				fail(entry, failure);
			}
			else {
				handOut(entry, new Hold(held, this.request.type(), held.fencingToken(), local));
			}
		});
	}

	/**
	 * Tracks the handle and completes the result with it; a lock lost before it could be
	 * followed is given back, and queued for again while wait time is left.
	 */
	private void handOut(LockTable.Entry entry, Hold hold) {
		EngineLockHandle handle = this.states.track(entry, hold, this.request, this.path, true);
		if (handle.state() == LockState.LOST) {
			if (handle.markReleased()) {
				this.releases.release(handle, false);
			}
			if (this.deadline - System.nanoTime() > 0 && !this.result.isDone()) {
				queue(this.table.retain(this.path, this.request.type()));
			}
			else {
				finish(new LockLostException(this.request.key(), this.path));
			}
			return;
		}
		this.acquisitions.untrack(this.waiterNumber);
		this.listener.onAcquired(handle, Durations.since(this.start));
		if (!this.request.maxHold().isZero()) {
			this.maxHoldTimers.start(handle, () -> this.states.giveUp(handle));
		}
		if (!this.result.complete((AsyncLockHandle) handle)) {
			// cancelled while the lock was being granted
			handle.close();
		}
	}

	/** Waits for a step with no thread, and goes on on a thread of the engine. */
	private <T> void await(CompletableFuture<T> next, BiConsumer<T, Throwable> then) {
		this.step = next;
		if (this.result.isCancelled()) {
			next.cancel(false);
		}
		next.whenCompleteAsync((value, failure) -> {
			try {
				then.accept(value, (failure != null) ? unwrap(failure) : null);
			}
			catch (RuntimeException ex) {
				finish(ex);
			}
		}, AsyncCompletions.EXECUTOR);
	}

	private void giveBackTurn(@Nullable LocalLockQueue local) {
		if (local != null) {
			local.release(this.request.type());
		}
	}

	/** Ends a failed acquisition: its table entry is given back, the failure told. */
	private void fail(LockTable.Entry entry, Throwable failure) {
		this.releases.releaseEntry(entry, this.request.key());
		finish(failure);
	}

	private void finish(Throwable failure) {
		this.acquisitions.untrack(this.waiterNumber);
		DistributedLockException told = told(failure);
		this.listener.onAcquisitionFailed(this.request, Durations.since(this.start), told);
		this.result.completeExceptionally((failure instanceof IllegalArgumentException) ? failure : told);
	}

	/** The failure as the registry reports it, as for a thread's acquisition. */
	private DistributedLockException told(Throwable failure) {
		String key = this.request.key();
		if (failure instanceof TimeoutException) {
			return new LockAcquisitionException(key, this.path, Durations.since(this.start));
		}
		if (failure instanceof LockAcquisitionException elapsed) {
			return LockEngine.waitedSinceStart(elapsed, Durations.since(this.start));
		}
		if (failure instanceof CancellationException) {
			InterruptedException cancelled = new InterruptedException("the asynchronous acquisition was cancelled");
			return new LockInterruptedException(key, this.path, cancelled);
		}
		if (failure instanceof DistributedLockException known) {
			return known;
		}
		return new LockBackendException("Could not acquire lock '" + key + "' (" + this.path + "): " + failure,
				failure);
	}

	private static Throwable unwrap(Throwable failure) {
		return (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause() : failure;
	}

}
