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
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import io.etcd.jetcd.Client;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRequest;
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
 * Past 400 lines (about 350 of code) for the SPI's jobs on etcd keys: acquiring, releasing,
 * revoking and reading owners; the lease is {@link EtcdSession}'s and the queue of keys
 * {@code Contenders}'.
 *
 * @since 0.1.0
 */
public final class EtcdLockBackend implements RevocableBackend, OwnerRecordingBackend, AutoCloseable {

	private static final Log logger = LogFactory.getLog(EtcdLockBackend.class);

	/**
	 * How long past the wait time an etcd call of an acquisition may take: a try-once still
	 * gets an answer from a healthy etcd, and an unreachable one fails the wait soon after its
	 * time.
	 */
	private static final long CALL_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

	/** The least time a call of a wait given up is given, however late it is made. */
	private static final long MIN_CALL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

	/** How long introspection waits for etcd. */
	private static final long INTROSPECTION_NANOS = TimeUnit.SECONDS.toNanos(3);

	/** How long a release's removal, or a wait given up, waits for etcd before it is left to the background. */
	private static final long RELEASE_BOUND_MILLIS = 1_000;

	private static final long RETRY_DELETE_MILLIS = 500;

	private static final long UNAVAILABLE_RETRY_MILLIS = 100;

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

