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
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.etcd.jetcd.Client;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.spi.AsyncLockBackend;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.core.spi.OwnerRecordingBackend;
import io.github.distlock.core.spi.RevocableBackend;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The etcd {@link LockBackend}. Each acquisition puts a contender key under the lock path, bound
 * to the backend's lease, and waits until no contender ahead of it (by position, its create
 * revision) excludes it, watching the delete of the nearest one; the key's create revision
 * (times 1024, plus the local hand-offs so far) is the fencing token. Each kind of lock on a key
 * is a separate lock with a queue of its own, as on ZooKeeper: {@code MUTEX},
 * {@code SEMAPHORE_MUTEX}, {@code READ} with {@code WRITE}, where a {@code READ} waits only
 * for writers ahead of it, and {@code SEMAPHORE}, whose first {@code permits} contenders hold it.
 * <p>
 * A held lock follows its lease ({@link EtcdSession}): {@link io.github.distlock.core.LockState#IN_DOUBT
 * in doubt} while renewals fail or are late, {@link io.github.distlock.core.LockState#LOST lost}
 * once etcd may have let it expire, and {@link io.github.distlock.core.LockState#HELD held} again
 * when a renewal gets through in time. A {@link io.github.distlock.core.engine.LockEngine} over it
 * is the registry users lock through; the engine is closed before the backend, and the jetcd
 * client is the caller's to close.
 * <p>
 * An acquisition waits with no thread waiting ({@link AsyncLockBackend}, every type): etcd's
 * answers and watches complete the wait, one timer thread the deadline ({@code EtcdAcquisition});
 * a thread's acquisition waits for the same steps.
 * <p>
 * Past 400 lines (about 330 of code) for the SPI's jobs on etcd keys: starting acquisitions,
 * releasing, revoking and reading owners; the lease is {@link EtcdSession}'s, the steps of an
 * acquisition {@code EtcdAcquisition}'s and the queue of keys {@code Contenders}'.
 *
 * @since 0.1.0
 */
public final class EtcdLockBackend implements AsyncLockBackend, RevocableBackend, OwnerRecordingBackend, AutoCloseable {

	/** How long past its deadline a thread waits at most for an acquisition that does not end. */
	private static final long BLOCKING_BACKSTOP_NANOS = TimeUnit.SECONDS.toNanos(10);

	private static final Log logger = LogFactory.getLog(EtcdLockBackend.class);

	/** How long introspection waits for etcd. */
	private static final long INTROSPECTION_NANOS = TimeUnit.SECONDS.toNanos(3);

	/** How long a release's removal, or a wait given up, waits for etcd before it is left to the background. */
	private static final long RELEASE_BOUND_MILLIS = 1_000;

	private static final long RETRY_DELETE_MILLIS = 500;

	/** The key under which the floor keys of the registry's leases are ({@link Contenders#floorKey}). */
	static final String FLOORS_KEY = "distributed-lock.lease-floors";

	private final Client client;

	private final LockPathResolver pathResolver;

	private final String floorPrefix;

	private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, (task) -> {
		Thread thread = new Thread(task, "distributed-lock-etcd");
		thread.setDaemon(true);
		return thread;
	});

	private final EtcdSession session;

	private final Contenders contenders;

	private final EtcdCalls calls = new EtcdCalls();

	/** The acquisitions under way, which {@link #close()} fails. */
	private final Set<EtcdAcquisition> acquisitions = ConcurrentHashMap.newKeySet();

	/**
	 * The removals of released (or given up) keys still on their way, by queue
	 * ({@link Contenders#queue}): an acquisition of this backend on the queue waits for them, so
	 * that its key does not queue behind this backend's own released one.
	 */
	private final ConcurrentHashMap<String, CompletableFuture<?>> releasing = new ConcurrentHashMap<>();

	private volatile Runnable onChange = () -> {
	};

	/**
	 * Creates a backend; its lease is asked for at the first lock, or by {@link #awaitLease}.
	 * @param client a jetcd client
	 * @param pathResolver maps keys to lock paths
	 * @param leaseTtl the time to live of the backend's lease: how long a crashed holder blocks
	 * its locks, and how long a partitioned one may believe it still holds them; whole seconds,
	 * at least one (less than two is raised to two, the least etcd grants, with a warning)
	 */
	public EtcdLockBackend(Client client, LockPathResolver pathResolver, Duration leaseTtl) {
		if (leaseTtl.compareTo(Duration.ofSeconds(1)) < 0) {
			throw new IllegalArgumentException("leaseTtl must be at least 1 s, but was " + leaseTtl);
		}
		this.client = client;
		this.pathResolver = pathResolver;
		this.floorPrefix = pathResolver.resolve(FLOORS_KEY);
		this.contenders = new Contenders(client);
		this.session = new EtcdSession(client, leaseTtl, this::floorKey, (lease, status) -> this.onChange.run(),
				this.scheduler);
	}

	String floorKey(long leaseId) {
		return Contenders.floorKey(this.floorPrefix, leaseId);
	}

	@Override
	public String pathOf(String key) {
		return this.pathResolver.resolve(key);
	}

	@Override
	public void onStateChange(Runnable callback) {
		this.onChange = callback;
	}

	/**
	 * Waits for the acquisition that {@link #acquireAsync} makes: one protocol for both, but
	 * for the give-up of a wait whose time elapsed, which this awaits ({@link EtcdAcquisition}).
	 * An interrupt cancels it: its wait ends and its key is removed in the background. The
	 * thread waits at most a few seconds past the deadline and the calls' grace, should the
	 * acquisition never end (a bug).
	 */
	/** Ends an acquisition the thread no longer waits for: its wait, or the lock granted meanwhile. */
	private static void cancelOrRelease(CompletableFuture<BackendLock> acquisition) {
		if (!acquisition.cancel(false) && !acquisition.isCompletedExceptionally()) {
			acquisition.join().release();
		}
	}

	@Override
	public BackendLock acquire(LockRequest request, String path, long deadline) throws InterruptedException {
		CompletableFuture<BackendLock> acquisition = start(request, path, deadline, true);
		try {
			long remaining = Math.max(0, deadline - System.nanoTime());
			long backstop = (remaining > Long.MAX_VALUE - BLOCKING_BACKSTOP_NANOS) ? Long.MAX_VALUE
					: remaining + BLOCKING_BACKSTOP_NANOS;
			return acquisition.get(backstop, TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			cancelOrRelease(acquisition);
			throw new LockBackendException("Could not acquire lock '" + request.key() + "' (" + path
					+ "): the acquisition did not end within its wait time and "
					+ TimeUnit.NANOSECONDS.toSeconds(BLOCKING_BACKSTOP_NANOS) + " s more", ex);
		}
		catch (InterruptedException ex) {
			cancelOrRelease(acquisition);
			throw ex;
		}
		catch (ExecutionException ex) {
			Throwable failure = (ex.getCause() != null) ? ex.getCause() : ex;
			if (failure instanceof RuntimeException runtime) {
				throw runtime;
			}
			if (failure instanceof Error error) {
				throw error;
			}
			throw acquisitionFailure(request.key(), path, failure);
		}
	}

	/**
	 * Queues a contender key and completes once no contender ahead excludes it, with no thread
	 * waiting: etcd's answers and watches complete the wait, and {@link EtcdCalls}' timer the
	 * deadline ({@link EtcdAcquisition}). The lock is the same as {@link #acquire}'s, with the same
	 * keys, tokens and queue: acquisitions of either kind, in this process and others, queue
	 * together. A wait for its turn ends at the deadline with a {@link LockAcquisitionException}
	 * at once, also while etcd cannot be reached, and the key is removed in the background; a
	 * call to etcd under way then (the lease, the key's create, a read of the queue) is given half
	 * a second more, as {@link #acquire}'s, and fails the future with a
	 * {@link LockBackendException} if etcd does not answer it.
	 */
	@Override
	public CompletableFuture<BackendLock> acquireAsync(LockRequest request, String path, long deadline) {
		return start(request, path, deadline, false);
	}

	/**
	 * Every type: each waits through the same queue of contender keys.
	 */
	@Override
	public Set<LockType> asyncTypes() {
		return supportedTypes();
	}

	private CompletableFuture<BackendLock> start(LockRequest request, String path, long deadline,
			boolean threadWaits) {
		EtcdAcquisition acquisition = new EtcdAcquisition(this, request, path, deadline, threadWaits);
		this.acquisitions.add(acquisition);
		CompletableFuture<BackendLock> result = acquisition.start();
		result.whenComplete((lock, failure) -> this.acquisitions.remove(acquisition));
		if (this.session.isClosed()) {
			// closed as it started: close() may not have seen it
			acquisition.close();
		}
		return result;
	}

	/**
	 * Creates a contender key, trying again while no member can serve it for now.
	 * @param boundNanos when to give up waiting for etcd
	 * @return the key and its queue, or {@code null} if the key cannot be created (its lease's
	 * floor passed it, or the lease is gone, which is then marked lost)
	 */
	CompletableFuture<Contenders.@Nullable Created> create(String contenderKey, boolean writer,
			EtcdSession.Lease lease, long position, @Nullable String owner, long boundNanos) {
		String floorKey = floorKey(lease.id());
		return this.calls
			.retryWhileUnavailable(() -> this.contenders.create(contenderKey, writer, lease.id(), floorKey, position,
					owner), boundNanos)
			.handle((created, failure) -> {
				if (failure == null) {
					return created;
				}
				Throwable cause = EtcdCalls.unwrap(failure);
				if (cause instanceof LeaseGoneException) {
					lease.lost();
					return null;
				}
				throw new CompletionException(cause);
			});
	}

	/**
	 * A {@code READ} key for the holder of the {@code WRITE}, placed at the {@code WRITE}'s
	 * position: granted at once, and writers queued behind the {@code WRITE} stay behind it.
	 */
	@Override
	public BackendLock acquireReadInWrite(BackendLock write, LockRequest request, long deadline)
			throws InterruptedException {
		EtcdHeldLock outer = (EtcdHeldLock) write;
		EtcdSession.Lease lease = outer.lease();
		String path = this.pathResolver.resolve(request.key());
		String key = null;
		try {
			while (true) {
				if (lease.status() == EtcdSession.Status.LOST) {
					throw new LockLostException(request.key(), path);
				}
				key = this.contenders.newKey(path, LockType.READ, lease.id());
				Contenders.Created read = create(key, false, lease, outer.contender().position(), request.owner(),
						deadline + EtcdAcquisition.CALL_GRACE_NANOS)
					.get();
				if (read != null) {
					key = null;
					return new EtcdHeldLock(this, read.contender(), lease, LockType.READ);
				}
			}
		}
		catch (ExecutionException ex) {
			throw acquisitionFailure(request.key(), path, (ex.getCause() != null) ? ex.getCause() : ex);
		}
		finally {
			if (key != null) {
				removeInBackground(key, lease);
			}
		}
	}

	/**
	 * Sends the removal of a held lock's key, unless its lease is gone and took the key with it,
	 * and returns: the next acquisition of this backend on the key's queue waits for the removal
	 * ({@link #removalOnItsWay}).
	 */
	void release(EtcdHeldLock lock) {
		EtcdSession.Lease lease = lock.lease();
		if (lease.status() == EtcdSession.Status.LOST) {
			return;
		}
		remove(lock.contender().key(), lease, "release the lock of " + lock.describe());
	}

	/**
	 * Sends the removal of a contender key this backend is done with, and returns it: until it is
	 * answered, the next acquisition of this backend on the key's queue waits for it, so that its
	 * key does not queue behind this one; one that etcd does not answer within
	 * {@value #RELEASE_BOUND_MILLIS} ms, or refuses, is left to the background removal.
	 * @param what what the removal does, naming the key, for the log: {@code "release the lock of key …"}
	 * @return the removal, bounded
	 */
	CompletableFuture<?> remove(String key, EtcdSession.Lease lease, String what) {
		String queue = Contenders.queueOf(key);
		CompletableFuture<?> removal;
		try {
			removal = this.contenders.remove(key, lease.id(), floorKey(lease.id()))
				.orTimeout(RELEASE_BOUND_MILLIS, TimeUnit.MILLISECONDS);
		}
		catch (RuntimeException ex) {
			// the client refused the call (it is closed): the key goes with the lease
			removal = CompletableFuture.failedFuture(ex);
		}
		CompletableFuture<?> sent = removal;
		this.releasing.put(queue, sent);
		sent.whenComplete((removed, failure) -> {
			this.releasing.remove(queue, sent);
			if (failure != null && !EtcdErrors.isLeaseNotFound(failure)) {
				logger.warn("Could not " + what + "; removing it in the background while its lease lives: " + failure);
				removeInBackground(key, lease);
			}
		});
		return sent;
	}

	/**
	 * The removal of a key of this backend on a queue still on its way, if any: an acquisition on
	 * the queue waits for it, within its calls' deadline, before it creates its key.
	 */
	@Nullable CompletableFuture<?> removalOnItsWay(String queue) {
		return this.releasing.get(queue);
	}

	/**
	 * Removes a contender key, again and again while etcd cannot be reached, until it is gone or
	 * its lease ended (which takes the key with it). The key's create may still be on its way:
	 * the removal raises the lease's floor past it, so it cannot land after.
	 */
	private void removeInBackground(String key, EtcdSession.@Nullable Lease lease) {
		removeInBackground(key, lease, System.nanoTime(), 1);
	}

	private void removeInBackground(String key, EtcdSession.@Nullable Lease lease, long since, int attempt) {
		if (lease == null || this.scheduler.isShutdown()) {
			return;
		}
		this.scheduler.execute(() -> this.contenders.remove(key, lease.id(), floorKey(lease.id()))
			.whenComplete((removed, failure) -> {
				if (failure == null) {
					logger.info("Removed " + key + " in the background (" + attempt + " attempts, "
							+ TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since) + " ms)");
				}
				else if (!EtcdErrors.isLeaseNotFound(failure) && lease.status() != EtcdSession.Status.LOST
						&& !this.scheduler.isShutdown()) {
					this.scheduler.schedule(() -> removeInBackground(key, lease, since, attempt + 1),
							RETRY_DELETE_MILLIS, TimeUnit.MILLISECONDS);
				}
			}));
	}

	/**
	 * The failure of an acquisition for a failure of etcd, or of one of its calls, naming the lock.
	 * @param failure the failure: a {@link TimeoutException} when etcd did not answer in time
	 */
	static LockBackendException acquisitionFailure(String key, String path, Throwable failure) {
		Throwable cause = EtcdCalls.unwrap(failure);
		String reason = (cause instanceof TimeoutException) ? "etcd did not answer in time"
				: (cause instanceof IllegalStateException) ? cause.getMessage() : String.valueOf(cause);
		return new LockBackendException("Could not acquire lock '" + key + "' (" + path + ") from etcd: " + reason,
				cause);
	}

	/**
	 * The contender keys of a lock, in queue order (the holders first); {@code READ} and
	 * {@code WRITE} share one queue.
	 */
	@Override
	public Collection<String> participants(String key, LockType type) {
		String path = this.pathResolver.resolve(key);
		try {
			return this.contenders.list(Contenders.queue(path, type), System.nanoTime() + INTROSPECTION_NANOS)
				.contenders()
				.stream()
				.map(Contenders.Contender::key)
				.toList();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockBackendException("Interrupted while reading the contenders of lock '" + key + "'", ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new LockBackendException("Could not read the contenders of lock '" + key + "' from etcd: " + ex, ex);
		}
	}

	/**
	 * Waits until etcd has granted the backend its lease: a check that etcd can be reached,
	 * with the client's credentials, before the first lock is asked for. A grant that found no
	 * answer in time, or no member to serve it, or a lease that ended before it could be used, is
	 * asked again while the timeout lasts; a refusal fails at once.
	 * @param timeout how long to wait
	 * @throws LockBackendException if etcd did not grant it in time, or refused
	 */
	public void awaitLease(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		try {
			while (true) {
				try {
					this.session.lease(deadline);
					return;
				}
				catch (ExecutionException ex) {
					Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
					// a lease that ended before its floor key was put (expired over a slow or
					// flapping connection, or revoked) is no refusal: the next grant is a new lease
					boolean askAgain = EtcdErrors.isTransient(cause) || EtcdErrors.isLeaseNotFound(cause);
					long left = deadline - System.nanoTime();
					if (!askAgain || left <= 0) {
						throw new LockBackendException((askAgain ? "etcd did not grant the lease of distributed locks within "
								+ timeout.toMillis() + " ms: " : "etcd refused the lease of distributed locks: ")
								+ cause.getMessage(), cause);
					}
					// a grant that found no answer in time, or no member: ask again while time is left
					TimeUnit.NANOSECONDS
						.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(EtcdCalls.UNAVAILABLE_RETRY_MILLIS)));
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockBackendException("Interrupted while waiting for etcd to grant the lease of distributed locks", ex);
		}
		catch (TimeoutException ex) {
			throw new LockBackendException("etcd did not grant the lease of distributed locks within "
					+ timeout.toMillis() + " ms", ex);
		}
	}

	/**
	 * The client this backend locks through.
	 * @return the jetcd client
	 */
	public Client client() {
		return this.client;
	}

	/**
	 * The resolver that maps keys to lock paths.
	 * @return the path resolver
	 */
	public LockPathResolver pathResolver() {
		return this.pathResolver;
	}

	/**
	 * The id of the latest lease etcd granted the backend, whatever its status: what
	 * {@code etcdctl lease list} shows for this process.
	 * @return the lease id, or empty before one was granted
	 */
	public OptionalLong leaseId() {
		EtcdSession.Lease lease = latestLease();
		return (lease != null) ? OptionalLong.of(lease.id()) : OptionalLong.empty();
	}

	/** The lease the backend binds new keys to, or 0 if it has none now. */
	long currentLeaseId() {
		EtcdSession.Lease lease = this.session.currentLease();
		return (lease != null) ? lease.id() : 0;
	}

	/** The latest lease of the backend, whatever its status, or {@code null} before one was granted. */
	EtcdSession.@Nullable Lease latestLease() {
		return this.session.latestLease();
	}

	EtcdSession session() {
		return this.session;
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Here: a renewal of each lease the locks are bound to, sent now; a lease that etcd renews
	 * lived when it was sent, after the pause, and so did its keys.
	 */
	@Override
	public CompletionStage<Boolean> confirmHeld(Collection<BackendLock> locks) {
		Set<EtcdSession.Lease> leases = new LinkedHashSet<>();
		for (BackendLock lock : locks) {
			if (!(lock instanceof EtcdHeldLock held)) {
				return CompletableFuture.completedFuture(false);
			}
			leases.add(held.lease());
		}
		List<CompletableFuture<Boolean>> renewals = leases.stream().map(this.session::confirm).toList();
		return CompletableFuture.allOf(renewals.toArray(CompletableFuture[]::new))
			.thenApply((all) -> renewals.stream().allMatch(CompletableFuture::join));
	}

	Contenders contenders() {
		return this.contenders;
	}

	EtcdCalls calls() {
		return this.calls;
	}

	/**
	 * {@code MUTEX} only: a request writes a marker as the value of the holder's key, which the
	 * holder watches.
	 */
	/**
	 * Every type, {@code SEMAPHORE} as a queue of contender keys of which the first
	 * {@code permits} hold it.
	 */
	@Override
	public Set<LockType> supportedTypes() {
		return EnumSet.allOf(LockType.class);
	}

	@Override
	public boolean supportsRevocation(LockType type) {
		return type == LockType.MUTEX;
	}

	@Override
	public boolean requestRevocation(String key, String path, LockType type) throws Exception {
		long deadline = System.nanoTime() + INTROSPECTION_NANOS;
		List<Contenders.Contender> queue = this.contenders.list(Contenders.queue(path, type), deadline).contenders();
		if (queue.isEmpty()) {
			return false;
		}
		// the holder may have released meanwhile: it was asked all the same, too late to matter
		this.contenders.markRevocation(queue.get(0), deadline);
		return true;
	}

	/**
	 * The owner in the value of the first key in the lock's queue.
	 */
	@Override
	public Optional<String> ownerOf(String key, String path, LockType type) throws Exception {
		List<Contenders.Contender> queue = this.contenders
			.list(Contenders.queue(path, type), System.nanoTime() + INTROSPECTION_NANOS)
			.contenders();
		return queue.isEmpty() ? Optional.empty() : Optional.ofNullable(queue.get(0).owner());
	}

	/**
	 * Revokes the backend's lease (so its locks go at once) and stops renewing it; its waiters
	 * stop waiting, and every acquisition after fails with a {@link LockBackendException}. The
	 * jetcd client is the caller's to close.
	 */
	@Override
	public void close() {
		this.session.close();
		for (EtcdAcquisition acquisition : this.acquisitions) {
			acquisition.close();
		}
		this.calls.close();
		this.scheduler.shutdownNow();
	}

}
