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

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.spi.BackendLock;
import org.jspecify.annotations.Nullable;

/**
 * One acquisition of an etcd lock, as a chain of etcd calls and watches that no thread waits
 * for: first the removal of this backend's own key released on the lock's queue, if one is on
 * its way ({@link EtcdLockBackend#removalOnItsWay}); then the lease
 * ({@link EtcdSession#leaseAsync}); a contender key created with a read of its queue, in one
 * transaction; then, while a contender ahead excludes it, a {@link DeleteWatch} of that one (of
 * any one ahead, for a semaphore) and a new read of the queue. Its turn come, the result
 * completes with the {@link EtcdHeldLock}. The same steps serve a thread's acquisition, which
 * waits for the result, and an asynchronous one.
 * <p>
 * Each etcd call is bounded by the deadline plus {@link #CALL_GRACE_NANOS}, and fails the result
 * with a {@link LockBackendException} when etcd fails it or does not answer in time; the wait
 * for a turn ends at the deadline ({@link EtcdCalls#at}), when the key is removed and the result
 * fails with a {@link LockAcquisitionException}: at once, or, for a thread's acquisition, once
 * etcd answered the removal (else with a {@link LockBackendException}, as before). A lease that
 * ends while waiting takes the key with it: the acquisition queues again under a new lease. A
 * result that ends otherwise (cancelled, failed) ends the wait, and the key is removed in the
 * background; a lock granted as the result is cancelled is released.
 * <p>
 * The key that may exist in etcd is held in one place, {@link #queued}, set before its create is
 * sent: whichever step takes it out (the grant, the give-up, the end of the result) hands it on
 * or removes it, so no key is left behind, and none is handed on after the result ended.
 */
final class EtcdAcquisition {

	/**
	 * How long past the wait time an etcd call of an acquisition may take: a try-once still
	 * gets an answer from a healthy etcd, and an unreachable one fails the wait soon after its
	 * time.
	 */
	static final long CALL_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

	/** The least time the removal of a key given up is awaited, however late it is made. */
	private static final long MIN_CALL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

	private final EtcdLockBackend backend;

	private final LockRequest request;

	private final String path;

	private final long start = System.nanoTime();

	private final long deadline;

	/** Whether a thread waits for the result: it then learns whether etcd removed a key given up. */
	private final boolean threadWaits;

	private final CompletableFuture<BackendLock> result = new CompletableFuture<>();

	/** Completed at the deadline: ends the wait for a turn. */
	private final CompletableFuture<Void> deadlineReached = new CompletableFuture<>();

	/** The contender key that may exist in etcd, until it is held, removed or gone with its lease. */
	private final AtomicReference<@Nullable Queued> queued = new AtomicReference<>();

	/** The wait for a turn under way, closed when the acquisition ends. */
	private final AtomicReference<@Nullable DeleteWatch> watch = new AtomicReference<>();

	private volatile @Nullable ScheduledFuture<?> deadlineTimer;

	/**
	 * An acquisition, not started yet.
	 * @param deadline the {@link System#nanoTime()} by which to give up
	 * @param threadWaits whether a thread waits for the result
	 */
	EtcdAcquisition(EtcdLockBackend backend, LockRequest request, String path, long deadline, boolean threadWaits) {
		this.backend = backend;
		this.request = request;
		this.path = path;
		this.deadline = deadline;
		this.threadWaits = threadWaits;
	}

	/**
	 * Starts the acquisition; returns at once.
	 * @return the lock, once held
	 */
	CompletableFuture<BackendLock> start() {
		this.deadlineTimer = this.backend.calls().at(this.deadline, () -> this.deadlineReached.complete(null));
		this.result.whenComplete((lock, failure) -> ended());
		CompletableFuture<?> removal = this.backend.removalOnItsWay(Contenders.queue(this.path, this.request.type()));
		if (removal == null) {
			queue();
		}
		else {
			// the released key may still be there after the wait: then this one queues behind it
			this.backend.calls().within(removal, callDeadline()).whenComplete((removed, failure) -> step(this::queue));
		}
		return this.result;
	}

