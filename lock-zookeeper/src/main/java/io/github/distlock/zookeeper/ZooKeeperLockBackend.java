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

package io.github.distlock.zookeeper;

import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.DistributedLockException;
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
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.Revoker;
import org.apache.zookeeper.KeeperException;
import org.jspecify.annotations.Nullable;

/**
 * The ZooKeeper {@link LockBackend}: a node per contender through one recipe per lock path and
 * kind, shared by every thread of the process and reference-counted (so a recipe in use is never
 * dropped and an idle one is not kept). A held lock is {@link io.github.distlock.core.LockState#IN_DOUBT
 * in doubt} while the connection is suspended, {@link io.github.distlock.core.LockState#LOST lost}
 * when the session is lost or replaced, and {@link io.github.distlock.core.LockState#HELD held}
 * again when the same session reconnects ({@link SessionStateTracker}). {@code MUTEX} nodes
 * follow Curator's {@code InterProcessMutex} protocol, {@code SEMAPHORE_MUTEX} its
 * {@code InterProcessSemaphoreV2}, {@code READ} and {@code WRITE} its
 * {@code InterProcessReadWriteLock}, so that processes using those recipes on the same paths are
 * excluded too. A {@code MUTEX}, {@code READ} or {@code WRITE} may also be waited for with no
 * thread waiting ({@link #acquireAsync}, {@link AsyncAcquisitions}): the same protocols, in
 * background requests.
 * <p>
 * A {@link io.github.distlock.core.engine.LockEngine} over it is the registry users lock through;
 * the engine is closed before the backend, and the Curator client is the caller's to close.
 * <p>
 * Past 400 lines (about 400 of code) for the SPI's jobs on lock nodes: acquiring, releasing,
 * revoking, reading owners and checking the server; the recipes and the session's states are
 * classes of their own.
 *
 * @since 0.1.0
 */
