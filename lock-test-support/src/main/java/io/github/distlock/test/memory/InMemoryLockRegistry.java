package io.github.distlock.test.memory;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.InvalidLockKeyException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockIntrospection;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.LockWaiter;
import org.jspecify.annotations.Nullable;

/**
 * A client of an {@link InMemoryLockService}, as one process with one session would be: a
 * {@link LockRegistry} with the semantics of the ZooKeeper backend, for tests.
 * <ul>
 * <li>{@link LockType#MUTEX}, {@link LockType#READ} and {@link LockType#WRITE} are reentrant per
 * thread (the nested lock carries the outer one's fencing token), and the holder of a
 * {@code WRITE} lock may take the {@code READ} lock of the same key, with the write lock's
 * token. {@link LockType#SEMAPHORE_MUTEX} is not reentrant, and any thread may release it; only
 * the acquiring thread may release the other types.</li>
 * <li>Waiters are served in arrival order, across threads and clients. A wait ends with
 * {@link LockAcquisitionException} when its time elapses and {@link LockInterruptedException}
 * when the thread is interrupted (its interrupt status is kept); an interrupted thread is
 * refused at once. Nothing is left in the service after a release, a timeout or an
 * interrupt.</li>
 * <li>{@link #expireSession()} loses every lock the client holds, as an expired ZooKeeper session
 * does: the handles go to {@link LockState#LOST}, others may take the locks, the thread that
 * held a lost lock cannot re-enter it ({@link LockLostException}) until it closed the lost
 * handle, and the client goes on in a new session. {@link #suspendConnection()} and
 * {@link #resumeConnection()} put held locks {@link LockState#IN_DOUBT in doubt} and back;
 * while suspended, acquisitions wait for the connection within their wait time and then fail
 * with {@link LockBackendException}.</li>
 * <li>The {@link LockListener} is told of every change of state, on the thread that caused
 * it.</li>
 * </ul>
 * {@link #close() Closing} the client ends its session: the locks it held are lost and free for
 * others.
 */
public class InMemoryLockRegistry implements LockRegistry, LockIntrospection, AutoCloseable {

	private static final System.Logger logger = System.getLogger(InMemoryLockRegistry.class.getName());

	private static final String PATH_PREFIX = "memory:";

	private final InMemoryLockService service;

	private final LockListener listener;

	/**
	 * Guards the session, the connection and the handles, so that a lock just granted is either
	 * tracked before its session expires (and then marked lost with the others) or seen lost.
	 * Taken before the service's lock, never while waiting for a lock.
	 */
	private final ReentrantLock stateLock = new ReentrantLock();

	private final Condition connectedAgain = this.stateLock.newCondition();

	/** The unreleased handles, lost ones included; changed under the state lock. */
	private final Set<InMemoryLockHandle> handles = ConcurrentHashMap.newKeySet();

	private final Set<LockWaiter> waiters = ConcurrentHashMap.newKeySet();

	private volatile long session;

	private volatile boolean connected = true;

	private volatile boolean closed;

	/**
	 * Creates a client with no listener.
	 * @param service the service shared by the clients of a test
	 */
	public InMemoryLockRegistry(InMemoryLockService service) {
		this(service, new LockListener() {
		});
	}

	/**
	 * Creates a client.
	 * @param service the service shared by the clients of a test
	 * @param listener told when a held lock changes state
	 */
	public InMemoryLockRegistry(InMemoryLockService service, LockListener listener) {
		this.service = Objects.requireNonNull(service, "service");
		this.listener = Objects.requireNonNull(listener, "listener");
		this.session = service.openSession();
	}

	@Override
	public LockHandle acquire(LockRequest request) {
		String key = request.key();
		String path = pathOf(key);
		if (Thread.currentThread().isInterrupted()) {
			throw new LockInterruptedException(key, path, new InterruptedException("interrupted before acquiring"));
		}
		if (this.closed) {
			throw closed(key, path);
		}
		long start = System.nanoTime();
		long deadline = start + request.waitTime().toNanos();
		LockWaiter waiter = new LockWaiter(key, request.name(), path, request.type(), Instant.now(),
				Thread.currentThread().getName());
		this.waiters.add(waiter);
		try {
			InMemoryLockHandle outer = outerLockOfCurrentThread(request, path);
			awaitConnection(key, path, deadline);
			return (outer != null) ? enter(request, path, outer) : acquireEntry(request, path, start, deadline);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockInterruptedException(key, path, ex);
		}
		finally {
			this.waiters.remove(waiter);
		}
	}