	/** Takes the lease, then queues under it. */
	private void queue() {
		if (this.result.isDone()) {
			return;
		}
		this.backend.calls()
			.within(this.backend.session().leaseAsync(), callDeadline())
			.whenComplete((lease, failure) -> step(() -> {
				if (failure != null) {
					fail(failure);
				}
				else {
					create(lease);
				}
			}));
	}

	/** Creates a contender key under the lease, and reads its queue. */
	private void create(EtcdSession.Lease lease) {
		if (this.result.isDone()) {
			return;
		}
		String key = this.backend.contenders().newKey(this.path, this.request.type(), lease.id());
		Queued mine = new Queued(key, lease);
		this.queued.set(mine);
		if (this.result.isDone()) {
			// ended meanwhile, perhaps before the key was there to remove
			abandon();
			return;
		}
		this.backend
			.create(key, this.request.type() != LockType.READ, lease, 0, this.request.owner(), callDeadline())
			.whenComplete((created, failure) -> step(() -> {
				if (this.result.isDone()) {
					return;
				}
				if (failure != null) {
					// the key may exist all the same: removed as the acquisition ends
					fail(failure);
				}
				else if (created == null) {
					// the floor passed the key, or the lease is gone: a new key, under a live lease
					this.queued.compareAndSet(mine, null);
					queue();
				}
				else {
					awaitTurn(mine, created.contender(), created.queue());
				}
			}));
	}

	/**
	 * Holds the lock if no contender ahead excludes this one; else waits for the delete of the
	 * one it waits for, until the deadline, and reads the queue again.
	 * @param queue the queue as read with the contender's creation, or since
	 */
	private void awaitTurn(Queued mine, Contenders.Contender contender, Contenders.Queue queue) {
		if (this.result.isDone()) {
			return;
		}
		EtcdSession.Lease lease = mine.lease();
		if (!queue.contains(contender) || lease.status() == EtcdSession.Status.LOST) {
			// the lease ended while waiting, and the key with it: queue again under a new one
			this.queued.compareAndSet(mine, null);
			queue();
			return;
		}
		Set<String> excluding = excluding(contender, queue);
		if (excluding.isEmpty()) {
			grant(contender, lease);
			return;
		}
		if (System.nanoTime() - this.deadline >= 0) {
			giveUp();
			return;
		}
		String queuePath = Contenders.queueOf(contender.key());
		DeleteWatch wait = (this.request.type() == LockType.SEMAPHORE)
				? DeleteWatch.ofAnyInQueue(this.backend.client(), queuePath, excluding)
				: DeleteWatch.ofKey(this.backend.client(), excluding.iterator().next());
		this.watch.set(wait);
		if (this.result.isDone()) {
			// ended meanwhile, perhaps before the watch was there to close
			closeWatch(wait);
			return;
		}
		// the result too: an acquisition that ended leaves nothing on the lease's future
		CompletableFuture.anyOf(wait.deleted(), lease.lostFuture(), this.deadlineReached, this.result)
			.whenComplete((any, failure) -> step(() -> {
				boolean lookAgain = wait.deleted().isDone() || lease.lostFuture().isDone();
				closeWatch(wait);
				if (this.result.isDone()) {
					return;
				}
				if (!lookAgain) {
					giveUp();
					return;
				}
				this.backend.calls()
					.retryWhileUnavailable(() -> this.backend.contenders().list(queuePath), callDeadline())
					.whenComplete((next, listFailure) -> step(() -> {
						if (listFailure != null) {
							fail(listFailure);
						}
						else {
							awaitTurn(mine, contender, next);
						}
					}));
			}));
	}

	/**
	 * The keys whose delete this contender waits for: the nearest one ahead that excludes it
	 * (any one for a writer, a writer for a reader), or, for a semaphore, every one ahead while
	 * its permits are taken; none once its turn came.
	 */
	private Set<String> excluding(Contenders.Contender contender, Contenders.Queue queue) {
		if (this.request.type() == LockType.SEMAPHORE) {
			List<Contenders.Contender> ahead = queue.ahead(contender);
			return (ahead.size() < this.request.permits()) ? Set.of()
					: ahead.stream().map(Contenders.Contender::key).collect(Collectors.toSet());
		}
		Contenders.Contender blocker = queue.blocker(contender);
		return (blocker != null) ? Set.of(blocker.key()) : Set.of();
	}

