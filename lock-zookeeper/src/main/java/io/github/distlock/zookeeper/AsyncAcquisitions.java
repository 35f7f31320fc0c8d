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

package io.github.distlock.zookeeper;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.spi.BackendLock;
import org.apache.curator.framework.CuratorFramework;
import org.jspecify.annotations.Nullable;

/**
 * The asynchronous acquisitions of a {@link ZooKeeperLockBackend}, for {@code MUTEX},
 * {@code READ} and {@code WRITE}: what
 * {@link ZooKeeperLockBackend#acquire} does around the recipe, with no thread waiting. It
 * refuses what the blocking path refuses, holds the key's recipe while the acquisition waits (so
 * that a sweep for stray nodes leaves its node alone), writes the request's owner into the node
 * within the same bound, and returns the same {@link ZooKeeperHeldLock}. Futures complete on the
 * {@link AsyncTimer}'s thread; a lock granted to a future cancelled meanwhile is released there.
 * Closing fails the acquisitions still waiting.
 */
final class AsyncAcquisitions implements AutoCloseable {

	private final ZooKeeperLockBackend backend;

	private final CuratorFramework client;

	private final RecipeCache recipes;

	private final SessionStateTracker session;

	private final StrayNodeSweep strays;

	private final ServerCheck serverCheck;

	private final AcquisitionFailures failures;

	private final AsyncTimer timer;

	private final Set<AsyncNodeAcquisition> waiting = ConcurrentHashMap.newKeySet();

	private volatile boolean closed;

	AsyncAcquisitions(ZooKeeperLockBackend backend, RecipeCache recipes, SessionStateTracker session,
			StrayNodeSweep strays, ServerCheck serverCheck, AcquisitionFailures failures, AsyncTimer timer) {
		this.timer = timer;
		this.backend = backend;
		this.client = backend.client();
		this.recipes = recipes;
		this.session = session;
		this.strays = strays;
		this.serverCheck = serverCheck;
		this.failures = failures;
	}

	/**
	 * Starts acquiring a {@code MUTEX}, {@code READ} or {@code WRITE}.
	 * @see ZooKeeperLockBackend#acquireAsync
	 */
	CompletableFuture<BackendLock> acquire(LockRequest request, String path, long deadlineNanos) {
		CompletableFuture<BackendLock> future = new CompletableFuture<>();
		if (!ZooKeeperLockBackend.ASYNC_TYPES.contains(request.type())) {
			future.completeExceptionally(new IllegalArgumentException("Lock '" + request.key() + "' (" + path
					+ ") is requested as " + request.type() + ", but ZooKeeper waits with no thread waiting for "
					+ ZooKeeperLockBackend.ASYNC_TYPES + " only: acquire it with acquire(…), which blocks the "
					+ "calling thread"));
			return future;
		}
		String unsupported = this.serverCheck.unsupported();
		if (unsupported != null) {
			future.completeExceptionally(this.failures.unsupported(request.key(), path, unsupported));
			return future;
		}
		if (this.closed) {
			future.completeExceptionally(this.failures.closed(request.key(), path));
			return future;
		}
		long start = System.nanoTime();
		long lossesBefore = this.session.losses();
		boolean mutex = request.type() == LockType.MUTEX;
		RecipeKey recipeKey = new RecipeKey(path, mutex ? RecipeKind.MUTEX : RecipeKind.READ_WRITE_NODES);
		this.strays.acquisitionBegins(path);
		CuratorLockRecipe recipe = this.recipes.retain(recipeKey).recipe();
		NodeQueue queue = mutex ? (MutexRecipe) recipe : ((ReadWriteNodes) recipe).side(request.type());
		AsyncNodeAcquisition acquisition = new AsyncNodeAcquisition(this.client, queue, this.session, this.timer,
				this.failures, request.key(), path, start, deadlineNanos);
		this.waiting.add(acquisition);
		future.whenComplete((lock, ex) -> {
			if (future.isCancelled()) {
				acquisition.cancel();
			}
		});
		CompletableFuture<HeldNode> started;
		try {
			started = acquisition.start();
		}
		catch (RuntimeException ex) {
			acquisition.cancel();
			this.waiting.remove(acquisition);
			failed(future, recipeKey, this.failures.failure(request.key(), path, ex));
			return future;
		}
		started.whenComplete((node, failure) -> {
			this.waiting.remove(acquisition);
			if (failure != null) {
				failed(future, recipeKey, failure);
			}
			else {
				granted(future, request, recipeKey, recipe, queue, node, lossesBefore);
			}
		});
		return future;
	}

	/**
	 * Writes the owner, then completes the future with the lock, on the timer's thread; releases
	 * the lock if the future was cancelled meanwhile.
	 */
	private void granted(CompletableFuture<BackendLock> future, LockRequest request, RecipeKey recipeKey,
			CuratorLockRecipe recipe, NodeQueue queue, HeldNode node, long lossesBefore) {
		recordOwner(request, node, (ownerFailure) -> {
			if (ownerFailure != null) {
				queue.deleteQuietly(node.nodePath());
				failed(future, recipeKey, (ownerFailure instanceof DistributedLockException) ? ownerFailure
						: this.failures.failure(request.key(), recipeKey.path(), ownerFailure));
				return;
			}
			ZooKeeperHeldLock lock = new ZooKeeperHeldLock(this.backend, recipeKey, recipe, request.type(), node,
					lossesBefore);
			this.timer.execute(() -> {
				if (!future.complete(lock)) {
					// cancelled while the lock was granted
					lock.release();
				}
			});
		});
	}

	/**
	 * Gives back the recipe, sweeps the lock path for a node left behind unless the wait simply
	 * elapsed (as the blocking path does), and fails the future.
	 */
	private void failed(CompletableFuture<BackendLock> future, RecipeKey recipeKey, Throwable failure) {
		this.recipes.release(recipeKey);
		if (!(failure instanceof LockAcquisitionException && failure.getCause() == null)) {
			this.strays.schedule(recipeKey.path());
		}
		this.timer.execute(() -> future.completeExceptionally(failure));
	}

	/**
	 * Writes the request's owner as the data of its node, within the bound the blocking path
	 * gives it.
	 */
	private void recordOwner(LockRequest request, HeldNode node, Consumer<@Nullable Exception> then) {
		String owner = request.owner();
		if (owner == null) {
			then.accept(null);
			return;
		}
		AtomicBoolean answered = new AtomicBoolean();
		String what = "record the owner of lock '" + request.key() + "' (" + node.nodePath() + ") in";
		ScheduledFuture<?> bound;
		try {
			bound = this.timer.schedule(() -> {
				if (answered.compareAndSet(false, true)) {
					then.accept(this.failures.notWithin(what, ZooKeeperLockBackend.RELEASE_BOUND_NANOS, null));
				}
			}, System.nanoTime() + ZooKeeperLockBackend.RELEASE_BOUND_NANOS);
		}
		catch (RejectedExecutionException closedMeanwhile) {
			bound = null;
		}
		ScheduledFuture<?> boundToCancel = bound;
		LockOwners.recordInBackground(this.client, node.nodePath(), owner, (failure) -> {
			if (answered.compareAndSet(false, true)) {
				if (boundToCancel != null) {
					boundToCancel.cancel(false);
				}
				then.accept(failure);
			}
		});
	}

	/**
	 * Fails the acquisitions still waiting; the backend stops the timer after.
	 */
	@Override
	public void close() {
		this.closed = true;
		for (AsyncNodeAcquisition acquisition : this.waiting) {
			acquisition.backendClosed();
		}
	}

}
