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

import java.util.Set;
import java.util.concurrent.CompletableFuture;

import io.github.distlock.annotation.LockType;

/**
 * Locks for asynchronous executions, acquired with no thread waiting: the lock service's answers
 * and watches complete the wait. Such a lock is owned by the execution, not by a thread: it is
 * never re-entered from memory (each acquisition queues, behind any other holder in this JVM
 * too), and any thread may close it.
 *
 * @since 0.1.0
 */
public interface AsyncLockRegistry {

	/**
	 * The lock types that can be acquired with no thread waiting.
	 * @return the types, perhaps none
	 */
	Set<LockType> asyncTypes();

	/**
	 * Starts acquiring a lock; returns at once.
	 * @param request what is asked for; its wait time bounds the wait
	 * @return the lock, held, on a thread of the engine; completed exceptionally with
	 * {@link LockAcquisitionException} when the wait time elapsed first,
	 * {@link LockBackendException} when the lock service failed, or
	 * {@link IllegalArgumentException} for a type not in {@link #asyncTypes()}. Cancelling it
	 * ends the wait and leaves nothing in the lock service; a lock granted meanwhile is released.
	 */
	CompletableFuture<AsyncLockHandle> acquireAsync(LockRequest request);

}
