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

import java.util.Deque;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.function.Function;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The default {@link AsyncLockOperations}, over an {@link AsyncLockRegistry}. Lock events come
 * from the registry ({@link io.github.distlock.core.engine.LockEngine} tells its listener of
 * each).
 *
 * @since 0.1.0
 */
public class AsyncLockTemplate implements AsyncLockOperations {

	private static final Log logger = LogFactory.getLog(AsyncLockTemplate.class);

	private final AsyncLockRegistry registry;

	private final boolean failOnLost;

	/**
	 * Creates a template.
	 * @param registry the lock backend
	 * @param failOnLost whether work that completed after its lock was lost completes
	 * exceptionally with {@link LockLostException} (otherwise a warning is logged)
	 */
	public AsyncLockTemplate(AsyncLockRegistry registry, boolean failOnLost) {
		this.registry = Objects.requireNonNull(registry, "registry");
		this.failOnLost = failOnLost;
	}

	/**
	 * Whether work that completed after its lock was lost completes exceptionally.
	 * @return {@code true} if it does, {@code false} if a warning is logged
	 */
	public boolean isFailOnLost() {
		return this.failOnLost;
	}

	@Override
	public CompletableFuture<AsyncLockHandle> acquireAsync(LockRequest request) {
		return this.registry.acquireAsync(request);
	}

	@Override
	public <T> CompletableFuture<T> executeAsync(LockRequest request,
			Function<? super AcquiredLock, ? extends CompletionStage<T>> work) {
		Objects.requireNonNull(work, "work");
		CompletableFuture<T> result = new CompletableFuture<>();
		CallerContext caller = CallerContext.capture();
		CompletableFuture<AsyncLockHandle> acquiring = this.registry.acquireAsync(request);
		result.whenComplete((value, failure) -> {
			if (result.isCancelled()) {
				acquiring.cancel(false);
			}
		});
		acquiring.whenComplete((handle, failure) -> {
			if (failure != null) {
				result.completeExceptionally(unwrap(failure));
			}
			else if (result.isDone()) {
				handle.close();
			}
			else {
				run(handle, work, caller, result);
			}
		});
		return result;
	}

	/** Starts the work with the caller's context, on whichever thread the lock was granted. */
	private <T> void run(AsyncLockHandle handle, Function<? super AcquiredLock, ? extends CompletionStage<T>> work,
			CallerContext caller, CompletableFuture<T> result) {
		CompletionStage<T> stage;
		Deque<AcquiredLock> held = LockContext.push(handle);
		try {
			stage = Objects.requireNonNull(caller.call(() -> work.apply(handle)), "the work returned no stage");
		}
		catch (Throwable ex) {
			handle.close();
			result.completeExceptionally(unwrap(ex));
			return;
		}
		finally {
			held.remove(handle);
		}
		handle.whenEnded().thenAccept((state) -> {
			if (state != LockState.LOST) {
				return;
			}
			if (this.failOnLost) {
				// the work's stage, cancelled first, completes the result with the loss
				if (stage instanceof Future<?> future) {
					future.cancel(true);
				}
				result.completeExceptionally(new LockLostException(handle.key(), handle.path()));
			}
			// nothing to keep: the lock service let another holder in, or will
			handle.close();
		});
		result.whenComplete((value, failure) -> {
			if (result.isCancelled() && stage instanceof Future<?> future) {
				future.cancel(true);
			}
		});
		stage.whenComplete((value, failure) -> LockSettlement.settled(handle).whenComplete((lost, ignored) -> {
			handle.close();
			Throwable cause = (failure != null) ? unwrap(failure) : null;
			if (lost != null && this.failOnLost && (cause == null || cause instanceof CancellationException)) {
				result.completeExceptionally(lost);
			}
			else if (cause != null) {
				result.completeExceptionally(cause);
			}
			else {
				if (lost != null) {
					logger.warn(lost.getMessage()
							+ "; the work guarded by it may have run concurrently with another holder");
				}
				result.complete(value);
			}
		}));
	}

	private static Throwable unwrap(Throwable failure) {
		if (failure instanceof CompletionException && failure.getCause() != null) {
			return failure.getCause();
		}
		return failure;
	}

}