	/**
	 * The removals of released keys still on their way, by queue ({@link Contenders#queue}): an
	 * acquisition of this backend on the queue waits for them, so that its key does not queue
	 * behind this backend's own released one.
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

	@Override
	public BackendLock acquire(LockRequest request, String path, long deadline) throws InterruptedException {
		String key = request.key();
		long start = System.nanoTime();
		boolean writer = request.type() != LockType.READ;
		String contenderKey = null;
		EtcdSession.Lease lease = null;
		try {
			awaitRelease(Contenders.queue(path, request.type()), deadline);
			while (true) {
				lease = this.session.lease(callDeadline(deadline));
				contenderKey = this.contenders.newKey(path, request.type(), lease.id());
				Contenders.Created created = create(contenderKey, writer, lease, 0, request.owner(), deadline);
				if (created == null) {
					// the floor passed the key, or the lease is gone: a new key, under a live lease
					contenderKey = null;
					continue;
				}
				Boolean turn = (request.type() == LockType.SEMAPHORE)
						? awaitPermit(created.contender(), created.queue(), request.permits(), lease, deadline)
						: awaitTurn(created.contender(), created.queue(), lease, deadline);
				if (turn == null) {
					// the lease ended while waiting, and the key with it: queue again under a new one
					contenderKey = null;
					continue;
				}
				if (!turn) {
					// removed now, so that the next acquisition of this registry does not queue behind it
					String given = contenderKey;
					contenderKey = null;
					giveUp(given, lease, key, path, deadline);
					throw new LockAcquisitionException(key, path, Duration.ofNanos(System.nanoTime() - start));
				}
				EtcdHeldLock held = new EtcdHeldLock(this, created.contender(), lease, request.type());
				contenderKey = null;
				return held;
			}
		}
		catch (ExecutionException | TimeoutException ex) {
			throw backendFailure(key, path, ex);
		}
		finally {
			if (contenderKey != null) {
				removeInBackground(contenderKey, lease);
			}
		}
	}

	/**
	 * Creates a contender key, trying again while no member can serve it for now.
	 * @return the key and its queue, or {@code null} if the key cannot be created (its lease's
	 * floor passed it, or the lease is gone, which is then marked lost)
	 */
	private Contenders.@Nullable Created create(String contenderKey, boolean writer, EtcdSession.Lease lease,
			long position, @Nullable String owner, long deadline)
			throws InterruptedException, ExecutionException, TimeoutException {
		String floorKey = floorKey(lease.id());
		try {
			return retryWhileUnavailable(() -> this.contenders.create(contenderKey, writer, lease.id(), floorKey,
					position, owner, callDeadline(deadline)), callDeadline(deadline));
		}
		catch (LeaseGoneException ex) {
			lease.lost();
			return null;
		}
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
						deadline);
				if (read != null) {
					key = null;
					return new EtcdHeldLock(this, read.contender(), lease, LockType.READ);
				}
			}
		}
		catch (ExecutionException | TimeoutException ex) {
			throw backendFailure(request.key(), path, ex);
		}
		finally {
			if (key != null) {
				removeInBackground(key, lease);
			}
		}
	}

	/**
	 * Waits until no contender ahead excludes this one.
	 * @param queue the queue as read with the contender's creation
	 * @return whether its turn came, {@code false} if the wait time elapsed first, {@code null}
	 * if its key is gone (its lease ended)
	 */
	private @Nullable Boolean awaitTurn(Contenders.Contender contender, Contenders.Queue queue,
			EtcdSession.Lease lease, long deadline) throws InterruptedException, ExecutionException, TimeoutException {
		String path = Contenders.queueOf(contender.key());
		while (true) {
			if (!queue.contains(contender) || lease.status() == EtcdSession.Status.LOST) {
				return null;
			}
			Contenders.Contender blocker = queue.blocker(contender);
			if (blocker == null) {
				return true;
			}
			if (System.nanoTime() >= deadline
					|| !this.contenders.awaitDelete(blocker.key(), deadline, lease.lostFuture())) {
				return false;
			}
			queue = retryWhileUnavailable(() -> this.contenders.list(path, callDeadline(deadline)),
					callDeadline(deadline));
		}
	}

	/**
	 * Waits until fewer contenders than the semaphore's permits are ahead of this one, watching
	 * for the delete of any of them (whichever holder returns its permit first).
	 * @param queue the queue as read with the contender's creation
	 * @return whether its turn came, {@code false} if the wait time elapsed first, {@code null}
	 * if its key is gone (its lease ended)
	 */
	private @Nullable Boolean awaitPermit(Contenders.Contender contender, Contenders.Queue queue, int permits,
			EtcdSession.Lease lease, long deadline) throws InterruptedException, ExecutionException, TimeoutException {
		String path = Contenders.queueOf(contender.key());
		while (true) {
			if (!queue.contains(contender) || lease.status() == EtcdSession.Status.LOST) {
				return null;
			}
			List<Contenders.Contender> ahead = queue.ahead(contender);
			if (ahead.size() < permits) {
				return true;
			}
			Set<String> keys = ahead.stream().map(Contenders.Contender::key).collect(Collectors.toSet());
			if (System.nanoTime() >= deadline
					|| !this.contenders.awaitAnyDelete(path, keys, deadline, lease.lostFuture())) {
				return false;
			}
			queue = retryWhileUnavailable(() -> this.contenders.list(path, callDeadline(deadline)),
					callDeadline(deadline));
		}
	}

	/**
	 * Removes the key of a wait whose time elapsed, within the call's grace; if etcd does not
	 * answer by then, removes it in the background and fails the acquisition as etcd's.
	 */
	private void giveUp(String contenderKey, EtcdSession.Lease lease, String key, String path, long deadline)
			throws InterruptedException {
		try {
			this.contenders.remove(contenderKey, lease.id(), floorKey(lease.id()),
					Math.max(callDeadline(deadline), System.nanoTime() + MIN_CALL_NANOS));
		}
		catch (ExecutionException | TimeoutException ex) {
			removeInBackground(contenderKey, lease);
			throw new LockBackendException("Could not acquire lock '" + key + "' (" + path + ") from etcd: its wait "
					+ "time elapsed, and etcd did not answer when its contender key was to be removed (removed in "
					+ "the background)", ex);
		}
		catch (InterruptedException ex) {
			removeInBackground(contenderKey, lease);
			throw ex;
		}
	}

	/**
	 * Sends the removal of a held lock's key, unless its lease is gone and took the key with it,
	 * and returns: the next acquisition of this backend on the key's queue waits for the removal
	 * ({@link #awaitRelease}); one that etcd does not answer within
	 * {@value #RELEASE_BOUND_MILLIS} ms, or refuses, is left to the background removal.
	 */
	void release(EtcdHeldLock lock) {
		EtcdSession.Lease lease = lock.lease();
		if (lease.status() == EtcdSession.Status.LOST) {
			return;
		}
		String key = lock.contender().key();
		String queue = Contenders.queueOf(key);
		CompletableFuture<?> removal = this.contenders.remove(key, lease.id(), floorKey(lease.id()))
			.orTimeout(RELEASE_BOUND_MILLIS, TimeUnit.MILLISECONDS);
		this.releasing.put(queue, removal);
		removal.whenComplete((removed, failure) -> {
			this.releasing.remove(queue, removal);
			if (failure != null && !EtcdErrors.isLeaseNotFound(failure)) {
				logger.warn("Could not release the lock of " + lock.describe() + "; removing it in the background "
						+ "while its lease lives: " + failure);
				removeInBackground(key, lease);
			}
		});
	}

	/**
	 * Waits, until the acquisition's calls' deadline, for the removal of a key of this backend
	 * released on a queue and still on its way.
	 */
	private void awaitRelease(String queue, long deadline) throws InterruptedException {
		CompletableFuture<?> removal = this.releasing.get(queue);
		if (removal == null) {
			return;
		}
		try {
			removal.get(Math.max(0, callDeadline(deadline) - System.nanoTime()), TimeUnit.NANOSECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			// the released key may still be there: the acquisition queues behind it
		}
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
	 * Runs an etcd call again, every {@value #UNAVAILABLE_RETRY_MILLIS} ms, while it fails only
	 * because no member can serve it for now (a leader being elected), until the bound.
	 */
	private static <T> T retryWhileUnavailable(EtcdCall<T> call, long boundNanos)
			throws InterruptedException, ExecutionException, TimeoutException {
		while (true) {
			try {
				return call.run();
			}
			catch (ExecutionException ex) {
				if (!EtcdErrors.isUnavailable(ex) || System.nanoTime()
						+ TimeUnit.MILLISECONDS.toNanos(UNAVAILABLE_RETRY_MILLIS) - boundNanos >= 0) {
					throw ex;
				}
				Thread.sleep(UNAVAILABLE_RETRY_MILLIS);
			}
		}
	}

	/** A call to etcd. */
	@FunctionalInterface
	private interface EtcdCall<T> {

		T run() throws InterruptedException, ExecutionException, TimeoutException;

	}

	private static long callDeadline(long deadline) {
		return deadline + CALL_GRACE_NANOS;
	}

	private static LockBackendException backendFailure(String key, String path, Exception ex) {
		Throwable cause = (ex instanceof ExecutionException && ex.getCause() != null) ? ex.getCause() : ex;
		String reason = (ex instanceof TimeoutException) ? "etcd did not answer in time"
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
					TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(UNAVAILABLE_RETRY_MILLIS)));
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

	Contenders contenders() {
		return this.contenders;
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
		this.scheduler.shutdownNow();
	}

}
