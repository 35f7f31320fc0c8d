/*
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

package io.github.distlock.core.spi;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.DistributedLockException;
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
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The part of a {@link LockRegistry} that is the same for every lock service, over a
 * {@link LockBackend} that does the rest:
 * <ul>
 * <li>It tracks the locks this process holds and the threads waiting for one
 * ({@link LockIntrospection}).</li>
 * <li>A thread's re-entry into a {@code MUTEX}, {@code READ} or {@code WRITE} it holds is
 * granted from memory, with the outer lock's fencing token; a {@code READ} inside the thread's
 * {@code WRITE} is asked of the backend, which queues it at the {@code WRITE}'s place. Either
 * waits while the outer lock is in doubt, and is refused once it is lost.</li>
 * <li>A thread that holds a lost lock cannot take a lock of the same kind on that key until it
 * closed the lost handle ({@link LockLostException}).</li>
 * <li>With a local queue, the threads of this JVM that want the same lock wait their turn here,
 * in FIFO order, so that one of them at a time contends in the service. Optionally, a held
 * {@code MUTEX} passes to the next of them without being released in the service, a bounded
 * number of times in a row, with a greater fencing token each time
 * ({@link BackendLock#handOff()}).</li>
 * <li>It keeps the state of each handle in step with its backend lock, tells the
 * {@link LockListener} of every acquisition, failure, release and change of state (this is the
 * one place lock events come from), and interrupts the holder of a lost lock if asked.</li>
 * </ul>
 * State changes are applied under a lock held only for local reads, never while waiting for the
 * service, and told to the listener after it is released.
 *
 * @since 0.1.0
 */
public final class LockEngine implements LockRegistry, LockIntrospection, AutoCloseable {

	private static final Log logger = LogFactory.getLog(LockEngine.class);

	/** How long a nested acquisition waits at most between two looks at an outer lock in doubt. */
	private static final long SETTLE_CHECK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

	private final LockBackend backend;

	private final LockListener listener;

	private final Options options;

	private final Set<LockType> supportedTypes;

	private final LockTable table;

	private final long maxHandoffNanos;

	/**
	 * The threads that wait, by number: numbers, not the waiters' hash codes (which follow their
	 * types' identity), keep the steps of a seeded interleaving test the same from JVM to JVM.
	 */
	private final Map<Long, LockWaiter> waiters = new ConcurrentHashMap<>();

	private final AtomicLong waiterNumbers = new AtomicLong();

	private final AtomicLong handleNumbers = new AtomicLong();

	/**
	 * Serializes the states of handles: a state change and the tracking of a lock just acquired
	 * each read the backend's state while holding it, so a later reading is never overwritten by
	 * an earlier one.
	 */
	private final ReentrantLock stateLock = new ReentrantLock();

	private final Condition statesFollowed = this.stateLock.newCondition();

	private final DeferredReleases deferredReleases = new DeferredReleases(this::releaseClosed);

	/**
	 * Creates an engine and subscribes it to the backend's state changes.
	 * @param backend the lock service
	 * @param listener told of lock events; its exceptions are logged and ignored
	 * @param options what happens when a lock is lost, and which locks queue locally
	 */
	public LockEngine(LockBackend backend, LockListener listener, Options options) {
		this.backend = Objects.requireNonNull(backend, "backend");
		this.listener = (listener instanceof CompositeLockListener composite) ? composite
				: new CompositeLockListener(List.of(Objects.requireNonNull(listener, "listener")));
		this.options = Objects.requireNonNull(options, "options");
		this.supportedTypes = Set.copyOf(backend.supportedTypes());
		this.table = new LockTable(options.localQueue());
		this.maxHandoffNanos = saturatedNanos(options.maxHandoffTime());
		backend.onStateChange(this::followStates);
	}