	/** Completes the result with the lock, or releases it if the acquisition ended meanwhile. */
	private void grant(Contenders.Contender contender, EtcdSession.Lease lease) {
		if (this.queued.getAndSet(null) == null) {
			// ended meanwhile: its end removes the key
			return;
		}
		EtcdHeldLock held = new EtcdHeldLock(this.backend, contender, lease, this.request.type());
		if (!this.result.complete(held)) {
			// cancelled as the lock was granted
			held.release();
		}
	}

	/**
	 * Removes the key of a wait whose time elapsed, now, so that the next acquisition of this
	 * backend on the queue does not queue behind it; fails the result with a
	 * {@link LockAcquisitionException} at once, or, when a thread waits, once etcd answered the
	 * removal, within the call's grace (if it did not, the key is removed in the background, and
	 * the acquisition fails as etcd's).
	 */
	private void giveUp() {
		Queued given = this.queued.getAndSet(null);
		if (given == null) {
			return;
		}
		CompletableFuture<?> removal = this.backend.remove(given.key(), given.lease(),
				"remove " + given.key() + ", the key of a wait given up");
		if (!this.threadWaits) {
			this.result.completeExceptionally(elapsed());
			return;
		}
		long bound = Math.max(callDeadline(), System.nanoTime() + MIN_CALL_NANOS);
		this.backend.calls().within(removal, bound).whenComplete((removed, failure) -> {
			if (failure == null || EtcdErrors.isLeaseNotFound(failure)) {
				this.result.completeExceptionally(elapsed());
			}
			else {
				this.result.completeExceptionally(new LockBackendException("Could not acquire lock '"
						+ this.request.key() + "' (" + this.path + ") from etcd: its wait time elapsed, and etcd did "
						+ "not answer when its contender key was to be removed (removed in the background)", failure));
			}
		});
	}

	private LockAcquisitionException elapsed() {
		return new LockAcquisitionException(this.request.key(), this.path,
				Duration.ofNanos(System.nanoTime() - this.start));
	}

	/**
	 * Fails the acquisition because the backend is closed.
	 */
	void close() {
		fail(EtcdSession.closedFailure());
	}

	/** Fails the acquisition for a failure of etcd, or of a call. */
	private void fail(Throwable failure) {
		this.result.completeExceptionally(EtcdLockBackend.acquisitionFailure(this.request.key(), this.path, failure));
	}

	/** Runs a step on a callback's thread; a step that throws fails the acquisition. */
	private void step(Runnable action) {
		try {
			action.run();
		}
		catch (RuntimeException ex) {
			fail(ex);
		}
		catch (Error ex) {
			fail(ex);
			throw ex;
		}
	}

	/**
	 * The acquisition ended: its timer and watch end, and its key is removed unless it was
	 * granted (the grant took it out), whatever ended it: a failure, a cancel, a caller's value.
	 */
	private void ended() {
		ScheduledFuture<?> timer = this.deadlineTimer;
		if (timer != null) {
			timer.cancel(false);
		}
		DeleteWatch current = this.watch.get();
		if (current != null) {
			closeWatch(current);
		}
		abandon();
	}

	/** Removes the key in the background, unless another step took it out. */
	private void abandon() {
		Queued given = this.queued.getAndSet(null);
		if (given != null) {
			this.backend.remove(given.key(), given.lease(),
					"remove " + given.key() + ", the key of an acquisition that ended");
		}
	}

	private void closeWatch(DeleteWatch wait) {
		this.watch.compareAndSet(wait, null);
		wait.close();
	}

	private long callDeadline() {
		return this.deadline + CALL_GRACE_NANOS;
	}

	/** A contender key created, or about to be, and the lease it is bound to. */
	private record Queued(String key, EtcdSession.Lease lease) {
	}

}
