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

package io.github.distlock.core.engine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AsyncLockHandle;
import io.github.distlock.core.AsyncLockRegistry;
import io.github.distlock.core.CachedLock;
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
import io.github.distlock.core.spi.AsyncLockBackend;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.core.spi.OwnerRecordingBackend;

/**
 * The {@link LockRegistry} of every lock service: the part that is the same for all of them,
 * over a {@link LockBackend} that does the rest.
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
 * Its jobs are classes of their own: taking locks ({@code Acquisitions}), giving them back
 * ({@code Releases}), following their states ({@code HandleStates}) and revocation
 * ({@code Revocations}); this class is the registry over them. It is not designed for
 * extension: it is not final only for the deprecated {@code io.github.distlock.core.engine.LockEngine}.
 *
 * @since 0.1.0
 */
public class LockEngine implements LockRegistry, AsyncLockRegistry, LockIntrospection, AutoCloseable {

	private final LockBackend backend;

	private final CompositeLockListener listener;

	private final Options options;

	private final Set<LockType> supportedTypes;

	private final Set<LockType> asyncTypes;

	private final LockTable table;

	private final Releases releases;

	private final Revocations revocations;

	private final Acquisitions acquisitions;

	private final LockCache cache;

	private final MaxHoldTimers maxHoldTimers = new MaxHoldTimers();

	private final HandleStates states;

