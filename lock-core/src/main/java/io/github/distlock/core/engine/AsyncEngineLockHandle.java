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

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.distlock.core.AsyncLockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;

/**
 * The handle of an asynchronous acquisition: owned by no thread, its end awaitable.
 */
final class AsyncEngineLockHandle extends EngineLockHandle implements AsyncLockHandle {

	private final CompletableFuture<LockState> ended = new CompletableFuture<>();

	/** Whether the end was told: the first state told is the end, whichever task completes first. */
	private final AtomicBoolean endTold = new AtomicBoolean();

	AsyncEngineLockHandle(HandleCloser closer, long number, LockTable.Entry entry, Hold hold, LockRequest request,
			String path, LockState state, PauseWatch pauses) {
		super(closer, number, entry, hold, request, path, state, true, pauses);
	}

	@Override
	public CompletionStage<LockState> whenEnded() {
		return this.ended.minimalCompletionStage();
	}

	/**
	 * Completes {@link #whenEnded()}, whose dependents are the holder's: never on the thread that
	 * reports the state.
	 */
	@Override
	void end(LockState last) {
		if (this.endTold.compareAndSet(false, true)) {
			AsyncCompletions.EXECUTOR.execute(() -> this.ended.complete(last));
		}
	}

}
