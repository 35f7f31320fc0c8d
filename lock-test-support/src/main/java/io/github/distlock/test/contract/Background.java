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

package io.github.distlock.test.contract;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * A task of a test on a thread of its own, whose state the test can watch (to see it wait)
 * and which it can interrupt.
 *
 * @param <T> the type of the task's result
 */
final class Background<T extends @Nullable Object> {

	private final Thread thread;

	private final CompletableFuture<T> result = new CompletableFuture<>();

	private volatile boolean interruptedWhenDone;

	Background(String name, Callable<T> task) {
		this.thread = new Thread(() -> {
			try {
				T value = task.call();
				this.interruptedWhenDone = Thread.currentThread().isInterrupted();
				this.result.complete(value);
			}
			catch (Throwable ex) {
				this.interruptedWhenDone = Thread.currentThread().isInterrupted();
				this.result.completeExceptionally(ex);
			}
		}, name);
		this.thread.setDaemon(true);
		this.thread.start();
	}

	Thread thread() {
		return this.thread;
	}

	boolean isDone() {
		return this.result.isDone();
	}

	/**
	 * Whether the thread is parked (as it is while it waits for a lock).
	 */
	boolean isBlocked() {
		Thread.State state = this.thread.getState();
		return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
	}

	/**
	 * Whether the thread's interrupt status was set when the task returned or threw.
	 */
	boolean interruptedWhenDone() {
		return this.interruptedWhenDone;
	}

	/**
	 * The task's result.
	 * @throws Exception what the task threw, or {@link java.util.concurrent.TimeoutException}
	 * if it is not done in time
	 */
	T get(Duration timeout) throws Exception {
		try {
			return this.result.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (ExecutionException ex) {
			Throwable cause = ex.getCause();
			if (cause instanceof Exception exception) {
				throw exception;
			}
			if (cause instanceof Error error) {
				throw error;
			}
			throw ex;
		}
	}

	/**
	 * What the task threw.
	 * @throws AssertionError if it returned
	 */
	Throwable failure(Duration timeout) throws Exception {
		T value;
		try {
			value = this.result.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
		}
		catch (ExecutionException ex) {
			return ex.getCause();
		}
		throw new AssertionError("Expected " + this.thread.getName() + " to fail, but it returned " + value);
	}

	/**
	 * Interrupts the thread if it still runs, and waits for it to end.
	 */
	void stop(Duration timeout) throws InterruptedException {
		if (this.thread.isAlive()) {
			this.thread.interrupt();
			this.thread.join(timeout.toMillis());
		}
	}

}
