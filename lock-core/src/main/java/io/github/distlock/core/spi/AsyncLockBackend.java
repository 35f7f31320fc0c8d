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

package io.github.distlock.core.spi;

import java.util.Set;
import java.util.concurrent.CompletableFuture;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockRequest;

/**
 * A {@link LockBackend} that can wait for a lock with no thread waiting: the service's answers
 * and watches complete the wait. The engine uses it for locks owned by an asynchronous execution
 * (a {@code CompletionStage}, a Reactor publisher) rather than by a thread.
 * <p>
 * A lock it returns is the same as one {@link #acquire} returns, and the guarantees of
 * {@link LockBackend} hold for it, with these in place of the thread's:
 * <ul>
 * <li><b>No thread waits.</b> {@link #acquireAsync} returns at once; it never waits for the
 * service on the caller's thread, which may be an event loop.</li>
 * <li><b>Deadline.</b> The future completes by its deadline plus at most one call's grace, also
 * while the service cannot be reached: with {@link LockAcquisitionException} if the wait for the
 * turn was under way, or with {@link LockBackendException} if a call to the service was, and it
 * did not answer within the grace.</li>
 * <li><b>Cancellation</b> takes the place of the interrupt. When the engine cancels the future,
 * the wait ends and the contender is removed from the service in the background. A lock the
 * backend got while the future was being cancelled is released by the backend: it completes the
 * future with {@link CompletableFuture#complete}, and releases the lock when that returns
 * {@code false}.</li>
 * <li><b>Threads.</b> The future completes on a thread of the backend; the engine moves off it
 * before running anything of the caller's.</li>
 * </ul>
 * {@code LockRegistryContractTests} checks these too for a backend that implements this.
 *
 * @since 0.1.0
 */
public interface AsyncLockBackend extends LockBackend {

	/**
	 * The lock types this backend can wait for with no thread waiting.
	 * @return a subset of {@link #supportedTypes()}
	 */
	Set<LockType> asyncTypes();

	/**
	 * Starts acquiring a lock for an asynchronous execution: queues in the service and completes
	 * when no contender ahead excludes it.
	 * @param request what is asked for; its type is one of {@link #asyncTypes()}
	 * @param path the lock path of the request's key
	 * @param deadlineNanos the {@link System#nanoTime()} by which to give up
	 * @return the lock, once held; completed exceptionally with
	 * {@link LockAcquisitionException} if the deadline passed first, with
	 * {@link LockBackendException} if the service failed or could not be reached in time, or with
	 * {@link IllegalArgumentException} for a request the backend refuses
	 */
	CompletableFuture<BackendLock> acquireAsync(LockRequest request, String path, long deadlineNanos);

}
