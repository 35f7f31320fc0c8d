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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.LongFunction;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.PutOption;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The registry's session in etcd: one lease that every contender key of the registry is bound
 * to. The session renews it itself, with one request every third of the time to live that etcd
 * granted, and judges it only by what etcd answered: a lease is known to live for its time to
 * live after the <em>sending</em> of the latest request that etcd answered for it (etcd renewed
 * it no earlier), however late the answer is read. A lease so known to live for more than a
 * third of its time to live is {@link Status#ALIVE}; one whose renewals are late is
 * {@link Status#IN_DOUBT} (etcd may still hold it); one that etcd said it does not know, or that
 * may have expired, is {@link Status#LOST}, and so are the keys bound to it. The status is read
 * from the clock on every call, so a process that did not run for a while (a pause) sees its
 * lease lost as soon as it runs again, before any late answer can be read. A lost lease is
 * revoked, so that its keys go at once, and replaced by a new one at the next acquisition.
 * <p>
 * Each lease has a floor key ({@link Contenders#floorKey}), put right after the grant: the
 * sequence number below which no contender key of the lease may be created any more. It is
 * watched, too: etcd deletes it with the lease, so a lease revoked from outside is lost at once.
 * <p>
 * Past 400 lines (about 300 of code): granting, renewing, judging and revoking a lease are one
 * state machine over one clock, kept together so that no status is judged from a stale read.
 */
final class EtcdSession implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(EtcdSession.class);

	/** What is known of a lease. */
	enum Status {

		ALIVE, IN_DOUBT, LOST

	}

	/** Told of each change of a lease's status, on the session's thread. */
	interface Listener {

		void statusChanged(Lease lease, Status status);

	}

	/**
	 * The shortest time to live the session asks for: etcd grants no less with its default
	 * election timeout, and renewals every third of it still leave a third for the answer.
	 */
	static final long MIN_TTL_SECONDS = 2;

	private static final long CHECK_MILLIS = 100;

	/** How often a lease in doubt is renewed, at most: a member's death then costs an election. */
	private static final long DOUBT_RENEW_NANOS = TimeUnit.MILLISECONDS.toNanos(300);

	/** How many renewals of a lease may wait for their answer at once. */
	private static final int MAX_RENEWALS_IN_FLIGHT = 3;

	private static final long CLOSE_REVOKE_MILLIS = 1_000;

	private final Client client;

	private final long requestedTtlSeconds;

	private final LongFunction<String> floorKey;

	private final Listener listener;

	private final ScheduledExecutorService scheduler;

	private final AtomicReference<@Nullable CompletableFuture<Lease>> current = new AtomicReference<>();

	private final ScheduledFuture<?> ticker;

	/** The latest lease etcd granted, renewed from the grant on, before its floor key is put. */
	private volatile @Nullable Lease renewing;

	private volatile boolean closed;

	/**
	 * Starts a session and asks etcd for its first lease at once.
	 * @param ttl the time to live to ask for (at least {@value #MIN_TTL_SECONDS} s are asked)
	 * @param floorKey the floor key of a lease, by lease id
	 */
	EtcdSession(Client client, Duration ttl, LongFunction<String> floorKey, Listener listener,
			ScheduledExecutorService scheduler) {
		this.client = client;
		long requested = Math.max(1, ttl.toSeconds());
		if (requested < MIN_TTL_SECONDS) {
			logger.warn("The etcd lease time to live (distributed-lock.etcd.lease-ttl) of " + requested
					+ " s is below the " + MIN_TTL_SECONDS + " s that etcd grants at least and that renewals every "
					+ "third of it need: " + MIN_TTL_SECONDS + " s are asked for");
		}
		this.requestedTtlSeconds = Math.max(MIN_TTL_SECONDS, requested);
		this.floorKey = floorKey;
		this.listener = listener;
		this.scheduler = scheduler;
		this.ticker = scheduler.scheduleWithFixedDelay(this::tick, CHECK_MILLIS, CHECK_MILLIS,
				TimeUnit.MILLISECONDS);
		// granted ahead, so that the first acquisition does not wait for the connection and the grant
		CompletableFuture<Lease> first = new CompletableFuture<>();
		this.current.set(first);
		grant(first);
	}

	/**
	 * The lease to bind a new contender key to: the current one unless it is lost, else a new one.
	 * @param deadlineNanos when to give up waiting for etcd to grant a lease
	 * @throws ExecutionException with an {@link IllegalStateException} once the session is closed
	 */
	Lease lease(long deadlineNanos) throws InterruptedException, ExecutionException, TimeoutException {
		return leaseAsync().get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
	}

	/**
	 * The lease to bind a new contender key to, with no thread waiting: the current one unless it
	 * is lost, else a new one, asked for once however many acquisitions want it.
	 * @return the lease, once granted and its floor key put; failed if etcd did not grant it, and
	 * with an {@link IllegalStateException} once the session is closed. A new future each time,
	 * which the caller may complete or cancel without touching the grant.
	 */
	CompletableFuture<Lease> leaseAsync() {
		while (true) {
			if (this.closed) {
				return CompletableFuture.failedFuture(closedFailure());
			}
			CompletableFuture<Lease> pending = this.current.get();
			if (pending != null && !isLost(pending)) {
				// a lease lost by the time it is granted is replaced, as one lost before
				return pending.thenCompose((lease) -> (lease.status() != Status.LOST)
						? CompletableFuture.completedFuture(lease) : leaseAsync());
			}
			CompletableFuture<Lease> next = new CompletableFuture<>();
			if (this.current.compareAndSet(pending, next)) {
				grant(next);
			}
		}
	}

	boolean isClosed() {
		return this.closed;
	}

	static IllegalStateException closedFailure() {
		return new IllegalStateException("the etcd lock registry is closed");
	}

	/** The current lease, if one was granted and is not lost. */
	@Nullable Lease currentLease() {
		CompletableFuture<Lease> pending = this.current.get();
		return (pending != null && pending.isDone() && !isLost(pending)) ? pending.join() : null;
	}

	/** The latest lease, whatever its status, or {@code null} before one was granted. */
	@Nullable Lease latestLease() {
		CompletableFuture<Lease> pending = this.current.get();
		return (pending != null && pending.isDone() && !pending.isCompletedExceptionally()) ? pending.join() : null;
	}

	private static boolean isLost(CompletableFuture<Lease> pending) {
		return pending.isCompletedExceptionally() || (pending.isDone() && pending.join().status() == Status.LOST);
	}

	/**
	 * Asks etcd for a lease, then puts its floor key; a lease granted after the session closed,
	 * or whose floor could not be put, is revoked. Each call waits at most the time to live asked
	 * for (a lease answered later is lost already): one that hangs (no leader) fails, and the next
	 * acquisition asks again, rather than every acquisition waiting on it.
	 */
	private void grant(CompletableFuture<Lease> target) {
		long sentAt = System.nanoTime();
		this.client.getLeaseClient()
			.grant(this.requestedTtlSeconds, this.requestedTtlSeconds, TimeUnit.SECONDS)
			.whenComplete((granted, failure) -> {
				if (failure != null) {
					target.completeExceptionally(failure);
				}
				else if (this.closed) {
					revoke(granted.getID());
					target.completeExceptionally(closedFailure());
				}
				else {
					if (granted.getTTL() > this.requestedTtlSeconds) {
						logger.info("etcd granted a lease of " + granted.getTTL() + " s for the "
								+ this.requestedTtlSeconds + " s asked: its locks follow the " + granted.getTTL() + " s");
					}
					Lease lease = new Lease(granted.getID(), granted.getTTL(), sentAt, this::announceLost);
					this.renewing = lease;
					putFloor(lease, target);
				}
			});
	}

	private void putFloor(Lease lease, CompletableFuture<Lease> target) {
		this.client.getKVClient()
			.put(Contenders.bytes(this.floorKey.apply(lease.id())), Contenders.bytes(Contenders.floorValue(0)),
					PutOption.builder().withLeaseId(lease.id()).build())
			.orTimeout(this.requestedTtlSeconds, TimeUnit.SECONDS)
			.whenComplete((put, failure) -> {
				if (failure != null || this.closed) {
					revoke(lease.id());
					target.completeExceptionally((failure != null) ? failure : closedFailure());
					return;
				}
				lease.floorWatch.set(watchFloor(lease, put.getHeader().getRevision()));
				if (lease.status.get() == Status.LOST) {
					lease.stopWatchingFloor();
				}
				target.complete(lease);
			});
	}

	/**
	 * Watches the lease's floor key from its put on: etcd deletes it with the lease (revoked from
	 * outside, or expired), and the lease is then lost at once, not at the next renewal.
	 */
	private Watch.Watcher watchFloor(Lease lease, long putRevision) {
		Watch.Listener listener = Watch.listener((response) -> {
			for (WatchEvent event : response.getEvents()) {
				if (event.getEventType() == WatchEvent.EventType.DELETE) {
					lease.lost();
				}
			}
		}, (failure) -> {
			// the watch broke: the lease is judged by its renewals alone
		});
		return this.client.getWatchClient()
			.watch(Contenders.bytes(this.floorKey.apply(lease.id())),
					WatchOption.builder().withRevision(putRevision + 1).withNoPut(true).build(), listener);
	}

	/** The session's periodic work: status changes told, renewals sent. */
	private void tick() {
		Lease lease = this.renewing;
		if (lease == null || lease.status.get() == Status.LOST) {
			return;
		}
		lease.tellChange(this.listener);
		if (lease.renewalDue()) {
			renew(lease);
		}
	}

	private void renew(Lease lease) {
		if (lease.renewalsInFlight.incrementAndGet() > MAX_RENEWALS_IN_FLIGHT) {
			lease.renewalsInFlight.decrementAndGet();
			return;
		}
		keepAlive(lease).whenComplete((alive, failure) -> lease.renewalsInFlight.decrementAndGet());
	}

	/**
	 * Confirms that a lease lives, with a renewal sent now: after a pause of the process, its
	 * clock alone cannot tell, since etcd may have let the lease expire meanwhile.
	 * @param lease a lease of this session
	 * @return completed with whether etcd renewed it
	 */
	CompletableFuture<Boolean> confirm(Lease lease) {
		if (lease.status() == Status.LOST) {
			return CompletableFuture.completedFuture(false);
		}
		return keepAlive(lease).thenApply((alive) -> alive && lease.status() != Status.LOST);
	}

	/** One renewal of a lease, sent now: completed with whether etcd renewed it. */
	private CompletableFuture<Boolean> keepAlive(Lease lease) {
		long sentAt = System.nanoTime();
		lease.sent(sentAt);
		return this.client.getLeaseClient()
			.keepAliveOnce(lease.id())
			.orTimeout(lease.ttlNanos, TimeUnit.NANOSECONDS)
			.handle((response, failure) -> {
				if (failure == null && response.getTTL() > 0) {
					lease.confirmed(sentAt, response.getTTL());
					return true;
				}
				if (failure == null || EtcdErrors.isLeaseNotFound(failure)) {
					lease.lost();
				}
				// any other failure: the lease is judged by the clock until a renewal gets through
				return false;
			});
	}

	/** Runs on the thread that found the lease lost: tells on the session's thread, revokes. */
	private void announceLost(Lease lease) {
		if (!this.scheduler.isShutdown()) {
			this.scheduler.execute(() -> {
				lease.stopWatchingFloor();
				lease.tellChange(this.listener);
			});
		}
		revoke(lease.id());
	}

	private void revoke(long leaseId) {
		this.client.getLeaseClient().revoke(leaseId).whenComplete((revoked, failure) -> {
			// a lease not revoked expires by itself
		});
	}

	/**
	 * Refuses new leases, stops renewing and revokes the current lease, so that its keys go at
	 * once; a grant still under way is revoked when it completes.
	 */
	@Override
	public void close() {
		this.closed = true;
		this.ticker.cancel(false);
		Lease lease = this.renewing;
		if (lease != null) {
			lease.lost();
			lease.stopWatchingFloor();
			lease.tellChange(this.listener);
			try {
				this.client.getLeaseClient().revoke(lease.id()).get(CLOSE_REVOKE_MILLIS, TimeUnit.MILLISECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			catch (ExecutionException | TimeoutException ex) {
				// it expires by itself
			}
		}
	}

	/** One lease of the session. */
	static final class Lease {

		private final long id;

		private final AtomicReference<Status> status = new AtomicReference<>(Status.ALIVE);

		/** The status the listener was last told of. */
		private final AtomicReference<Status> told = new AtomicReference<>(Status.ALIVE);

		private final CompletableFuture<Void> lostFuture = new CompletableFuture<>();

		private final Consumer<Lease> onLost;

		private volatile long ttlNanos;

		/** When the latest request that etcd answered for this lease was sent. */
		private volatile long confirmedAt;

		private volatile long lastSentAt;

		private final AtomicReference<Watch.@Nullable Watcher> floorWatch = new AtomicReference<>();

		private final AtomicInteger renewalsInFlight = new AtomicInteger();

		Lease(long id, long ttlSeconds, long confirmedAt, Consumer<Lease> onLost) {
			this.id = id;
			this.ttlNanos = TimeUnit.SECONDS.toNanos(ttlSeconds);
			this.confirmedAt = confirmedAt;
			this.lastSentAt = confirmedAt;
			this.onLost = onLost;
		}

		long id() {
			return this.id;
		}

		/** The time to live etcd granted, and reports with each renewal. */
		Duration ttl() {
			return Duration.ofNanos(this.ttlNanos);
		}

		/** What is known of the lease now, from the clock and etcd's answers. */
		Status status() {
			return evaluate();
		}

		/** Completed once the lease is lost. */
		CompletableFuture<Void> lostFuture() {
			return this.lostFuture;
		}

		/**
		 * The status as of now; a lease that may have expired becomes {@link Status#LOST} for
		 * good.
		 */
		private Status evaluate() {
			Status known = this.status.get();
			if (known == Status.LOST) {
				return known;
			}
			long silent = System.nanoTime() - this.confirmedAt;
			if (silent >= this.ttlNanos) {
				lost();
				return Status.LOST;
			}
			Status now = (silent >= doubtAfterNanos()) ? Status.IN_DOUBT : Status.ALIVE;
			this.status.compareAndSet(known, now);
			return now;
		}

		private long doubtAfterNanos() {
			return this.ttlNanos * 2 / 3;
		}

		/** Whether the next renewal is due: a third of the time to live after the last, sooner in doubt. */
		private boolean renewalDue() {
			long interval = this.ttlNanos / 3;
			if (evaluate() == Status.IN_DOUBT) {
				interval = Math.min(interval, DOUBT_RENEW_NANOS);
			}
			return System.nanoTime() - this.lastSentAt >= interval;
		}

		private void sent(long sentAt) {
			this.lastSentAt = sentAt;
		}

		/** etcd answered a renewal sent at the given time: the lease lived then, for its time to live. */
		private void confirmed(long sentAt, long ttlSeconds) {
			this.ttlNanos = TimeUnit.SECONDS.toNanos(ttlSeconds);
			if (sentAt - this.confirmedAt > 0) {
				this.confirmedAt = sentAt;
			}
			evaluate();
		}

		/** Marks the lease lost, for good. */
		void lost() {
			if (this.status.getAndSet(Status.LOST) != Status.LOST) {
				this.lostFuture.complete(null);
				this.onLost.accept(this);
			}
		}

		private void stopWatchingFloor() {
			Watch.Watcher watch = this.floorWatch.getAndSet(null);
			if (watch != null) {
				watch.close();
			}
		}

		/** Tells the listener of a status it was not told of yet. */
		private void tellChange(Listener listener) {
			Status now = evaluate();
			Status previous = this.told.get();
			if (previous != Status.LOST && previous != now && this.told.compareAndSet(previous, now)) {
				listener.statusChanged(this, now);
			}
		}

	}

}