	/**
	 * Acquires a lock the thread does not hold yet. A lock granted just as the session expired
	 * is queued for again in the new session, within the wait time.
	 */
	private LockHandle acquireEntry(LockRequest request, String path, long start, long deadline)
			throws InterruptedException {
		while (true) {
			LockEntry entry = enqueue(request, path);
			LockEntry.State outcome = this.service.awaitGrant(entry, deadline);
			if (outcome == LockEntry.State.GRANTED) {
				InMemoryLockHandle handle = track(request, path, new Hold(entry));
				if (handle != null) {
					return handle;
				}
			}
			else if (outcome == LockEntry.State.ENDED) {
				throw closed(request.key(), path);
			}
			if (outcome == LockEntry.State.GONE || System.nanoTime() - deadline >= 0) {
				throw new LockAcquisitionException(request.key(), path, Duration.ofNanos(System.nanoTime() - start));
			}
			awaitConnection(request.key(), path, deadline);
		}
	}

	private LockEntry enqueue(LockRequest request, String path) {
		this.stateLock.lock();
		try {
			if (this.closed) {
				throw closed(request.key(), path);
			}
			return this.service.enqueue(request.key(), request.type(), this.session);
		}
		finally {
			this.stateLock.unlock();
		}
	}

	/**
	 * Tracks a lock just granted, unless its session expired meanwhile.
	 * @return the handle, or {@code null} if the lock was lost before it could be tracked
	 */
	private @Nullable InMemoryLockHandle track(LockRequest request, String path, Hold hold) {
		this.stateLock.lock();
		try {
			if (hold.entry.state() != LockEntry.State.GRANTED) {
				if (this.closed) {
					throw closed(request.key(), path);
				}
				return null;
			}
			InMemoryLockHandle handle = new InMemoryLockHandle(this, request, path, hold, currentState());
			this.handles.add(handle);
			return handle;
		}
		finally {
			this.stateLock.unlock();
		}
	}

	/**
	 * Acquires a lock inside one the thread holds: the same lock again, or a read lock inside
	 * a write lock. Granted from the client's memory, so only as good as the outer lock.
	 */
	private LockHandle enter(LockRequest request, String path, InMemoryLockHandle outer) {
		this.stateLock.lock();
		try {
			Hold outerHold = outer.hold();
			if (outer.state() == LockState.LOST || outerHold.entry.state() != LockEntry.State.GRANTED) {
				throw new LockLostException(request.key(), path);
			}
			Hold hold;
			if (outer.type() == request.type()) {
				hold = outerHold;
				hold.count++;
			}
			else {
				LockEntry read = this.service.enterInside(outerHold.entry);
				if (read == null) {
					throw new LockLostException(request.key(), path);
				}
				hold = new Hold(read);
			}
			InMemoryLockHandle handle = new InMemoryLockHandle(this, request, path, hold, currentState());
			this.handles.add(handle);
			return handle;
		}
		finally {
			this.stateLock.unlock();
		}
	}

	/**
	 * The lock of the calling thread that the request re-enters: one of the same type (not a
	 * semaphore mutex), or else a write lock for a read request.
	 * @return the outer lock, or {@code null} for a first acquisition
	 * @throws LockLostException if the thread holds a lost lock of the same kind on the key
	 */
	private @Nullable InMemoryLockHandle outerLockOfCurrentThread(LockRequest request, String path) {
		Thread current = Thread.currentThread();
		InMemoryLockService.LockKind kind = InMemoryLockService.LockKind.of(request.type());
		InMemoryLockHandle sameType = null;
		InMemoryLockHandle write = null;
		for (InMemoryLockHandle handle : this.handles) {
			if (handle.owner() != current || !handle.key().equals(request.key())
					|| InMemoryLockService.LockKind.of(handle.type()) != kind) {
				continue;
			}
			LockState state = handle.state();
			if (state == LockState.LOST) {
				throw new LockLostException(request.key(), path);
			}
			if (state == LockState.RELEASED) {
				continue;
			}
			if (handle.type() == request.type() && request.type() != LockType.SEMAPHORE_MUTEX) {
				sameType = handle;
			}
			else if (handle.type() == LockType.WRITE && request.type() == LockType.READ) {
				write = handle;
			}
		}
		return (sameType != null) ? sameType : write;
	}

	private void awaitConnection(String key, String path, long deadline) throws InterruptedException {
		if (this.connected) {
			return;
		}
		this.stateLock.lock();
		try {
			while (!this.connected) {
				if (this.closed) {
					throw closed(key, path);
				}
				long remaining = deadline - System.nanoTime();
				if (remaining <= 0) {
					throw new LockBackendException(
							"Could not acquire lock '" + key + "' (" + path + "): the in-memory client is disconnected",
							null);
				}
				this.connectedAgain.awaitNanos(remaining);
			}
		}
		finally {
			this.stateLock.unlock();
		}
	}

	private LockState currentState() {
		return this.connected ? LockState.HELD : LockState.IN_DOUBT;
	}

	private static LockBackendException closed(String key, String path) {
		return new LockBackendException("Could not acquire lock '" + key + "' (" + path
				+ "): the in-memory client was closed", null);
	}

	/**
	 * Releases a handle closed by its holder: the lock itself once no nested handle shares it.
	 */
	void release(InMemoryLockHandle handle) {
		LockEntry released = null;
		this.stateLock.lock();
		try {
			if (this.handles.remove(handle) && --handle.hold().count == 0) {
				released = handle.hold().entry;
			}
		}
		finally {
			this.stateLock.unlock();
		}
		if (released != null) {
			this.service.release(released);
		}
	}

