package io.github.distlock.etcd;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.etcd.jetcd.Client;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockIntrospection;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.LockWaiter;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The etcd {@link LockRegistry}. Each acquisition puts a contender key under the lock path,
 * bound to the registry's lease, and waits until no contender ahead of it (by create revision)
 * excludes it, watching the delete of the nearest one; the key's create revision is the
 * fencing token. Each kind of lock on a key is a separate lock with a queue of its own, as on
 * ZooKeeper: {@code MUTEX}, {@code SEMAPHORE_MUTEX}, and {@code READ} with {@code WRITE}, where a
 * {@code READ} waits only for writers ahead of it.
 * <p>
 * {@code MUTEX}, {@code READ} and {@code WRITE} are reentrant per thread, from memory, with the
 * outer lock's token; a {@code READ} inside the thread's {@code WRITE} is granted at once and
 * queued at the {@code WRITE}'s place, so it keeps writers out after the {@code WRITE} is
 * released. A held lock follows its lease: {@link LockState#IN_DOUBT in doubt} while renewals
 * fail or are late, {@link LockState#LOST lost} once etcd may have let it expire, and
 * {@link LockState#HELD held} again when a renewal gets through in time. A thread whose lock
 * was lost cannot re-enter it.
 * <p>
 * With the local queue (the default), threads of this registry that want the same lock first
 * queue in a {@link io.github.distlock.core.spi.LocalLockQueue}, so that one of them at a time
 * has a contender key in etcd.
 */
public class EtcdLockRegistry implements LockRegistry, LockIntrospection, AutoCloseable {

	private static final Log logger = LogFactory.getLog(EtcdLockRegistry.class);

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

	private static final long SETTLE_POLL_MILLIS = 20;

	private final Client client;

	private final LockPathResolver pathResolver;

	private final LockListener listener;

	private final Options options;

	private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, (task) -> {
		Thread thread = new Thread(task, "distributed-lock-etcd");
		thread.setDaemon(true);
		return thread;
	});

	private final EtcdSession session;

	private final Contenders contenders;

	private final Set<EtcdLockHandle> handles = ConcurrentHashMap.newKeySet();

	private final Set<LockWaiter> waiters = ConcurrentHashMap.newKeySet();

	private final ConcurrentHashMap<HoldKey, Hold> holds = new ConcurrentHashMap<>();

	private final LocalQueues localQueues = new LocalQueues();

	/**
	 * Creates a registry with no listener that does not interrupt holders.
	 * @param client a jetcd client
	 * @param pathResolver maps keys to lock paths
	 */
	public EtcdLockRegistry(Client client, LockPathResolver pathResolver) {
		this(client, pathResolver, new LockListener() {
		}, Options.DEFAULTS);
	}

	/**
	 * Creates a registry.
	 * @param client a jetcd client
	 * @param pathResolver maps keys to lock paths
	 * @param listener told when a held lock changes state
	 * @param options the lease's time to live and what happens when a lock is lost
	 */
	public EtcdLockRegistry(Client client, LockPathResolver pathResolver, LockListener listener, Options options) {
		this.client = client;
		this.pathResolver = pathResolver;
		this.listener = listener;
		this.options = options;
		this.contenders = new Contenders(client);
		this.session = new EtcdSession(client, options.leaseTtl(), this::leaseChanged, this.scheduler);
	}

	@Override
	public LockHandle acquire(LockRequest request) {
		String key = request.key();
		String path = this.pathResolver.resolve(key);
		if (Thread.currentThread().isInterrupted()) {
			throw new LockInterruptedException(key, path, new InterruptedException("interrupted before acquiring"));
		}
		long start = System.nanoTime();
		long deadline = start + request.waitTime().toNanos();
		try {
			EtcdLockHandle nested = acquireNested(request, path, deadline);
			return (nested != null) ? nested : acquireContended(request, path, start, deadline);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockInterruptedException(key, path, ex);
		}
	}

	/**
	 * A re-entry, or a {@code READ} inside the thread's {@code WRITE}: granted from memory, as
	 * good as the lock around it.
	 */
	private @Nullable EtcdLockHandle acquireNested(LockRequest request, String path, long deadline)
			throws InterruptedException {
		LockType type = request.type();
		if (type == LockType.SEMAPHORE_MUTEX) {
			return null;
		}
		Thread thread = Thread.currentThread();
		HoldKey holdKey = new HoldKey(path, type, thread);
		Hold same = this.holds.get(holdKey);
		if (same != null) {
			awaitSettled(same, request, path, deadline);
			same.reenter();
			return track(request, path, same);
		}
		Hold write = (type == LockType.READ) ? this.holds.get(new HoldKey(path, LockType.WRITE, thread)) : null;
		if (write == null) {
			return null;
		}
		awaitSettled(write, request, path, deadline);
		String key = this.contenders.newKey(path, LockType.READ, write.lease().id());
		boolean created = false;
		try {
			Contenders.Contender read = this.contenders
				.create(key, false, write.lease().id(), write.contender().position(), callDeadline(deadline))
				.contender();
			created = true;
			Hold hold = new Hold(read, write.lease(), write.fencingToken(), null);
			this.holds.put(holdKey, hold);
			return track(request, path, hold);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw backendFailure(request.key(), path, ex);
		}
		finally {
			if (!created) {
				deleteInBackground(key, write.lease());
			}
		}
	}

	/**
	 * Waits while the lease of an outer lock is in doubt; refuses the nested lock if it was lost.
	 */
	private void awaitSettled(Hold outer, LockRequest request, String path, long deadline)
			throws InterruptedException {
		while (outer.lease().status() == EtcdSession.Status.IN_DOUBT && System.nanoTime() < deadline) {
			Thread.sleep(SETTLE_POLL_MILLIS);
		}
		switch (outer.lease().status()) {
			case LOST -> throw new LockLostException(request.key(), path);
			case IN_DOUBT -> throw new LockBackendException("Could not acquire lock '" + request.key() + "' (" + path
					+ "): the lease of the lock around it is in doubt (etcd does not answer its renewals)", null);
			case ALIVE -> {
			}
		}
	}

	private EtcdLockHandle acquireContended(LockRequest request, String path, long start, long deadline)
			throws InterruptedException {
		String key = request.key();
		boolean writer = request.type() != LockType.READ;
		String contenderKey = null;
		Contenders.Contender contender = null;
		EtcdSession.Lease lease = null;
		boolean acquired = false;
		// a waiter from the moment it is queued: behind another thread of this JVM, or in etcd
		LockWaiter waiter = new LockWaiter(key, request.name(), path, request.type(), Instant.now(),
				Thread.currentThread().getName());
		LocalQueues.Use localTurn = this.options.localQueue() ? this.localQueues.retain(path, request.type()) : null;
		boolean localTurnHad = false;
		try {
			if (localTurn != null) {
				localTurnHad = awaitLocalTurn(localTurn, waiter, deadline);
				if (!localTurnHad) {
					throw new LockAcquisitionException(key, path, Duration.ofNanos(System.nanoTime() - start));
				}
			}
			while (true) {
				lease = this.session.lease(callDeadline(deadline));
				contenderKey = this.contenders.newKey(path, request.type(), lease.id());
				String keyToCreate = contenderKey;
				long leaseId = lease.id();
				// the create puts only if absent, so a retry after an unanswered attempt is safe
				Contenders.Created created = retryWhileUnavailable(
						() -> this.contenders.create(keyToCreate, writer, leaseId, 0, callDeadline(deadline)),
						callDeadline(deadline));
				contender = created.contender();
				this.waiters.add(waiter);
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
				break;
			}
			Hold hold = new Hold(contender, lease, contender.createRevision(), localTurn);
			if (request.type() != LockType.SEMAPHORE_MUTEX) {
				this.holds.put(new HoldKey(path, request.type(), Thread.currentThread()), hold);
			}
			EtcdLockHandle handle = track(request, path, hold);
			acquired = true;
			if (handle.state() == LockState.LOST) {
				handle.close();
				throw new LockLostException(key, path);
			}
			return handle;
		}
		catch (ExecutionException | TimeoutException ex) {
			throw backendFailure(key, path, ex);
		}
		finally {
			this.waiters.remove(waiter);
			if (!acquired && contenderKey != null) {
				deleteInBackground(contenderKey, lease);
			}
			if (!acquired && localTurn != null) {
				giveBack(localTurn, localTurnHad);
			}
		}
	}

	/**
	 * Waits behind the other threads of this JVM that want the lock; listed as a waiter only if
	 * it has to wait (otherwise once its key is queued in etcd).
	 * @return whether its turn came within the wait time
	 */
	private boolean awaitLocalTurn(LocalQueues.Use turn, LockWaiter waiter, long deadline) throws InterruptedException {
		if (turn.queue().tryAcquire(turn.type(), 0)) {
			return true;
		}
		this.waiters.add(waiter);
		return turn.queue().tryAcquire(turn.type(), Math.max(0, deadline - System.nanoTime()));
	}

	private void giveBack(LocalQueues.Use turn, boolean had) {
		if (had) {
			turn.queue().release(turn.type());
		}
		this.localQueues.release(turn);
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

	private EtcdLockHandle track(LockRequest request, String path, Hold hold) {
		EtcdLockHandle handle = new EtcdLockHandle(this, request, path, hold, stateOf(hold.lease()));
		this.handles.add(handle);
		// a change told before the handle was tracked is applied now
		LockState now = stateOf(hold.lease());
		LockState previous = handle.transition(now);
		if (previous != null) {
			tell(handle, previous, now);
		}
		return handle;
	}

	void release(EtcdLockHandle handle) {
		this.handles.remove(handle);
		Hold hold = handle.hold();
		if (!hold.leave()) {
			return;
		}
		if (handle.type() != LockType.SEMAPHORE_MUTEX) {
			this.holds.remove(new HoldKey(handle.path(), handle.type(), handle.owner()), hold);
		}
		try {
			if (hold.lease().status() != EtcdSession.Status.LOST) {
				delete(hold.contender().key(), hold.lease(), "release lock '" + handle.key() + "'");
			}
		}
		finally {
			LocalQueues.Use localTurn = hold.localTurn();
			if (localTurn != null) {
				giveBack(localTurn, true);
			}
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

	private void leaseChanged(EtcdSession.Lease lease, EtcdSession.Status status) {
		LockState next = stateOf(status);
		for (EtcdLockHandle handle : this.handles) {
			if (handle.hold().lease() == lease) {
				LockState previous = handle.transition(next);
				if (previous != null) {
					tell(handle, previous, next);
				}
			}
		}
	}

	private void tell(EtcdLockHandle handle, LockState previous, LockState next) {
		if (next == LockState.LOST) {
			logger.warn("Lock '" + handle.key() + "' (key " + handle.hold().contender().key() + ") held by thread '"
					+ handle.holderThread() + "' was lost: its etcd lease ended");
			if (this.options.interruptOnLoss()) {
				handle.interruptHolderUnlessReleased();
			}
		}
		this.listener.onStateChanged(handle, previous, next);
	}

	private static LockState stateOf(EtcdSession.Lease lease) {
		return stateOf(lease.status());
	}

	private static LockState stateOf(EtcdSession.Status status) {
		return switch (status) {
			case ALIVE -> LockState.HELD;
			case IN_DOUBT -> LockState.IN_DOUBT;
			case LOST -> LockState.LOST;
		};
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

	private DistributedLockException backendFailure(String key, String path, Exception ex) {
		Throwable cause = (ex instanceof ExecutionException && ex.getCause() != null) ? ex.getCause() : ex;
		String reason = (ex instanceof TimeoutException) ? "etcd did not answer in time" : String.valueOf(cause);
		return new LockBackendException("Could not acquire lock '" + key + "' (" + path + ") from etcd: " + reason,
				cause);
	}

	/**
	 * The locks this process holds now.
	 * @return a snapshot of the held locks
	 */
	@Override
	public List<LockHandle> heldLocks() {
		return new ArrayList<>(this.handles);
	}

	@Override
	public List<LockWaiter> waiters() {
		return new ArrayList<>(this.waiters);
	}

	@Override
	public String pathOf(String key) {
		return this.pathResolver.resolve(key);
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

	/** The lease the registry binds new keys to, or 0 if it has none now. */
	long currentLeaseId() {
		EtcdSession.Lease lease = this.session.currentLease();
		return (lease != null) ? lease.id() : 0;
	}

	/**
	 * Waits until etcd has granted the registry its lease: a check that etcd can be reached,
	 * with the client's credentials, before the first lock is asked for.
	 * @param timeout how long to wait
	 * @throws LockBackendException if etcd did not grant it in time, or refused
	 */
	public void awaitLease(Duration timeout) {
		try {
			this.session.lease(System.nanoTime() + timeout.toNanos());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockBackendException("Interrupted while waiting for etcd to grant the registry's lease", ex);
		}
		catch (TimeoutException ex) {
			throw new LockBackendException("etcd did not grant the registry's lease within " + timeout.toMillis()
					+ " ms", ex);
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			throw new LockBackendException("etcd refused the registry's lease: " + cause.getMessage(), cause);
		}
	}

	/** How the registry was configured. */
	Options options() {
		return this.options;
	}

	/** How many local queues the registry keeps now: one per lock path and kind in use. */
	int localQueueCount() {
		return this.localQueues.size();
	}

	/** The jetcd client the registry locks through. */
	Client client() {
		return this.client;
	}

	/** The latest lease of the registry, whatever its status, or {@code null} before one was granted. */
	EtcdSession.@Nullable Lease latestLease() {
		return this.session.latestLease();
	}

	/**
	 * Revokes the registry's lease (so its locks go at once) and stops renewing it. The jetcd
	 * client is the caller's to close.
	 */
	@Override
	public void close() {
		this.session.close();
		this.scheduler.shutdownNow();
	}

	/**
	 * How a registry takes locks and what it does when one is lost.
	 *
	 * @param leaseTtl the time to live of the registry's lease: how long a crashed holder blocks
	 * its locks, and how long a partitioned one may believe it still holds them; whole seconds,
	 * at least one
	 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
	 * @param localQueue whether threads of this JVM that want the same lock first queue locally,
	 * in FIFO order, so that only one of them at a time has a contender key in etcd
	 */
	public record Options(Duration leaseTtl, boolean interruptOnLoss, boolean localQueue) {

		/** A 30 s lease, no interrupt, a local queue. */
		public static final Options DEFAULTS = new Options(Duration.ofSeconds(30), false, true);

		public Options {
			if (leaseTtl.compareTo(Duration.ofSeconds(1)) < 0) {
				throw new IllegalArgumentException("leaseTtl must be at least 1 s, but was " + leaseTtl);
			}
		}

		/**
		 * Options with a local queue.
		 * @param leaseTtl the time to live of the registry's lease
		 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
		 */
		public Options(Duration leaseTtl, boolean interruptOnLoss) {
			this(leaseTtl, interruptOnLoss, true);
		}

	}

	/** One thread's hold of a lock path with one lock type. */
	private record HoldKey(String path, LockType type, Thread thread) {
	}

}