	private final PauseWatch pauses;

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
		this.asyncTypes = (backend instanceof AsyncLockBackend async) ? Set.copyOf(async.asyncTypes()) : Set.of();
		this.table = new LockTable(options.localQueue());
		this.pauses = new PauseWatch(options.pauseTolerance(), backend, this::heldBackendLocks, this::followStates);
		this.cache = new LockCache(options.caching(), this.table, this.pauses);
		this.releases = new Releases(this.table, this.cache, this.maxHoldTimers, this.listener, options.maxHandoffs(),
				options.maxHandoffTime(), this.pauses);
		HandleStates states = new HandleStates(this.table, this.listener, this.releases, options.interruptOnLoss(),
				this.pauses);
		this.states = states;
		this.revocations = new Revocations(backend, this.table, this.listener, options.interruptOnRevocation());
		this.acquisitions = new Acquisitions(backend, this.table, states, this.releases, this.revocations,
				this.cache);
		backend.onStateChange(this::followStates);
		this.pauses.start();
	}

	private void followStates() {
		this.states.follow();
		this.cache.followStates();
	}

	/** The backend locks of the open handles, but those lost or given up already, each once. */
	private Collection<BackendLock> heldBackendLocks() {
		Set<BackendLock> held = new LinkedHashSet<>();
		this.table.forEachHandle((handle) -> {
			BackendLock lock = handle.hold().lock();
			if (!handle.hold().givenUp() && lock.state() != LockState.LOST) {
				held.add(lock);
			}
		});
		return held;
	}

	@Override
	public LockHandle acquire(LockRequest request) {
		if (!this.supportedTypes.contains(request.type())) {
			throw new IllegalArgumentException("Lock type " + request.type() + " of lock '" + request.key()
					+ "' is not supported by the lock backend (" + this.backend.getClass().getSimpleName()
					+ "), which supports " + this.supportedTypes);
		}
		if (request.revocable() && !this.revocations.supports(request.type())) {
			throw new IllegalArgumentException("Lock '" + request.key() + "' is requested as revocable, but the lock "
					+ "backend (" + this.backend.getClass().getSimpleName() + ") does not support the revocation of "
					+ request.type() + " locks");
		}
		this.listener.onAcquisitionStarted(request);
		long start = System.nanoTime();
		EngineLockHandle handle;
		try {
			handle = this.acquisitions.obtain(request, start);
		}
		catch (DistributedLockException ex) {
			Duration waited = Durations.since(start);
			DistributedLockException failure = (ex instanceof LockAcquisitionException elapsed)
					? waitedSinceStart(elapsed, waited) : ex;
			this.listener.onAcquisitionFailed(request, waited, failure);
			throw failure;
		}
		this.listener.onAcquired(handle, Durations.since(start));
		if (!request.maxHold().isZero()) {
			this.maxHoldTimers.start(handle, () -> this.states.giveUp(handle));
		}
		return handle;
	}

	@Override
	public Set<LockType> asyncTypes() {
		return this.asyncTypes;
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * A revocable request is refused: its revocation watch is set up by a thread.
	 */
	@Override
	public CompletableFuture<AsyncLockHandle> acquireAsync(LockRequest request) {
		if (!this.asyncTypes.contains(request.type())) {
			return CompletableFuture.failedFuture(new IllegalArgumentException("Lock type " + request.type()
					+ " of lock '" + request.key() + "' cannot be acquired asynchronously with the lock backend ("
					+ this.backend.getClass().getSimpleName() + "), which can for " + this.asyncTypes));
		}
		if (request.revocable()) {
			return CompletableFuture.failedFuture(new IllegalArgumentException("Lock '" + request.key()
					+ "' is requested as revocable, which an asynchronous acquisition does not support"));
		}
		this.listener.onAcquisitionStarted(request);
		String path;
		try {
			path = this.backend.pathOf(request.key());
		}
		catch (DistributedLockException ex) {
			this.listener.onAcquisitionFailed(request, Duration.ZERO, ex);
			return CompletableFuture.failedFuture(ex);
		}
		return new AsyncAcquisition((AsyncLockBackend) this.backend, this.table, this.states, this.releases,
				this.acquisitions, this.listener, this.maxHoldTimers, request, path, System.nanoTime()).start();
	}

	/**
	 * A wait that elapsed, with the time waited since the caller asked (a backend measures from
	 * when it was asked, after the local queue).
	 */
	static LockAcquisitionException waitedSinceStart(LockAcquisitionException elapsed, Duration waited) {
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

	/**
	 * Releases at once the locks closed before their {@code holdAtLeast} passed and the locks
	 * kept by lock caching, and stops the threads that release them and that time a
	 * {@code maxHold}; a lock closed afterwards is released at once, and one still held is held
	 * until its holder closes it. A registry calls it when it closes, before its client.
	 */
	public void releaseDeferred() {
		this.pauses.close();
		this.maxHoldTimers.stop();
		this.releases.releaseDeferred();
		this.cache.close();
	}

	/**
	 * Releases at once the locks kept for their {@code holdAtLeast} or by lock caching, as
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
		return this.releases.deferredCount();
	}

	/** How many open handles wait for their {@code maxHold} to pass. */
	int maxHoldTimerCount() {
		return this.maxHoldTimers.size();
	}

	@Override
	public Set<LockType> supportedTypes() {
		return this.supportedTypes;
	}

	@Override
	public boolean supportsRevocation(LockType type) {
		return this.supportedTypes.contains(type) && this.revocations.supports(type);
	}

	@Override
	public boolean requestRevocation(String key, LockType type) {
		if (!supportsRevocation(type)) {
			return LockRegistry.super.requestRevocation(key, type);
		}
		return askBackend(key, "request the revocation of", (path) -> this.revocations.request(key, path, type));
	}

	@Override
	public List<LockHandle> heldLocks() {
		List<LockHandle> held = new ArrayList<>();
		this.table.forEachHandle(held::add);
		return held;
	}

	@Override
	public List<CachedLock> cachedLocks() {
		return this.cache.cachedLocks();
	}

	/**
	 * How many locks lock caching keeps now, with no holder.
	 * @return the number of cached locks
	 */
	public int cachedLockCount() {
		return this.cache.size();
	}

	@Override
	public List<LockWaiter> waiters() {
		return this.acquisitions.waiters();
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
	@SuppressWarnings("deprecation")
	public Optional<String> ownerOf(String key, LockType type) {
		return askBackend(key, "read the owner of",
				(path) -> (this.backend instanceof OwnerRecordingBackend owners) ? owners.ownerOf(key, path, type)
						: this.backend.ownerOf(key, path, type));
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
		if (handle instanceof EngineLockHandle engineHandle && engineHandle.closer() == this.releases) {
			return engineHandle.hold().lock();
		}
		throw new IllegalArgumentException(handle + " was not acquired through this registry");
	}

	/**
	 * How many locks of this process are in use now (held, awaited or cached), by path and kind.
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
	 * @param caching whether and how long released {@code MUTEX} locks are kept
	 * @param pauseTolerance how long this process may not run (stopped, or paused by the garbage
	 * collector) and its held locks stay {@link LockState#HELD}: after a longer pause they are
	 * {@link LockState#IN_DOUBT in doubt} until the backend {@linkplain LockBackend#confirmHeld
	 * confirms} them in a round trip sent after it; {@link Duration#ZERO}: not watched. Keep it
	 * well below the session timeout or lease time to live.
	 */
	public record Options(boolean interruptOnLoss, Set<LockType> localQueue, int maxHandoffs,
			Duration maxHandoffTime, boolean interruptOnRevocation, Caching caching, Duration pauseTolerance) {

		/** No interrupt, every type queued locally, no hand-off. */
		public static final Options DEFAULTS = new Options(false, EnumSet.allOf(LockType.class));

		/**
		 * What the auto-configuration takes when no property says otherwise: no interrupt,
		 * every type queued locally, a held {@code MUTEX} handed off at most 8 times in a row
		 * within 100 ms of its acquisition in the service, and held locks in doubt after a pause
		 * of the process longer than 2 seconds.
		 */
		public static final Options STANDARD = DEFAULTS.withHandoff(8, Duration.ofMillis(100))
			.withPauseTolerance(Duration.ofSeconds(2));

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
			Objects.requireNonNull(caching, "caching");
			Objects.requireNonNull(pauseTolerance, "pauseTolerance");
			if (pauseTolerance.isNegative()) {
				throw new IllegalArgumentException("pauseTolerance must not be negative, but was " + pauseTolerance);
			}
		}

		/**
		 * Options that do not watch for pauses.
		 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
		 * @param localQueue the lock types whose threads of this JVM queue locally first
		 * @param maxHandoffs how many times in a row a held {@code MUTEX} may pass to the next
		 * waiting thread of this JVM
		 * @param maxHandoffTime how long after its acquisition a {@code MUTEX} may still be
		 * handed off
		 * @param interruptOnRevocation whether to interrupt the holder's thread of a revocable
		 * lock when its revocation is requested
		 * @param caching whether and how long released {@code MUTEX} locks are kept
		 */
		public Options(boolean interruptOnLoss, Set<LockType> localQueue, int maxHandoffs, Duration maxHandoffTime,
				boolean interruptOnRevocation, Caching caching) {
			this(interruptOnLoss, localQueue, maxHandoffs, maxHandoffTime, interruptOnRevocation, caching,
					Duration.ZERO);
		}

		/**
		 * Options without lock caching.
		 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
		 * @param localQueue the lock types whose threads of this JVM queue locally first
		 * @param maxHandoffs how many times in a row a held {@code MUTEX} may pass to the next
		 * waiting thread of this JVM
		 * @param maxHandoffTime how long after its acquisition a {@code MUTEX} may still be
		 * handed off
		 * @param interruptOnRevocation whether to interrupt the holder's thread of a revocable
		 * lock when its revocation is requested
		 */
		public Options(boolean interruptOnLoss, Set<LockType> localQueue, int maxHandoffs, Duration maxHandoffTime,
				boolean interruptOnRevocation) {
			this(interruptOnLoss, localQueue, maxHandoffs, maxHandoffTime, interruptOnRevocation, Caching.OFF);
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
					this.interruptOnRevocation, this.caching, this.pauseTolerance);
		}

		/**
		 * These options with lock caching as given.
		 * @param caching whether and how long released {@code MUTEX} locks are kept
		 * @return new options
		 */
		public Options withCaching(Caching caching) {
			return new Options(this.interruptOnLoss, this.localQueue, this.maxHandoffs, this.maxHandoffTime,
					this.interruptOnRevocation, caching, this.pauseTolerance);
		}

		/**
		 * These options, interrupting the holder of a revocable lock whose revocation is
		 * requested, or not.
		 * @param interruptOnRevocation whether to interrupt
		 * @return new options
		 */
		public Options withInterruptOnRevocation(boolean interruptOnRevocation) {
			return new Options(this.interruptOnLoss, this.localQueue, this.maxHandoffs, this.maxHandoffTime,
					interruptOnRevocation, this.caching, this.pauseTolerance);
		}

		/**
		 * These options, watching for pauses of this process longer than a tolerance.
		 * @param pauseTolerance how long the process may not run and its locks stay held;
		 * {@link Duration#ZERO}: not watched
		 * @return new options
		 */
		public Options withPauseTolerance(Duration pauseTolerance) {
			return new Options(this.interruptOnLoss, this.localQueue, this.maxHandoffs, this.maxHandoffTime,
					this.interruptOnRevocation, this.caching, pauseTolerance);
		}

	}

	/**
	 * Lock caching: a {@code MUTEX} whose last holder in this JVM released it stays held in the
	 * service, idle, for the next thread of this JVM to take without a round trip (with a
	 * greater fencing token, as a local hand-off). It needs a local queue for {@code MUTEX} and a
	 * backend that {@linkplain BackendLock#watchContenders watches contenders}: a cached lock is
	 * given up as soon as a contender queues for it in the service (in another process), once it
	 * was idle for {@code idleTime}, when its session or lease is in doubt or lost, when more
	 * than {@code maxLocks} are cached (the longest idle first) and when the engine closes.
	 *
	 * @param enabled whether released locks are kept
	 * @param idleTime how long a cached lock is kept unused at most
	 * @param maxLocks how many locks are cached at most
	 */
	public record Caching(boolean enabled, Duration idleTime, int maxLocks) {

		/** No caching. */
		public static final Caching OFF = new Caching(false, Duration.ofSeconds(1), 1000);

		public Caching {
			Objects.requireNonNull(idleTime, "idleTime");
			if (idleTime.isNegative() || idleTime.isZero()) {
				throw new IllegalArgumentException("idleTime must be positive, but was " + idleTime);
			}
			if (maxLocks < 1) {
				throw new IllegalArgumentException("maxLocks must be at least 1, but was " + maxLocks);
			}
		}

		/**
		 * Caching on, with these bounds.
		 * @param idleTime how long a cached lock is kept unused at most
		 * @param maxLocks how many locks are cached at most
		 * @return the settings
		 */
		public static Caching of(Duration idleTime, int maxLocks) {
			return new Caching(true, idleTime, maxLocks);
		}

	}

	/**
	 * A question to the backend about the lock of a path.
	 */
	@FunctionalInterface
	private interface BackendQuestion<T> {

		T ask(String path) throws Exception;

	}

}