	/**
	 * Expires the client's session, as ZooKeeper does for a client cut off too long: every lock
	 * it holds goes to {@link LockState#LOST} and is free for others at once; its waiters queue
	 * again at the back, and the client goes on, connected, in a new session.
	 * @throws IllegalStateException if the client is closed
	 */
	public void expireSession() {
		List<StateChange> changes = new ArrayList<>();
		this.stateLock.lock();
		try {
			if (this.closed) {
				throw new IllegalStateException("The in-memory client is closed");
			}
			changes.addAll(transitionAll(LockState.LOST));
			long replacement = this.service.openSession();
			this.service.expireSession(this.session, replacement);
			this.session = replacement;
			this.connected = true;
			this.connectedAgain.signalAll();
		}
		finally {
			this.stateLock.unlock();
		}
		tell(changes);
	}

	/**
	 * Suspends the connection, as a lost TCP connection does before the session expires: held
	 * locks go to {@link LockState#IN_DOUBT}, and acquisitions wait for the connection.
	 */
	public void suspendConnection() {
		List<StateChange> changes;
		this.stateLock.lock();
		try {
			this.connected = false;
			changes = transitionAll(LockState.IN_DOUBT);
		}
		finally {
			this.stateLock.unlock();
		}
		tell(changes);
	}

	/**
	 * Restores a suspended connection in the same session: locks in doubt are
	 * {@link LockState#HELD held} again.
	 */
	public void resumeConnection() {
		List<StateChange> changes;
		this.stateLock.lock();
		try {
			if (this.closed) {
				return;
			}
			this.connected = true;
			this.connectedAgain.signalAll();
			changes = transitionAll(LockState.HELD);
		}
		finally {
			this.stateLock.unlock();
		}
		tell(changes);
	}

	/**
	 * Whether the client is connected.
	 * @return {@code false} while suspended and once closed
	 */
	public boolean isConnected() {
		return this.connected;
	}

	/**
	 * The client's session: a new one after each {@link #expireSession() expiry}.
	 * @return the session id
	 */
	public long sessionId() {
		return this.session;
	}

	/** Called with the state lock held. */
	private List<StateChange> transitionAll(LockState next) {
		List<StateChange> changes = new ArrayList<>();
		for (InMemoryLockHandle handle : this.handles) {
			LockState previous = handle.transition(next);
			if (previous != null) {
				changes.add(new StateChange(handle, previous, next));
			}
		}
		return changes;
	}

	private void tell(List<StateChange> changes) {
		for (StateChange change : changes) {
			try {
				this.listener.onStateChanged(change.handle(), change.previous(), change.next());
			}
			catch (RuntimeException ex) {
				logger.log(System.Logger.Level.WARNING, "Lock listener " + this.listener + " failed", ex);
			}
		}
	}

	@Override
	public List<LockHandle> heldLocks() {
		return new ArrayList<>(this.handles);
	}

	@Override
	public List<LockWaiter> waiters() {
		return new ArrayList<>(this.waiters);
	}

	/**
	 * The lock path of a key: the key behind {@code memory:}.
	 * @param key the lock key
	 * @return the lock path
	 */
	@Override
	public String pathOf(String key) {
		if (key == null || key.isBlank()) {
			throw new InvalidLockKeyException("Lock key must not be null or blank");
		}
		return PATH_PREFIX + key;
	}

	/**
	 * The contenders for a lock in every client of the service, holders first, as
	 * {@code TYPE-entry@session-id}.
	 * @param key the lock key
	 * @param type the lock type
	 * @return the contenders' names
	 */
	@Override
	public Collection<String> participants(String key, LockType type) {
		pathOf(key);
		return this.service.participants(key, type);
	}

	/**
	 * Closes the client and ends its session: the locks it held are {@link LockState#LOST
	 * lost} and free for others, its waiters fail with {@link LockBackendException}, and so does
	 * every later acquisition.
	 */
	@Override
	public void close() {
		List<StateChange> changes;
		this.stateLock.lock();
		try {
			if (this.closed) {
				return;
			}
			this.closed = true;
			this.connected = false;
			this.connectedAgain.signalAll();
			changes = transitionAll(LockState.LOST);
			this.service.endSession(this.session);
		}
		finally {
			this.stateLock.unlock();
		}
		tell(changes);
	}

	/**
	 * A lock the client holds in the service, shared by a thread's nested handles of the same
	 * type; released when the last of them is closed.
	 */
	static final class Hold {

		final LockEntry entry;

		/** The unreleased handles on the entry; changed under the state lock. */
		int count = 1;

		Hold(LockEntry entry) {
			this.entry = entry;
		}

		long fencingToken() {
			return this.entry.token();
		}

	}

	private record StateChange(InMemoryLockHandle handle, LockState previous, LockState next) {
	}

}
