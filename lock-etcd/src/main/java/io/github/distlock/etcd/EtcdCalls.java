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

package io.github.distlock.etcd;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * The clock of the backend's acquisitions, with no thread waiting: a call to etcd bounded by a
 * deadline, a call made again while no member can serve it, and a task run at a deadline. One
 * daemon thread of its own, made at the first use and stopped with the backend, runs the
 * timers, and what a timer completes goes on on it: nothing that runs there blocks. It is apart
 * from the session's thread, where the engine tells listeners of state changes, so that a slow
 * listener delays no deadline.
 */
final class EtcdCalls implements AutoCloseable {

	/** How long to wait before a call that no member could serve is made again. */
	static final long UNAVAILABLE_RETRY_MILLIS = 100;

	private final AtomicReference<@Nullable ScheduledThreadPoolExecutor> timer = new AtomicReference<>();

	private volatile boolean closed;

	/**
	 * A call's answer, or a {@link TimeoutException} if etcd did not answer by a deadline; the
	 * call itself is left alone (the caller cancels a call of its own).
	 * @param call the call, perhaps shared
	 * @param deadlineNanos the {@link System#nanoTime()} by which to answer
	 * @return a new future, failed with the cause of the call's failure, or with an
	 * {@link IllegalStateException} once the backend is closed
	 */
	<T> CompletableFuture<T> within(CompletableFuture<T> call, long deadlineNanos) {
		CompletableFuture<T> bounded = new CompletableFuture<>();
		ScheduledFuture<?> timeout = call.isDone() ? null
				: at(deadlineNanos, () -> bounded.completeExceptionally(new TimeoutException()));
		if (timeout == null && !call.isDone()) {
			bounded.completeExceptionally(EtcdSession.closedFailure());
		}
		call.whenComplete((value, failure) -> {
			if (timeout != null) {
				timeout.cancel(false);
			}
			if (failure != null) {
				bounded.completeExceptionally(unwrap(failure));
			}
			else {
				bounded.complete(value);
			}
		});
		return bounded;
	}

	/**
	 * Makes a call, and again every {@value #UNAVAILABLE_RETRY_MILLIS} ms while it fails only
	 * because no member can serve it for now (a leader being elected), until a bound; a call
	 * that etcd does not answer by the bound is cancelled.
	 * @param call makes the call
	 * @param boundNanos the {@link System#nanoTime()} by which to answer
	 * @return the answer, or the last failure ({@link TimeoutException} when unanswered); once it
	 * is cancelled or completed, no call is made again
	 */
	<T> CompletableFuture<T> retryWhileUnavailable(Supplier<CompletableFuture<T>> call, long boundNanos) {
		CompletableFuture<T> result = new CompletableFuture<>();
		attempt(call, boundNanos, result);
		return result;
	}

	private <T> void attempt(Supplier<CompletableFuture<T>> call, long boundNanos, CompletableFuture<T> result) {
		if (result.isDone()) {
			return;
		}
		CompletableFuture<T> running;
		try {
			running = call.get();
		}
		catch (RuntimeException ex) {
			result.completeExceptionally(ex);
			return;
		}
		within(running, boundNanos).whenComplete((value, failure) -> {
			if (failure == null) {
				result.complete(value);
				return;
			}
			if (failure instanceof TimeoutException) {
				running.cancel(true);
			}
			long retryAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(UNAVAILABLE_RETRY_MILLIS);
			if (!EtcdErrors.isUnavailable(failure) || retryAt - boundNanos >= 0
					|| at(retryAt, () -> attempt(call, boundNanos, result)) == null) {
				result.completeExceptionally(failure);
			}
		});
	}

	/**
	 * Runs a task at a time, on the timer's thread; the task must not block.
	 * @param nanoTime the {@link System#nanoTime()} at which to run it
	 * @return the scheduled task, to cancel, or {@code null} if the backend is closed
	 */
	@Nullable ScheduledFuture<?> at(long nanoTime, Runnable task) {
		ScheduledThreadPoolExecutor current = timer();
		if (current == null) {
			return null;
		}
		try {
			return current.schedule(task, Math.max(0, nanoTime - System.nanoTime()), TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			return null;
		}
	}

	private @Nullable ScheduledThreadPoolExecutor timer() {
		ScheduledThreadPoolExecutor current = this.timer.get();
		if (current != null || this.closed) {
			return current;
		}
		ScheduledThreadPoolExecutor made = new ScheduledThreadPoolExecutor(1, (task) -> {
			Thread thread = new Thread(task, "distributed-lock-etcd-timer");
			thread.setDaemon(true);
			return thread;
		});
		// a wait given up or answered early leaves no timer behind until its deadline
		made.setRemoveOnCancelPolicy(true);
		if (!this.timer.compareAndSet(null, made)) {
			made.shutdownNow();
			return this.timer.get();
		}
		if (this.closed) {
			made.shutdownNow();
		}
		return made;
	}

	/**
	 * The failure a future completed with, without the {@link CompletionException} that a
	 * dependent stage wraps it in.
	 */
	static Throwable unwrap(Throwable failure) {
		Throwable cause = failure;
		while (cause instanceof CompletionException && cause.getCause() != null) {
			cause = cause.getCause();
		}
		return cause;
	}

	/** Stops the timer: its tasks not run yet never run, and no task is taken any more. */
	@Override
	public void close() {
		this.closed = true;
		ScheduledThreadPoolExecutor current = this.timer.getAndSet(null);
		if (current != null) {
			current.shutdownNow();
		}
	}

}
