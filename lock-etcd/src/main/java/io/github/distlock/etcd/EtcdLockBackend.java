package io.github.distlock.etcd;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
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
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.LockBackend;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The etcd {@link LockBackend}. Each acquisition puts a contender key under the lock path, bound
 * to the registry's lease, and waits until no contender ahead of it (by position, its create
 * revision) excludes it, watching the delete of the nearest one; the key's create revision is
 * the fencing token. A lock's state follows its lease ({@link EtcdSession}).
 */
final class EtcdLockBackend implements LockBackend, AutoCloseable {

	private static final Log logger = LogFactory.getLog(EtcdLockBackend.class);

	/**
	 * How long past the wait time an etcd call of an acquisition may take: a try-once still
	 * gets an answer from a healthy etcd, and an unreachable one fails the wait soon after its
	 * time.
	 */
	private static final long CALL_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

	/** How long introspection waits for etcd. */
	private static final long INTROSPECTION_NANOS = TimeUnit.SECONDS.toNanos(3);

	/** How long a release, or a wait given up, waits for etcd before its delete is left to the background. */
	private static final long RELEASE_BOUND_NANOS = TimeUnit.SECONDS.toNanos(1);

	private static final long RETRY_DELETE_MILLIS = 500;

	private static final long UNAVAILABLE_RETRY_MILLIS = 100;

	private final LockPathResolver pathResolver;

	private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, (task) -> {
		Thread thread = new Thread(task, "distributed-lock-etcd");
		thread.setDaemon(true);
		return thread;
	});

	private final EtcdSession session;

	private final Contenders contenders;

	private volatile Runnable onChange = () -> {
	};

	EtcdLockBackend(Client client, LockPathResolver pathResolver, Duration leaseTtl) {
		this.pathResolver = pathResolver;
		this.contenders = new Contenders(client);
		this.session = new EtcdSession(client, leaseTtl, (lease, status) -> this.onChange.run(), this.scheduler);
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
			while (true) {
				lease = this.session.lease(callDeadline(deadline));
				contenderKey = this.contenders.newKey(path, request.type(), lease.id());
				String keyToCreate = contenderKey;
				long leaseId = lease.id();
				String owner = request.owner();
				// the create puts only if absent, so a retry after an unanswered attempt is safe
				Contenders.Created created = retryWhileUnavailable(
						() -> this.contenders.create(keyToCreate, writer, leaseId, 0, owner, callDeadline(deadline)),
						callDeadline(deadline));
				Contenders.Contender contender = created.contender();
				Boolean turn = awaitTurn(contender, created.queue(), deadline);
				if (turn == null) {
					// the lease ended while waiting, and the key with it: queue again under a new one
					contenderKey = null;
					continue;
				}
				if (!turn) {
					// deleted now, so that the next acquisition of this registry does not queue behind it
					delete(contenderKey, lease, "give up lock '" + key + "'");
					contenderKey = null;
					throw new LockAcquisitionException(key, path, Duration.ofNanos(System.nanoTime() - start));
				}
				EtcdHeldLock held = new EtcdHeldLock(this, contender, lease);
				contenderKey = null;
				return held;
			}
		}
		catch (ExecutionException | TimeoutException ex) {
			throw backendFailure(key, path, ex);
		}
		finally {
			if (contenderKey != null) {
				deleteInBackground(contenderKey, lease);
			}
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
		if (lease.status() == EtcdSession.Status.LOST) {
			throw new LockLostException(request.key(), path);
		}
		String key = this.contenders.newKey(path, LockType.READ, lease.id());
		boolean created = false;
		try {
			Contenders.Contender read = this.contenders
				.create(key, false, lease.id(), outer.contender().position(), request.owner(), callDeadline(deadline))
				.contender();
			created = true;
			return new EtcdHeldLock(this, read, lease);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw backendFailure(request.key(), path, ex);
		}
		finally {
			if (!created) {
				deleteInBackground(key, lease);
			}
		}
	}

	/**
	 * Waits until no contender ahead excludes this one.
	 * @param queue the queue as read with the contender's creation
	 * @return whether its turn came, {@code false} if the wait time elapsed first, {@code null}
	 * if its key is gone (its lease ended)
	 */
	private @Nullable Boolean awaitTurn(Contenders.Contender contender, Contenders.Queue queue, long deadline)
			throws InterruptedException, ExecutionException, TimeoutException {
		String path = contender.key().substring(0, contender.key().lastIndexOf('/'));
		while (true) {
			if (!queue.contains(contender)) {
				return null;
			}
			Contenders.Contender blocker = queue.blocker(contender);
			if (blocker == null) {
				return true;
			}
			if (System.nanoTime() >= deadline || !this.contenders.awaitDelete(blocker.key(), deadline)) {
				return false;
			}
			queue = retryWhileUnavailable(() -> this.contenders.list(path, callDeadline(deadline)),
					callDeadline(deadline));
		}
	}

	/**
	 * Deletes a held lock's key, unless its lease is gone and took the key with it.
	 */
	void release(EtcdHeldLock lock) {
		if (lock.lease().status() != EtcdSession.Status.LOST) {
			delete(lock.contender().key(), lock.lease(), "release the lock of " + lock.describe());
		}
	}

	/**
	 * Deletes a contender key now, waiting at most a second; if etcd does not answer in time,
	 * deletes it in the background.
	 */
	private void delete(String key, EtcdSession.@Nullable Lease lease, String what) {
		try {
			this.contenders.delete(key, System.nanoTime() + RELEASE_BOUND_NANOS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			deleteInBackground(key, lease);
		}
		catch (ExecutionException | TimeoutException ex) {
			logger.warn("Could not " + what + " (key " + key + "); deleting it in the background while its lease "
					+ "lives: " + ex);
			deleteInBackground(key, lease);
		}
	}

	/**
	 * Deletes a contender key, again and again while etcd cannot be reached, until it is gone or
	 * its lease ended (which takes the key with it).
	 */
	private void deleteInBackground(String key, EtcdSession.@Nullable Lease lease) {
		if (this.scheduler.isShutdown()) {
			return;
		}
		this.scheduler.execute(() -> this.contenders.deleteAsync(key).whenComplete((deleted, failure) -> {
			if (failure != null && (lease == null || lease.status() != EtcdSession.Status.LOST)
					&& !this.scheduler.isShutdown()) {
				this.scheduler.schedule(() -> deleteInBackground(key, lease), RETRY_DELETE_MILLIS,
						TimeUnit.MILLISECONDS);
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
		String reason = (ex instanceof TimeoutException) ? "etcd did not answer in time" : String.valueOf(cause);
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
	 * Revokes the lease (so its locks go at once) and stops renewing it.
	 */
	@Override
	public void close() {
		this.session.close();
		this.scheduler.shutdownNow();
	}

}