public final class ZooKeeperLockBackend
		implements RevocableBackend, OwnerRecordingBackend, AsyncLockBackend, AutoCloseable {

	private static final Log logger = LogFactory.getLog(ZooKeeperLockBackend.class);

	/**
	 * How long a release may wait for ZooKeeper before its delete is left to the background, and
	 * the owner's write after an acquisition at most.
	 */
	static final long RELEASE_BOUND_NANOS = TimeUnit.SECONDS.toNanos(1);

	/** The types acquired with no thread waiting. */
	static final Set<LockType> ASYNC_TYPES = Collections.unmodifiableSet(EnumSet.of(LockType.MUTEX, LockType.READ,
			LockType.WRITE));

	/** The digits of the sequence number ZooKeeper appends to a sequential node's name. */
	private static final int SEQUENCE_DIGITS = 10;

	private final CuratorFramework client;

	private final LockPathResolver pathResolver;

	private final RecipeCache recipes;

	private final SessionStateTracker session;

	private final ServerCheck serverCheck;

	private final DeadlineSweeper deadlines = new DeadlineSweeper();

	/** The thread of the asynchronous acquisitions, which also sends the held-back deletes. */
	private final AsyncTimer timer = new AsyncTimer();

	private final StrayNodeSweep strays;

	private final AcquisitionFailures failures;

	private final AsyncAcquisitions asyncAcquisitions;

	/**
	 * Creates a backend over a client and subscribes to its connection states.
	 * @param client a Curator client, started or to be started by the caller
	 * @param pathResolver maps keys to lock paths
	 */
	public ZooKeeperLockBackend(CuratorFramework client, LockPathResolver pathResolver) {
		this.client = client;
		this.pathResolver = pathResolver;
		this.serverCheck = new ServerCheck(client);
		this.session = new SessionStateTracker(client, this.serverCheck::checkInBackground);
		this.recipes = new RecipeCache(client, this.timer);
		this.strays = new StrayNodeSweep(client, this.recipes::inUse);
		this.failures = new AcquisitionFailures(client);
		this.asyncAcquisitions = new AsyncAcquisitions(this, this.recipes, this.session, this.strays, this.serverCheck,
				this.failures, this.timer);
	}

	@Override
	public String pathOf(String key) {
		return this.pathResolver.resolve(key);
	}

	@Override
	public void onStateChange(Runnable callback) {
		this.session.onChange(callback);
	}

	@Override
	public BackendLock acquire(LockRequest request, String path, long deadline) throws InterruptedException {
		String unsupported = this.serverCheck.unsupported();
		if (unsupported != null) {
			throw this.failures.unsupported(request.key(), path, unsupported);
		}
		long start = System.nanoTime();
		long lossesBefore = this.session.losses();
		RecipeKey recipeKey = new RecipeKey(path, RecipeKind.of(request.type()));
		this.strays.acquisitionBegins(path);
		if (request.type() != LockType.MUTEX) {
			// Curator's recipes create their nodes themselves: after the deletes held back
			this.recipes.sendDeferredDeletes();
		}
		RecipeReference reference = this.recipes.retain(recipeKey, request.permits());
		boolean acquired = false;
		boolean timedOut = false;
		try {
			checkPermits(reference.recipe(), request, path);
			HeldNode node = acquireInCurrentSession(reference.recipe(), request, path, start, deadline);
			recordOwner(reference.recipe(), request, node);
			acquired = true;
			return new ZooKeeperHeldLock(this, recipeKey, reference.recipe(), request.type(), node, lossesBefore);
		}
		catch (DistributedLockException ex) {
			timedOut = ex instanceof LockAcquisitionException && ex.getCause() == null;
			throw ex;
		}
		catch (InterruptedException ex) {
			throw ex;
		}
		catch (IllegalArgumentException ex) {
			// refused before any node was made
			timedOut = true;
			throw ex;
		}
		catch (Exception ex) {
			throw failure(request.key(), path, ex);
		}
		finally {
			if (!acquired) {
				this.recipes.release(recipeKey);
				if (!timedOut) {
					// a failure over a lost connection or an interrupt may leave a node behind
					this.strays.schedule(path);
				}
			}
		}
	}

	/**
	 * {@code MUTEX}, {@code READ} and {@code WRITE}: their protocols wait for one node's watch,
	 * which a background request can set and a watch event can end. Curator's semaphores keep a
	 * lock of their own, taken by a waiting thread.
	 */
	@Override
	public Set<LockType> asyncTypes() {
		return ASYNC_TYPES;
	}

	/**
	 * Acquires a {@code MUTEX}, {@code READ} or {@code WRITE} as {@link #acquire} does, with
	 * every ZooKeeper request in background mode, the watch of the node that blocks ours ending
	 * the wait and a timer of the backend for the deadline ({@link AsyncNodeAcquisition}): the
	 * same nodes as the blocking path's (Curator's {@code InterProcessReadWriteLock}'s for
	 * {@code READ} and {@code WRITE}, {@link ReadWriteNodes}), token, owner and lock, the same
	 * failures. The future completes on the backend's thread of asynchronous acquisitions.
	 */
	@Override
	public CompletableFuture<BackendLock> acquireAsync(LockRequest request, String path, long deadlineNanos) {
		return this.asyncAcquisitions.acquire(request, path, deadlineNanos);
	}

	/**
	 * Refuses a semaphore's request whose permits differ from those its key's semaphore has in
	 * this process: one Curator semaphore serves every thread.
	 */
	private static void checkPermits(CuratorLockRecipe recipe, LockRequest request, String path) {
		if (recipe instanceof SemaphoreRecipe semaphore && request.type() == LockType.SEMAPHORE
				&& semaphore.leases() != request.permits()) {
			throw new IllegalArgumentException("Lock '" + request.key() + "' (" + path + ") is a semaphore of "
					+ semaphore.leases() + " permits in this process, but was requested with " + request.permits()
					+ ": every request for a key's semaphore must give the same number");
		}
	}

	/**
	 * Acquires a node of the current session. A waiter whose session ends, or whose recipe gives
	 * up over a lost connection, queues again once connected, within its wait time.
	 */
	private HeldNode acquireInCurrentSession(CuratorLockRecipe recipe, LockRequest request, String path, long start,
			long deadline) throws Exception {
		while (true) {
			awaitConnection(request.key(), path, deadline);
			long sessionBefore = this.session.sessionId();
			HeldNode node;
			try {
				node = acquireNode(recipe, request, path, start, deadline);
			}
			catch (KeeperException.NoNodeException nodeGone) {
				if (sessionBefore == this.session.sessionId() || System.nanoTime() >= deadline) {
					throw nodeGone;
				}
				// the session ended while this thread waited: queue again in the new one
				continue;
			}
			catch (KeeperException.ConnectionLossException connectionLost) {
				if (System.nanoTime() >= deadline) {
					throw connectionLost;
				}
				// Curator's retries ran out while the connection was down, and its recipe gave up
				// its node: queue again once connected, within the wait time
				continue;
			}
			long sessionId = (node.sessionId() != 0) ? node.sessionId() : sessionBefore;
			if (sessionId == this.session.sessionId()) {
				return node.inSession(sessionId);
			}
			// The session ended while this thread waited: the node went with it. The recipe
			// must not count it as held, and the caller must not believe it holds the lock.
			releaseQuietly(recipe, request.type(), node);
			if (System.nanoTime() >= deadline) {
				throw this.failures.sessionEnded(request.key(), path);
			}
		}
	}

	/**
	 * A {@code READ} inside the thread's {@code WRITE}: Curator grants it at once through the
	 * same recipe, with a node of its own. It carries the {@code WRITE}'s session: it is only as
	 * good as that lock.
	 */
	@Override
	public BackendLock acquireReadInWrite(BackendLock write, LockRequest request, long deadline)
			throws InterruptedException {
		ZooKeeperHeldLock outer = (ZooKeeperHeldLock) write;
		String path = outer.recipeKey().path();
		long start = System.nanoTime();
		RecipeReference reference = this.recipes.retain(outer.recipeKey());
		boolean acquired = false;
		try {
			awaitConnection(request.key(), path, deadline);
			HeldNode node;
			try {
				node = acquireNode(reference.recipe(), request, path, start, deadline);
			}
			catch (KeeperException.NoNodeException nodeGone) {
				if (outer.sessionId() != this.session.sessionId()) {
					throw new LockLostException(request.key(), path);
				}
				throw nodeGone;
			}
			if (outer.sessionId() != this.session.sessionId()) {
				releaseQuietly(reference.recipe(), request.type(), node);
				throw new LockLostException(request.key(), path);
			}
			recordOwner(reference.recipe(), request, node);
			acquired = true;
			return new ZooKeeperHeldLock(this, outer.recipeKey(), reference.recipe(), request.type(),
					new HeldNode(node.nodePath(), node.fencingToken(), node.lease(), outer.sessionId()),
					outer.lossesBefore());
		}
		catch (DistributedLockException | InterruptedException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw failure(request.key(), path, ex);
		}
		finally {
			if (!acquired) {
				this.recipes.release(outer.recipeKey());
			}
		}
	}

	/**
	 * Acquires a node through the recipe within the deadline, which also bounds Curator's own
	 * retries over a lost connection.
	 */
	private HeldNode acquireNode(CuratorLockRecipe recipe, LockRequest request, String path, long start,
			long deadline) throws Exception {
		long remaining = Math.max(0, deadline - System.nanoTime());
		CuratorCallDeadline bound = this.deadlines.arm(remaining);
		HeldNode node;
		try {
			node = recipe.acquire(request.type(), remaining);
		}
		catch (Exception ex) {
			if (bound.expired()) {
				throw this.failures.waitElapsed(request.key(), path, start, ex);
			}
			throw ex;
		}
		finally {
			bound.close();
		}
		if (node == null) {
			throw new LockAcquisitionException(request.key(), path, Duration.ofNanos(System.nanoTime() - start));
		}
		return node;
	}

	/**
	 * Writes the request's owner as the data of its node, within a bounded time; a node whose
	 * owner cannot be written is released.
	 */
	private void recordOwner(CuratorLockRecipe recipe, LockRequest request, HeldNode node) throws Exception {
		String owner = request.owner();
		if (owner == null) {
			return;
		}
		try {
			withinBound("record the owner of lock '" + request.key() + "' (" + node.nodePath() + ") in", () -> {
				LockOwners.record(this.client, node.nodePath(), owner);
				return null;
			});
		}
		catch (Exception ex) {
			releaseQuietly(recipe, request.type(), node);
			throw ex;
		}
	}

	/**
	 * Makes a call to ZooKeeper that may take {@link #RELEASE_BOUND_NANOS} at most, Curator's
	 * retries included; past it, fails with a {@link LockBackendException}.
	 * @param what what the call does, for the failure: "Could not {what} ZooKeeper at …"
	 */
	private <T> T withinBound(String what, BoundedCall<T> call) throws Exception {
		CuratorCallDeadline bound = this.deadlines.arm(RELEASE_BOUND_NANOS);
		try {
			return call.call();
		}
		catch (Exception ex) {
			if (bound.expired()) {
				throw this.failures.notWithin(what, RELEASE_BOUND_NANOS, ex);
			}
			throw ex;
		}
		finally {
			bound.close();
		}
	}

	private static void releaseQuietly(CuratorLockRecipe recipe, LockType type, HeldNode node) {
		try {
			recipe.release(type, node);
		}
		catch (Exception ex) {
			logger.debug("Could not release node " + node.nodePath() + " of an ended session", ex);
		}
	}

	/**
	 * An exception from Curator as what the engine expects: the interrupt it stands for, or a
	 * failure of the lock service.
	 */
	private LockBackendException failure(String key, String path, Exception ex) throws InterruptedException {
		if (Thread.currentThread().isInterrupted()) {
			InterruptedException interrupted = new InterruptedException();
			interrupted.initCause(ex);
			throw interrupted;
		}
		return this.failures.failure(key, path, ex);
	}

	private void awaitConnection(String key, String path, long deadline) throws InterruptedException {
		if (this.client.getZookeeperClient().isConnected()) {
			return;
		}
		long remaining = deadline - System.nanoTime();
		if (remaining <= 0 || !this.client.blockUntilConnected(
				(int) Math.min(Integer.MAX_VALUE, Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining))),
				TimeUnit.MILLISECONDS)) {
			throw this.failures.notConnected(key, path);
		}
	}

	/**
	 * Deletes a lock's node through its recipe: a {@code MUTEX} node in the background, in the
	 * session's order ({@link MutexRecipe#release}), with no deadline to arm; the others waiting
	 * for ZooKeeper a bounded time.
	 */
	void release(ZooKeeperHeldLock lock) {
		endHold(lock, "release", CuratorLockRecipe::release, true);
	}

	void giveUp(ZooKeeperHeldLock lock) {
		endHold(lock, "give up", CuratorLockRecipe::giveUp, true);
	}

	void closedAfterGiveUp(ZooKeeperHeldLock lock) {
		endHold(lock, "clean up after giving up", CuratorLockRecipe::closedAfterGiveUp, false);
	}

	/**
	 * Tells the lock's recipe to end its hold, within a bounded time, then, if the hold ends
	 * here, gives back the lock's use of the recipe.
	 */
	private void endHold(ZooKeeperHeldLock lock, String what, RecipeStep step, boolean last) {
		CuratorLockRecipe recipe = lock.recipe();
		// Curator's foreground delete retries over a lost connection for as long as its retry
		// policy allows: a release must not hold its caller that long
		long bound = this.client.getZookeeperClient().isConnected() ? RELEASE_BOUND_NANOS : 0;
		try (CuratorCallDeadline deadline = recipe.releasesInBackground() ? null : this.deadlines.arm(bound)) {
			step.run(recipe, lock.type(), lock.node());
		}
		catch (Exception ex) {
			logger.warn("Could not " + what + " the lock of node " + lock.nodePath()
					+ "; Curator deletes the node in the background once ZooKeeper is reachable: " + ex);
			this.strays.schedule(lock.recipeKey().path());
		}
		finally {
			if (last) {
				this.recipes.release(lock.recipeKey());
			}
		}
	}

	/**
	 * What {@link #endHold} asks of a recipe.
	 */
	@FunctionalInterface
	private interface RecipeStep {

		void run(CuratorLockRecipe recipe, LockType type, HeldNode node) throws Exception;

	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Here: a sync, then a read of each lock's node, which must be owned by the session that
	 * created it ({@code HeldNodeCheck}).
	 */
	@Override
	public CompletionStage<Boolean> confirmHeld(Collection<BackendLock> locks) {
		return new HeldNodeCheck(this.client).confirm(locks);
	}

	SessionStateTracker session() {
		return this.session;
	}

	/**
	 * The client this backend locks through.
	 * @return the Curator client
	 */
	public CuratorFramework client() {
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
	 * Checks that the server supports container nodes (ZooKeeper 3.5 or later), which lock
	 * paths are made of. While the client is not connected, the check runs when it connects,
	 * and locks fail with {@link LockBackendException} if the server is older.
	 * @throws IllegalStateException if the server is older
	 */
	public void verifyServer() {
		this.serverCheck.verify();
	}

	/**
	 * Checks that this client may create and delete lock nodes under the parent of the lock
	 * paths (the root path), creating the root if missing as a persistent node with the client's
	 * ACL: for an ensemble secured with authentication and ACLs, where wrong credentials would
	 * otherwise fail every lock. Does nothing while the client is not connected.
	 * @throws LockBackendException if ZooKeeper refuses, naming the path and what was refused
	 */
	public void verifyAccess() {
		if (this.client.getZookeeperClient().isConnected()) {
			AccessCheck.verify(this.client, this.pathResolver);
		}
	}

	/**
	 * {@code MUTEX} only: the protocol of Curator's {@code InterProcessMutex.makeRevocable} and
	 * {@code Revoker}, a marker written as the data of the holder's node.
	 */
	@Override
	public boolean supportsRevocation(LockType type) {
		return type == LockType.MUTEX;
	}

	/**
	 * Writes Curator's revocation marker as the data of the holder's node (the first contender),
	 * as {@code Revoker.attemptRevoke} does: a revocable holder of this starter or a Curator
	 * {@code InterProcessMutex} made revocable is told.
	 */
	@Override
	public boolean requestRevocation(String key, String path, LockType type) throws Exception {
		Collection<String> contenders = participants(key, type);
		if (contenders.isEmpty()) {
			return false;
		}
		Revoker.attemptRevoke(this.client, contenders.iterator().next());
		return true;
	}

	RecipeCache recipes() {
		return this.recipes;
	}

	StrayNodeSweep strays() {
		return this.strays;
	}

	/** The thread that times and completes the asynchronous acquisitions. */
	AsyncTimer asyncTimer() {
		return this.timer;
	}

	/**
	 * Every type, {@code SEMAPHORE} as Curator's {@code InterProcessSemaphoreV2} under
	 * {@code <lock path>/semaphore}.
	 */
	@Override
	public Set<LockType> supportedTypes() {
		return EnumSet.allOf(LockType.class);
	}

	@Override
	public Collection<String> participants(String key, LockType type) {
		RecipeKey recipeKey = new RecipeKey(this.pathResolver.resolve(key), RecipeKind.of(type));
		CuratorLockRecipe recipe = this.recipes.retain(recipeKey).recipe();
		try {
			return recipe.participantNodes();
		}
		catch (Exception ex) {
			throw new LockBackendException("Could not read the contenders of lock '" + key + "' from ZooKeeper at '"
					+ connectString() + "': " + ex, ex);
		}
		finally {
			this.recipes.release(recipeKey);
		}
	}

	/**
	 * Reads the owner from the data of the holder's node (for {@code READ} and {@code WRITE}, the
	 * first node in the queue); a node deleted meanwhile is read again from the new holder. Fails
	 * at once while disconnected, and within a bound otherwise: health checks and endpoints call
	 * it.
	 */
	@Override
	public Optional<String> ownerOf(String key, String path, LockType type) throws Exception {
		if (!this.client.getZookeeperClient().isConnected()) {
			throw new LockBackendException("Could not read the owner of lock '" + key + "' (" + path
					+ "): not connected to ZooKeeper at '" + connectString() + "'", null);
		}
		return withinBound("read the owner of lock '" + key + "' (" + path + ") from", () -> {
			for (int attempt = 0; attempt < 3; attempt++) {
				String holder = holderNode(key, type);
				if (holder == null) {
					return Optional.empty();
				}
				try {
					return LockOwners.read(this.client, holder);
				}
				catch (KeeperException.NoNodeException released) {
					// the holder released meanwhile: read the next one
				}
			}
			return Optional.<String>empty();
		});
	}

	private @Nullable String holderNode(String key, LockType type) {
		Collection<String> contenders = participants(key, type);
		if (type == LockType.READ || type == LockType.WRITE) {
			// the writers are listed before the readers: the holder has the lowest sequence number
			return contenders.stream().min(Comparator.comparing(ZooKeeperLockBackend::sequenceOf)).orElse(null);
		}
		return contenders.isEmpty() ? null : contenders.iterator().next();
	}

	private static String sequenceOf(String node) {
		return node.substring(Math.max(0, node.length() - SEQUENCE_DIGITS));
	}

	private String connectString() {
		return this.failures.connectString();
	}

	/**
	 * Stops the backend's background work (session tracking, deadlines, sweeps) and fails the
	 * asynchronous acquisitions still waiting. The Curator client is the caller's to close.
	 */
	@Override
	public void close() {
		this.asyncAcquisitions.close();
		this.recipes.close();
		this.timer.close();
		this.session.close();
		this.deadlines.close();
		this.strays.close();
	}

	/**
	 * A call to ZooKeeper under a bound.
	 */
	@FunctionalInterface
	private interface BoundedCall<T> {

		T call() throws Exception;

	}

}