	@Override
	public LockHandle acquire(LockRequest request) {
		if (!this.supportedTypes.contains(request.type())) {
			throw new IllegalArgumentException("Lock type " + request.type() + " of lock '" + request.key()
					+ "' is not supported by the lock backend (" + this.backend.getClass().getSimpleName()
					+ "), which supports " + this.supportedTypes);
		}
		if (request.revocable() && !this.backend.supportsRevocation(request.type())) {
			throw new IllegalArgumentException("Lock '" + request.key() + "' is requested as revocable, but the lock "
					+ "backend (" + this.backend.getClass().getSimpleName() + ") does not support the revocation of "
					+ request.type() + " locks");
		}
		this.listener.onAcquisitionStarted(request);
		long start = System.nanoTime();
		EngineLockHandle handle;
		try {
			handle = acquire(request, start);
		}
		catch (DistributedLockException ex) {
			Duration waited = since(start);
			DistributedLockException failure = (ex instanceof LockAcquisitionException elapsed)
					? waitedSinceStart(elapsed, waited) : ex;
			this.listener.onAcquisitionFailed(request, waited, failure);
			throw failure;
		}
		this.listener.onAcquired(handle, since(start));
		return handle;
	}

	/**
	 * A wait that elapsed, with the time waited since the caller asked (a backend measures from
	 * when it was asked, after the local queue).
	 */
	private static LockAcquisitionException waitedSinceStart(LockAcquisitionException elapsed, Duration waited) {
		if (elapsed.getWaited().compareTo(waited) >= 0) {
			return elapsed;
		}
		LockAcquisitionException failure = new LockAcquisitionException(elapsed.getKey(), elapsed.getPath(), waited);
		if (elapsed.getCause() != null) {
			failure.initCause(elapsed.getCause());
		}
		failure.setStackTrace(elapsed.getStackTrace());
		return failure;
	}

