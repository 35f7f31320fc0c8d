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

package io.github.distlock.core;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * Distributed locks for asynchronous work: a {@link CompletionStage} holds its lock from its
 * start until it completes, and no thread waits for the lock meanwhile. The lock is owned by the
 * work, not by a thread ({@link AsyncLockRegistry}).
 * <p>
 * A lock lost while the work runs completes the result at once with
 * {@link LockLostException}, and cancels the work's stage if it is a {@code Future}. A lock in
 * doubt when the work completes is kept until the lock service settles it, as
 * {@link LockOperations} does. The result completes exceptionally with
 * {@link LockAcquisitionException} when the wait time elapses, {@link LockBackendException} when
 * the lock service fails, {@link IllegalArgumentException} for a type the backend cannot acquire
 * asynchronously; cancelling it ends the wait or, once the work runs, releases the lock.
 *
 * @since 0.1.0
 */
public interface AsyncLockOperations {

	/**
	 * Starts acquiring a lock; returns at once. The caller closes the handle.
	 * @param request what is asked for
	 * @return the lock, once held
	 */
	CompletableFuture<AsyncLockHandle> acquireAsync(LockRequest request);

	/**
	 * Runs asynchronous work holding a lock: the work starts once the lock is held, on a thread
	 * of the engine, with the lock in {@link LockContext} until it returns its stage, and the
	 * lock is released when the stage completes.
	 * @param request what is asked for
	 * @param work starts the work and returns its stage
	 * @param <T> the type of the result
	 * @return the work's result, once the lock is released
	 */
	<T> CompletableFuture<T> executeAsync(LockRequest request,
			Function<? super AcquiredLock, ? extends CompletionStage<T>> work);

	/**
	 * Runs asynchronous work holding the locks of every key of the request: all of them or none
	 * within the wait time. They are taken in ascending key order, each once the one before it
	 * is held, with no thread waiting; if one cannot be had, those taken are released, the last
	 * first, and the result completes with its exception. The work starts on a thread of the
	 * engine with every lock in {@link LockContext} until it returns its stage; the locks are
	 * released, the last taken first, when its stage completes. The loss of any of them cancels
	 * the work, as for one lock.
	 * @param request the keys, type, wait time and name of the locks
	 * @param work starts the work from the held locks, in the order taken, and returns its stage
	 * @param <T> the type of the result
	 * @return the work's result, once the locks are released
	 */
	default <T> CompletableFuture<T> executeAllAsync(MultiLockRequest request,
			Function<? super List<AcquiredLock>, ? extends CompletionStage<T>> work) {
		return AsyncMultiKeyLocking.execute(this, request, work);
	}

	/**
	 * Runs asynchronous work holding a {@link io.github.distlock.annotation.LockType#MUTEX} lock
	 * on a key.
	 * @param key the lock key
	 * @param waitTime how long to wait for the lock
	 * @param work starts the work and returns its stage
	 * @param <T> the type of the result
	 * @return the work's result, once the lock is released
	 */
	default <T> CompletableFuture<T> executeAsync(String key, Duration waitTime,
			Function<? super AcquiredLock, ? extends CompletionStage<T>> work) {
		return executeAsync(LockRequest.of(key, waitTime), work);
	}

}
