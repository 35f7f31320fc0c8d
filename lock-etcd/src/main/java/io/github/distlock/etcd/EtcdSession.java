package io.github.distlock.etcd;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.lease.LeaseKeepAliveResponse;
import io.etcd.jetcd.support.CloseableClient;
import io.grpc.stub.StreamObserver;
import org.jspecify.annotations.Nullable;

/**
 * The registry's session in etcd: one lease that every contender key of the registry is bound
 * to, kept alive by jetcd. A lease renewed lately is {@link Status#ALIVE}; one whose renewals
 * failed or are late is {@link Status#IN_DOUBT} (etcd may still hold it); one that etcd said it
 * does not know, or that went unrenewed for its whole time to live, is {@link Status#LOST}, and
 * so are the keys bound to it. A lease in doubt is renewed with single requests, one at a time
 * and each given half a second, until one is answered (over another member, if the keep-alive
 * stream broke with one). A lost lease is replaced by a new one at the next acquisition.
 */
final class EtcdSession implements AutoCloseable {

	/** What is known of a lease. */
	enum Status {

		ALIVE, IN_DOUBT, LOST

	}

	/** Told of each change of a lease's status, on jetcd's or the session's thread. */
	interface Listener {

		void statusChanged(Lease lease, Status status);

	}

	private static final long CHECK_MILLIS = 200;

	/** How long a single renewal of a lease in doubt is given to answer. */
	private static final long RENEW_TIMEOUT_MILLIS = 500;

	private final Client client;

	private final long ttlSeconds;

	private final long doubtAfterNanos;

	private final Listener listener;

	private final AtomicReference<@Nullable CompletableFuture<Lease>> current = new AtomicReference<>();

	private final ScheduledFuture<?> watchdog;

	EtcdSession(Client client, Duration ttl, Listener listener, ScheduledExecutorService scheduler) {
		this.client = client;
		this.ttlSeconds = Math.max(1, ttl.toSeconds());
		long ttlNanos = TimeUnit.SECONDS.toNanos(this.ttlSeconds);
		// jetcd renews every third of the time to live, checking every 500 ms
		this.doubtAfterNanos = Math.max(ttlNanos * 2 / 3, ttlNanos / 3 + TimeUnit.SECONDS.toNanos(1));
		this.listener = listener;
		this.watchdog = scheduler.scheduleWithFixedDelay(this::checkRenewals, CHECK_MILLIS, CHECK_MILLIS,
				TimeUnit.MILLISECONDS);
		// granted ahead, so that the first acquisition does not wait for the connection and the grant
		CompletableFuture<Lease> first = new CompletableFuture<>();
		this.current.set(first);
		grant(first);
	}

	/**
	 * The lease to bind a new contender key to: the current one unless it is lost, else a new one.
	 * @param deadlineNanos when to give up waiting for etcd to grant a lease
	 */
	Lease lease(long deadlineNanos) throws InterruptedException, ExecutionException, TimeoutException {
		while (true) {
			CompletableFuture<Lease> pending = this.current.get();
			if (pending != null && !isLost(pending)) {
				Lease lease = pending.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
				if (lease.status() != Status.LOST) {
					return lease;
				}
				continue;
			}
			CompletableFuture<Lease> next = new CompletableFuture<>();
			if (this.current.compareAndSet(pending, next)) {
				grant(next);
			}
		}
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

	private void grant(CompletableFuture<Lease> target) {
		this.client.getLeaseClient().grant(this.ttlSeconds).whenComplete((granted, failure) -> {
			if (failure != null) {
				target.completeExceptionally(failure);
				return;
			}
			Lease lease = new Lease(granted.getID());
			lease.keepAlive = this.client.getLeaseClient().keepAlive(granted.getID(), new KeepAliveObserver(lease));
			target.complete(lease);
		});
	}

	private void checkRenewals() {
		Lease lease = currentLease();
		if (lease == null) {
			return;
		}
		long silent = System.nanoTime() - lease.lastRenewalNanos;
		if (silent >= TimeUnit.SECONDS.toNanos(this.ttlSeconds)) {
			// etcd may have let it expire by now
			change(lease, Status.LOST);
		}
		else if (silent >= this.doubtAfterNanos) {
			change(lease, Status.IN_DOUBT);
		}
		renewOnce(lease);
	}

	/**
	 * Renews a lease in doubt with a single request, unless one is under way; the watchdog asks
	 * again at each check while the lease stays in doubt. The keep-alive stream may have broken
	 * with the member it went to, and jetcd would only renew again at its next interval, a third
	 * of the time to live later.
	 */
	private void renewOnce(Lease lease) {
		if (lease.status() != Status.IN_DOUBT || !lease.renewing.compareAndSet(false, true)) {
			return;
		}
		this.client.getLeaseClient()
			.keepAliveOnce(lease.id())
			.orTimeout(RENEW_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)
			.whenComplete((response, failure) -> {
				lease.renewing.set(false);
				if (failure == null && response.getTTL() > 0) {
					lease.lastRenewalNanos = System.nanoTime();
					change(lease, Status.ALIVE);
				}
				else if (failure == null || EtcdErrors.isLeaseNotFound(failure)) {
					change(lease, Status.LOST);
				}
			});
	}

	private void change(Lease lease, Status next) {
		Status previous = lease.status.get();
		while (previous != Status.LOST && previous != next) {
			if (lease.status.compareAndSet(previous, next)) {
				if (next == Status.LOST) {
					lease.closeKeepAlive();
				}
				this.listener.statusChanged(lease, next);
				return;
			}
			previous = lease.status.get();
		}
	}

	/**
	 * Stops renewing and revokes the current lease, so that its keys go at once.
	 */
	@Override
	public void close() {
		this.watchdog.cancel(false);
		Lease lease = currentLease();
		if (lease != null) {
			change(lease, Status.LOST);
			try {
				this.client.getLeaseClient().revoke(lease.id()).get(1, TimeUnit.SECONDS);
			}
			catch (Exception ex) {
				// it expires by itself
			}
		}
	}

	private final class KeepAliveObserver implements StreamObserver<LeaseKeepAliveResponse> {

		private final Lease lease;

		KeepAliveObserver(Lease lease) {
			this.lease = lease;
		}

		@Override
		public void onNext(LeaseKeepAliveResponse response) {
			if (response.getTTL() > 0) {
				this.lease.lastRenewalNanos = System.nanoTime();
				change(this.lease, Status.ALIVE);
			}
			else {
				change(this.lease, Status.LOST);
			}
		}

		@Override
		public void onError(Throwable failure) {
			// jetcd keeps the lease after a stream error and renews again; "not found" is final
			change(this.lease, EtcdErrors.isLeaseNotFound(failure) ? Status.LOST : Status.IN_DOUBT);
			renewOnce(this.lease);
		}

		@Override
		public void onCompleted() {
			// jetcd's own deadline: no renewal for the whole time to live
			change(this.lease, Status.LOST);
		}

	}

	/** One lease of the session. */
	static final class Lease {

		private final long id;

		private final AtomicReference<Status> status = new AtomicReference<>(Status.ALIVE);

		/** Whether a single renewal of this lease in doubt is under way. */
		private final AtomicBoolean renewing = new AtomicBoolean();

		private volatile long lastRenewalNanos = System.nanoTime();

		private volatile @Nullable CloseableClient keepAlive;

		Lease(long id) {
			this.id = id;
		}

		long id() {
			return this.id;
		}

		Status status() {
			return this.status.get();
		}

		private void closeKeepAlive() {
			CloseableClient client = this.keepAlive;
			if (client != null) {
				client.close();
			}
		}

	}

}