	private EngineLockHandle acquire(LockRequest request, long start) {
		String key = request.key();
		String path = this.backend.pathOf(key);
		if (Thread.currentThread().isInterrupted()) {
			// one rule for every lock, whether it would wait or be re-entered from memory
			throw new LockInterruptedException(key, path, new InterruptedException("interrupted before acquiring"));
		}
		long deadline = start + saturatedNanos(request.waitTime());
		LockWaiter waiter = new LockWaiter(key, request.name(), path, request.type(), Instant.now(),
				Thread.currentThread().getName());
		LockTable.Entry entry = this.table.retain(path, request.type());
		Long waiterNumber = this.waiterNumbers.incrementAndGet();
		this.waiters.put(waiterNumber, waiter);
		boolean tracked = false;
		try {
			while (true) {
				Hold outer = entry.outerHoldOf(Thread.currentThread(), request);
				Hold hold = (outer != null) ? enter(outer, request, path, deadline)
						: acquireFirst(entry, request, path, start, deadline);
				EngineLockHandle handle = track(entry, hold, request, path);
				tracked = true;
				if (handOut(handle, outer == null && deadline - System.nanoTime() > 0)) {
					return handle;
				}
				// its session ended between the service's grant and the tracking: queue again
				entry = this.table.retain(path, request.type());
				tracked = false;
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockInterruptedException(key, path, ex);
		}
		catch (RuntimeException ex) {
			if (ex instanceof DistributedLockException) {
				throw ex;
			}
			throw new LockBackendException("Could not acquire lock '" + key + "' (" + path + "): " + ex, ex);
		}
		finally {
			this.waiters.remove(waiterNumber);
			if (!tracked) {
				releaseEntry(entry, key);
			}
		}
	}

	/**
	 * Readies a tracked handle for its holder: its revocation watch, if it is revocable, and a
	 * last look at its state. A handle that cannot be handed out is given back, untracked, before
	 * the failure is thrown: nothing is left held with nobody to release it.
	 * @param queueAgainIfLost whether a lock lost before it could be followed is given back for
	 * the caller to queue again (a first acquisition with wait time left), rather than refused
	 * @return whether the handle can be handed out; {@code false} if it was lost and given back
	 * @throws LockLostException if the lock was lost before it could be followed, and the caller
	 * cannot queue again (a re-entry into a lost lock, or no wait time left)
	 * @throws LockBackendException if its revocation watch could not be set up
	 */
	private boolean handOut(EngineLockHandle handle, boolean queueAgainIfLost) {
		try {
			if (handle.request().revocable()) {
				watchRevocation(handle);
			}
			if (handle.state() == LockState.LOST) {
				// lost before it could be followed: never hand out a lost lock
				if (queueAgainIfLost && handle.markReleased()) {
					release(handle, false);
					return false;
				}
				throw new LockLostException(handle.key(), handle.path());
			}
			return true;
		}
		catch (RuntimeException ex) {
			if (handle.markReleased()) {
				release(handle, false);
			}
			throw ex;
		}
	}

	/**
	 * A lock the thread does not hold yet: its turn in the local queue, then the service's.
	 */
	private Hold acquireFirst(LockTable.Entry entry, LockRequest request, String path, long start, long deadline)
			throws InterruptedException {
		LocalLockQueue local = entry.local();
		boolean queued = false;
		try {
			if (local != null) {
				queued = local.tryAcquire(request.type(), Math.max(0, deadline - System.nanoTime()));
				if (!queued) {
					throw new LockAcquisitionException(request.key(), path, since(start));
				}
			}
			Hold hold = (queued) ? takeHandedOff(entry, request, local) : null;
			if (hold == null) {
				BackendLock lock = this.backend.acquire(request, path, deadline);
				hold = new Hold(lock, request.type(), lock.fencingToken(), local);
			}
			queued = false;
			return hold;
		}
		finally {
			if (queued) {
				local.release(request.type());
			}
		}
	}

	/**
	 * The lock the previous holder of the local turn handed off, if it is still held and the
	 * lock service records the owner the caller asks for; otherwise it is released, and the
	 * caller queues in the service.
	 */
	private @Nullable Hold takeHandedOff(LockTable.Entry entry, LockRequest request, LocalLockQueue local) {
		LockTable.HandedOff handedOff = entry.takeHandedOff();
		if (handedOff == null) {
			return null;
		}
		BackendLock lock = handedOff.lock();
		if (lock.state() != LockState.HELD || !Objects.equals(handedOff.owner(), request.owner())) {
			releaseQuietly(lock, request.key());
			return null;
		}
		return new Hold(lock, request.type(), lock.fencingToken(), local, handedOff.handoffs(),
				handedOff.acquiredNanos());
	}

	/**
	 * Hands the lock of a hold released by its last handle to the next thread of this JVM that
	 * waits for it, instead of releasing it in the service: a {@code MUTEX} only, while the
	 * service says it is held, at most {@code maxHandoffs} times in a row and within
	 * {@code maxHandoffTime} of its acquisition in the service, and never once its revocation
	 * was requested (the request is for a contender elsewhere, which gets it from the service).
	 * @return whether it was handed off
	 */
	private boolean handOff(EngineLockHandle handle, Hold hold) {
		LocalLockQueue local = hold.localTurn();
		if (hold.type() != LockType.MUTEX || local == null || hold.handoffs() >= this.options.maxHandoffs()
				|| System.nanoTime() - hold.acquiredNanos() >= this.maxHandoffNanos || !local.hasQueuedThreads()
				|| hold.revocationRequested() || hold.lock().state() != LockState.HELD) {
			return false;
		}
		BackendLock next = hold.lock().handOff();
		if (next == null) {
			return false;
		}
		handle.entry()
			.handOff(new LockTable.HandedOff(next, hold.handoffs() + 1, hold.acquiredNanos(), handle.request().owner()));
		return true;
	}

	/**
	 * Counts one use of an entry less; with its last use goes a lock handed off that no thread
	 * came for.
	 */
	private void releaseEntry(LockTable.Entry entry, String key) {
		BackendLock left = this.table.release(entry);
		if (left != null) {
			releaseQuietly(left, key);
		}
	}

	private static void releaseQuietly(BackendLock lock, String key) {
		try {
			lock.release();
		}
		catch (RuntimeException ex) {
			logger.warn("Could not release lock '" + key + "' (" + lock.describe() + ")", ex);
		}
	}

	/**
	 * A lock inside one the thread holds: the same lock again, or a {@code READ} inside its
	 * {@code WRITE}. Only as good as the outer lock: it waits while that is in doubt, and is
	 * refused once it is lost.
	 */
	private Hold enter(Hold outer, LockRequest request, String path, long deadline) throws InterruptedException {
		awaitSettled(outer, request, path, deadline);
		if (outer.type() == request.type()) {
			outer.reenter();
			return outer;
		}
		BackendLock read = this.backend.acquireReadInWrite(outer.lock(), request, deadline);
		return new Hold(read, request.type(), outer.fencingToken(), null);
	}

	/**
	 * Waits while the outer lock is in doubt, within the deadline.
	 * @throws LockLostException if it is lost
	 * @throws LockBackendException if it is still in doubt at the deadline
	 */
	private void awaitSettled(Hold outer, LockRequest request, String path, long deadline) throws InterruptedException {
		LockState state = outer.lock().state();
		if (state == LockState.IN_DOUBT) {
			this.stateLock.lockInterruptibly();
			try {
				while ((state = outer.lock().state()) == LockState.IN_DOUBT) {
					long remaining = deadline - System.nanoTime();
					if (remaining <= 0) {
						break;
					}
					this.statesFollowed.awaitNanos(Math.min(remaining, SETTLE_CHECK_NANOS));
				}
			}
			finally {
				this.stateLock.unlock();
			}
		}
		if (state == LockState.LOST) {
			throw new LockLostException(request.key(), path);
		}
		if (state == LockState.IN_DOUBT) {
			throw new LockBackendException("Could not acquire lock '" + request.key() + "' (" + path
					+ ") inside the lock the thread holds: that lock (" + outer.lock().describe()
					+ ") was still in doubt when the wait time elapsed", null);
		}
	}

	/**
	 * Watches the lock of a revocable handle for revocation requests, once per hold, and tells of
	 * one made before.
	 */
	private void watchRevocation(EngineLockHandle handle) {
		Hold hold = handle.hold();
		if (hold.startWatchingRevocation()) {
			try {
				hold.lock().watchRevocation(() -> revocationRequested(hold));
			}
			catch (RuntimeException ex) {
				// a later revocable re-entry tries again
				hold.stopWatchingRevocation();
				throw new LockBackendException("Could not watch lock '" + handle.key() + "' (" + handle.path()
						+ ") for revocation requests, so it was not handed out: " + ex, ex);
			}
		}
		if (hold.revocationRequested()) {
			tellRevocation(handle);
		}
	}

	private void revocationRequested(Hold hold) {
		hold.revocationRequested(true);
		this.table.forEachHandle((handle) -> {
			if (handle.hold() == hold && handle.request().revocable()) {
				tellRevocation(handle);
			}
		});
	}

	private void tellRevocation(EngineLockHandle handle) {
		if (handle.markRevocationTold()) {
			logger.info("Revocation of lock '" + handle.key() + "' (" + handle.hold().lock().describe()
					+ ") held by thread '" + handle.holderThread() + "' was requested");
			if (this.options.interruptOnRevocation()) {
				handle.interruptHolderUnlessClosed();
			}
			this.listener.onRevocationRequested(handle);
		}
	}

	/**
	 * Tracks a new handle in the state its lock has now: a change the backend reported before
	 * the handle was tracked is applied to it all the same.
	 */
	private EngineLockHandle track(LockTable.Entry entry, Hold hold, LockRequest request, String path) {
		this.stateLock.lock();
		try {
			long number = this.handleNumbers.incrementAndGet();
			EngineLockHandle handle = new EngineLockHandle(this, number, entry, hold, request, path,
					hold.lock().state());
			entry.add(handle);
			return handle;
		}
		finally {
			this.stateLock.unlock();
		}
	}

	/**
	 * The holder closed a handle: its lock is released now, or once the request's
	 * {@code holdAtLeast} has passed since its acquisition, unless it is lost by then.
	 */
	void closed(EngineLockHandle handle) {
		Duration holdAtLeast = handle.request().holdAtLeast();
		long left = holdAtLeast.isZero() ? 0
				: saturatedNanos(holdAtLeast) - (System.nanoTime() - handle.acquiredNanos());
		if (left > 0 && handle.state() != LockState.LOST) {
			this.deferredReleases.schedule(handle, left);
		}
		else {
			releaseClosed(handle);
		}
	}

	private void releaseClosed(EngineLockHandle handle) {
		if (handle.markReleased()) {
			release(handle, true);
		}
	}

	/**
	 * Releases at once the locks closed before their {@code holdAtLeast} passed, and stops the
	 * thread that releases them; a lock closed afterwards is released at once. A registry calls
	 * it when it closes, before its client.
	 */
	public void releaseDeferred() {
		this.deferredReleases.releaseAllNow();
	}

	/**
	 * Releases at once the locks kept for their {@code holdAtLeast}, as
	 * {@link #releaseDeferred()}. The backend is not closed: it is its owner's (a bean of its
	 * own, or the registry that made it), closed after the engine.
	 */
	@Override
	public void close() {
		releaseDeferred();
	}

	/**
	 * How many closed locks wait for their {@code holdAtLeast} to pass.
	 * @return the number of locks held beyond their close
	 */
	public int deferredReleaseCount() {
		return this.deferredReleases.pending();
	}

	/**
	 * Gives back what a handle held: the backend lock and the local turn once no re-entry of
	 * the thread shares them, and the handle's use of its table entry.
	 * @param tell whether to tell the listener (not for a lock never handed out)
	 */
	void release(EngineLockHandle handle, boolean tell) {
		Hold hold = handle.hold();
		handle.entry().remove(handle);
		try {
			if (hold.leave()) {
				try {
					if (!handOff(handle, hold)) {
						releaseQuietly(hold.lock(), handle.key());
					}
				}
				finally {
					hold.giveBackLocalTurn();
				}
			}
		}
		finally {
			releaseEntry(handle.entry(), handle.key());
		}
		if (tell) {
			this.listener.onReleased(handle, since(handle.acquiredNanos()));
		}
	}

	/**
	 * Brings every handle's state in line with its lock's, and tells the changes.
	 */
	private void followStates() {
		List<StateChange> changes = new ArrayList<>();
		this.stateLock.lock();
		try {
			this.table.forEachHandle((handle) -> {
				LockState next = handle.hold().lock().state();
				LockState previous = handle.transition(next);
				if (previous != null) {
					changes.add(new StateChange(handle, previous, next));
				}
			});
			this.statesFollowed.signalAll();
		}
		finally {
			this.stateLock.unlock();
		}
		changes.forEach(this::tell);
	}

	private void tell(StateChange change) {
		EngineLockHandle handle = change.handle();
		if (change.next() == LockState.LOST) {
			logger.warn("Lock '" + handle.key() + "' (" + handle.hold().lock().describe() + ") held by thread '"
					+ handle.holderThread() + "' was lost: the session or lease behind it ended");
			if (this.options.interruptOnLoss()) {
				handle.interruptHolderUnlessClosed();
			}
		}
		this.listener.onStateChanged(handle, change.previous(), change.next());
		if (change.next() == LockState.LOST) {
			// a lost lock kept for its holdAtLeast has nothing left to keep
			this.deferredReleases.releaseSoon(handle);
		}
	}

	@Override
	public Set<LockType> supportedTypes() {
		return this.supportedTypes;
	}

	@Override
	public boolean supportsRevocation(LockType type) {
		return this.supportedTypes.contains(type) && this.backend.supportsRevocation(type);
	}

	@Override
	public boolean requestRevocation(String key, LockType type) {
		if (!supportsRevocation(type)) {
			return LockRegistry.super.requestRevocation(key, type);
		}
		return askBackend(key, "request the revocation of",
				(path) -> this.backend.requestRevocation(key, path, type));
	}

	@Override
	public List<LockHandle> heldLocks() {
		List<LockHandle> held = new ArrayList<>();
		this.table.forEachHandle(held::add);
		return held;
	}

	@Override
	public List<LockWaiter> waiters() {
		return new ArrayList<>(this.waiters.values());
	}

	@Override
	public String pathOf(String key) {
		return this.backend.pathOf(key);
	}

	@Override
	public Collection<String> participants(String key, LockType type) {
		return this.backend.participants(key, type);
	}

	@Override
	public Optional<String> ownerOf(String key, LockType type) {
		return askBackend(key, "read the owner of", (path) -> this.backend.ownerOf(key, path, type));
	}

	/**
	 * Asks the backend something about a key's lock, its failures as the registry reports them:
	 * an interrupt as {@link LockInterruptedException}, anything else as
	 * {@link LockBackendException}.
	 */
	private <T> T askBackend(String key, String what, BackendQuestion<T> question) {
		String path = this.backend.pathOf(key);
		try {
			return question.ask(path);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockInterruptedException(key, path, ex);
		}
		catch (DistributedLockException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new LockBackendException("Could not " + what + " lock '" + key + "' (" + path + "): " + ex, ex);
		}
	}

	/**
	 * The backend's lock behind a handle of this engine.
	 * @param handle a handle this engine gave out
	 * @return the backend lock, shared with the thread's re-entries
	 * @throws IllegalArgumentException if another registry gave out the handle
	 */
	public BackendLock backendLockOf(LockHandle handle) {
		if (handle instanceof EngineLockHandle engineHandle && engineHandle.engine() == this) {
			return engineHandle.hold().lock();
		}
		throw new IllegalArgumentException(handle + " was not acquired through this registry");
	}

	/**
	 * How many locks of this process are in use now (held or awaited), by path and kind.
	 * @return the number of lock table entries
	 */
	public int locksInUse() {
		return this.table.size();
	}

	/**
	 * The backend the engine locks through.
	 * @return the backend
	 */
	public LockBackend backend() {
		return this.backend;
	}

	/**
	 * The options the engine was made with.
	 * @return the options
	 */
	public Options options() {
		return this.options;
	}

	private static Duration since(long startNanos) {
		return Duration.ofNanos(System.nanoTime() - startNanos);
	}

	private static long saturatedNanos(Duration duration) {
		try {
			return duration.toNanos();
		}
		catch (ArithmeticException ex) {
			return Long.MAX_VALUE / 2;
		}
	}

	/**
	 * What the engine does beyond what every backend needs.
	 *
	 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
	 * @param localQueue the lock types whose threads of this JVM queue locally first; {@code READ}
	 * and {@code WRITE} share one queue, so either brings the other
	 * @param maxHandoffs with a local queue for {@code MUTEX}, how many times in a row a held
	 * {@code MUTEX} may pass to the next waiting thread of this JVM without being released in the
	 * service ({@code 0}: never; at most {@link FencingTokens#MAX_HANDOFFS}; the backend may
	 * refuse sooner)
	 * @param maxHandoffTime how long after its acquisition in the service a {@code MUTEX} may
	 * still be handed off
	 * @param interruptOnRevocation whether to interrupt the holder's thread of a revocable lock
	 * when its revocation is requested
	 */
	public record Options(boolean interruptOnLoss, Set<LockType> localQueue, int maxHandoffs,
			Duration maxHandoffTime, boolean interruptOnRevocation) {

		/** No interrupt, every type queued locally, no hand-off. */
		public static final Options DEFAULTS = new Options(false, EnumSet.allOf(LockType.class));

		/**
		 * What the auto-configuration takes when no property says otherwise: no interrupt,
		 * every type queued locally, and a held {@code MUTEX} handed off at most 8 times in a row
		 * within 100 ms of its acquisition in the service.
		 */
		public static final Options STANDARD = DEFAULTS.withHandoff(8, Duration.ofMillis(100));

		public Options {
			EnumSet<LockType> types = EnumSet.noneOf(LockType.class);
			types.addAll(localQueue);
			if (types.contains(LockType.READ) || types.contains(LockType.WRITE)) {
				types.add(LockType.READ);
				types.add(LockType.WRITE);
			}
			localQueue = Set.copyOf(types);
			if (maxHandoffs < 0 || maxHandoffs > FencingTokens.MAX_HANDOFFS) {
				throw new IllegalArgumentException(
						"maxHandoffs must be between 0 and " + FencingTokens.MAX_HANDOFFS + ", but was " + maxHandoffs);
			}
			Objects.requireNonNull(maxHandoffTime, "maxHandoffTime");
		}

		/**
		 * Options that do not interrupt for a revocation request.
		 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
		 * @param localQueue the lock types whose threads of this JVM queue locally first
		 * @param maxHandoffs how many times in a row a held {@code MUTEX} may pass to the next
		 * waiting thread of this JVM
		 * @param maxHandoffTime how long after its acquisition a {@code MUTEX} may still be
		 * handed off
		 */
		public Options(boolean interruptOnLoss, Set<LockType> localQueue, int maxHandoffs, Duration maxHandoffTime) {
			this(interruptOnLoss, localQueue, maxHandoffs, maxHandoffTime, false);
		}

		/**
		 * Options without hand-off.
		 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
		 * @param localQueue the lock types whose threads of this JVM queue locally first
		 */
		public Options(boolean interruptOnLoss, Set<LockType> localQueue) {
			this(interruptOnLoss, localQueue, 0, Duration.ZERO);
		}

		/**
		 * Options with every type or none queued locally, without hand-off.
		 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
		 * @param localQueue whether the threads of this JVM queue locally first
		 * @return the options
		 */
		public static Options of(boolean interruptOnLoss, boolean localQueue) {
			return new Options(interruptOnLoss,
					localQueue ? EnumSet.allOf(LockType.class) : EnumSet.noneOf(LockType.class));
		}

		/**
		 * These options with local hand-off of {@code MUTEX} locks.
		 * @param maxHandoffs how many times in a row at most
		 * @param maxHandoffTime how long after the lock's acquisition in the service at most
		 * @return new options
		 */
		public Options withHandoff(int maxHandoffs, Duration maxHandoffTime) {
			return new Options(this.interruptOnLoss, this.localQueue, maxHandoffs, maxHandoffTime,
					this.interruptOnRevocation);
		}

		/**
		 * These options, interrupting the holder of a revocable lock whose revocation is
		 * requested, or not.
		 * @param interruptOnRevocation whether to interrupt
		 * @return new options
		 */
		public Options withInterruptOnRevocation(boolean interruptOnRevocation) {
			return new Options(this.interruptOnLoss, this.localQueue, this.maxHandoffs, this.maxHandoffTime,
					interruptOnRevocation);
		}

	}

	private record StateChange(EngineLockHandle handle, LockState previous, LockState next) {
	}

	/**
	 * A question to the backend about the lock of a path.
	 */
	@FunctionalInterface
	private interface BackendQuestion<T> {

		T ask(String path) throws Exception;

	}

}
