package io.github.distlock.zookeeper;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

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
import io.github.distlock.core.spi.LocalLockQueue;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;

/**
 * The ZooKeeper {@link LockRegistry}: one Curator recipe per lock path and kind, shared by every
 * thread of the process (so reentrancy works) and reference-counted (so a recipe in use is never
 * dropped and an idle one is not kept).
 * <p>
 * It follows the client's connection state: a held lock is {@link LockState#IN_DOUBT in doubt}
 * while the connection is suspended, {@link LockState#LOST lost} when the session is lost or
 * replaced, and {@link LockState#HELD held} again when the same session reconnects. The
 * {@link LockListener} is told of each change; optionally the holder's thread is interrupted
 * when its lock is lost. A thread whose lock was lost cannot re-enter it.
 */
public class ZookeeperLockRegistry implements LockRegistry, LockIntrospection, AutoCloseable {

	private static final Log logger = LogFactory.getLog(ZookeeperLockRegistry.class);

	/** How long a release may wait for ZooKeeper before its delete is left to the background. */
	private static final long RELEASE_BOUND_NANOS = TimeUnit.SECONDS.toNanos(1);

	private final CuratorFramework client;

	private final LockPathResolver pathResolver;

	private final Options options;

	private final RecipeCache recipes;

	private final SessionStateTracker session;

	private final ServerCheck serverCheck;

	private final Set<LockWaiter> waiters = ConcurrentHashMap.newKeySet();

	private final DeadlineSweeper deadlines = new DeadlineSweeper();

	private final StrayNodeSweep strays;

	/**
	 * Creates a registry with no listener that does not interrupt holders.
	 * @param client a started client
	 * @param pathResolver maps keys to lock paths
	 */
	public ZookeeperLockRegistry(CuratorFramework client, LockPathResolver pathResolver) {
		this(client, pathResolver, new LockListener() {
		}, Options.DEFAULTS);
	}

	/**
	 * Creates a registry.
	 * @param client a started client
	 * @param pathResolver maps keys to lock paths
	 * @param listener told when a held lock changes state
	 * @param options how locks are taken and what happens when one is lost
	 */
	public ZookeeperLockRegistry(CuratorFramework client, LockPathResolver pathResolver, LockListener listener,
			Options options) {
		this.client = client;
		this.pathResolver = pathResolver;
		this.options = options;
		this.recipes = new RecipeCache(client, options, this::sessionId);
		this.strays = new StrayNodeSweep(client, this.recipes::inUse);
		this.serverCheck = new ServerCheck(client);
		this.session = new SessionStateTracker(client, this.recipes, listener, options.interruptOnLoss(),
				this.serverCheck::checkInBackground);
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

	@Override
	public LockHandle acquire(LockRequest request) {
		String key = request.key();
		String path = this.pathResolver.resolve(key);
		if (Thread.currentThread().isInterrupted()) {
			// one rule for every recipe, whether it would wait or re-enter from memory
			throw new LockInterruptedException(key, path, new InterruptedException("interrupted before acquiring"));
		}
		String unsupported = this.serverCheck.unsupported();
		if (unsupported != null) {
			throw new LockBackendException("Could not acquire lock '" + key + "' (" + path + "): " + unsupported, null);
		}
		RecipeKey recipeKey = new RecipeKey(path, RecipeKind.of(request.type()));
		long start = System.nanoTime();
		long deadline = start + request.waitTime().toNanos();
		this.strays.acquisitionBegins(path);
		RecipeReference reference = this.recipes.retain(recipeKey);
		CuratorLockRecipe recipe = reference.recipe();
		LocalLockQueue local = reference.local();
		LockWaiter waiter = new LockWaiter(key, request.name(), path, request.type(), Instant.now(),
				Thread.currentThread().getName());
		this.waiters.add(waiter);
		boolean acquired = false;
		boolean queued = false;
		boolean timedOut = false;
		try {
			ZookeeperLockHandle outer = reference.outerLockOfCurrentThread(request);
			if (local != null) {
				queued = local.tryAcquire(request.type(), Math.max(0, deadline - System.nanoTime()));
				if (!queued) {
					throw new LockAcquisitionException(key, path, Duration.ofNanos(System.nanoTime() - start));
				}
			}
			HeldNode node = (outer != null) ? acquireNested(recipe, request, path, start, deadline, outer)
					: acquireInCurrentSession(recipe, request, path, start, deadline);
			ZookeeperLockHandle handle = new ZookeeperLockHandle(this, recipeKey, reference, request, node);
			this.session.track(reference, handle);
			acquired = true;
			if (handle.state() == LockState.LOST) {
				// its session ended before the lock was tracked: never hand out a lost lock
				handle.close();
				throw new LockLostException(key, path);
			}
			return handle;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockInterruptedException(key, path, ex);
		}
		catch (DistributedLockException ex) {
			timedOut = ex instanceof LockAcquisitionException && ex.getCause() == null;
			throw ex;
		}
		catch (Exception ex) {
			if (Thread.currentThread().isInterrupted()) {
				InterruptedException interrupted = new InterruptedException();
				interrupted.initCause(ex);
				throw new LockInterruptedException(key, path, interrupted);
			}
			throw new LockBackendException("Could not acquire lock '" + key + "' (" + path + ") from ZooKeeper at '"
					+ connectString() + "': " + ex, ex);
		}
		finally {
			this.waiters.remove(waiter);
			if (!acquired) {
				if (queued) {
					local.release(request.type());
				}
				this.recipes.release(recipeKey);
				if (!timedOut) {
					// a failure over a lost connection or an interrupt may leave a node behind
					this.strays.schedule(path);
				}
			}
		}
	}

	/**
	 * Acquires a lock this thread does not hold yet: a node of the current session. A waiter
	 * whose session ends, or whose recipe gives up over a lost connection, queues again once
	 * connected, within its wait time.
	 */
	private HeldNode acquireInCurrentSession(CuratorLockRecipe recipe, LockRequest request, String path, long start,
			long deadline) throws Exception {
		while (true) {
			awaitConnection(request.key(), path, deadline);
			long sessionBefore = sessionId();
			HeldNode node;
			try {
				node = acquireNode(recipe, request, path, start, deadline);
			}
			catch (KeeperException.NoNodeException nodeGone) {
				if (sessionBefore == sessionId() || System.nanoTime() >= deadline) {
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
			if (sessionId == sessionId()) {
				return node.inSession(sessionId);
			}
			// The session ended while this thread waited: the node went with it. The recipe
			// must not count it as held, and the caller must not believe it holds the lock.
			releaseQuietly(recipe, request.type(), node);
			if (System.nanoTime() >= deadline) {
				throw new LockBackendException("Could not acquire lock '" + request.key() + "' (" + path
						+ "): the ZooKeeper session ended while waiting, and the wait time elapsed", null);
			}
		}
	}

	/**
	 * Acquires a lock inside one this thread holds (re-entry, or READ inside WRITE). Curator
	 * grants it from memory, without asking ZooKeeper, so it is only as good as the outer lock:
	 * refused as lost if that lock's session ended before or while waiting for the connection.
	 * It carries the outer lock's session and fencing token: a READ inside a WRITE has a node
	 * of its own, later than writers queued meanwhile, whose token would exceed theirs.
	 */
	private HeldNode acquireNested(CuratorLockRecipe recipe, LockRequest request, String path, long start,
			long deadline, ZookeeperLockHandle outer) throws Exception {
		awaitConnection(request.key(), path, deadline);
		HeldNode node;
		try {
			node = acquireNode(recipe, request, path, start, deadline);
		}
		catch (KeeperException.NoNodeException nodeGone) {
			if (outer.sessionId() != sessionId()) {
				throw new LockLostException(request.key(), path);
			}
			throw nodeGone;
		}
		if (outer.state() == LockState.LOST || outer.sessionId() != sessionId()) {
			releaseQuietly(recipe, request.type(), node);
			throw new LockLostException(request.key(), path);
		}
		return new HeldNode(node.nodePath(), outer.fencingToken(), node.lease(), outer.sessionId());
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
				throw waitElapsed(request.key(), path, start, ex);
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

	private static void releaseQuietly(CuratorLockRecipe recipe, LockType type, HeldNode node) {
		try {
			recipe.release(type, node);
		}
		catch (Exception ex) {
			logger.debug("Could not release node " + node.nodePath() + " of an ended session", ex);
		}
	}

	private DistributedLockException waitElapsed(String key, String path, long start, Exception cause) {
		Duration waited = Duration.ofNanos(System.nanoTime() - start);
		if (this.client.getZookeeperClient().isConnected()) {
			LockAcquisitionException elapsed = new LockAcquisitionException(key, path, waited);
			elapsed.initCause(cause);
			return elapsed;
		}
		return new LockBackendException("Could not acquire lock '" + key + "' (" + path + ") within "
				+ waited.toMillis() + " ms: lost the connection to ZooKeeper at '" + connectString() + "'", cause);
	}

	private void awaitConnection(String key, String path, long deadline) throws InterruptedException {
		if (this.client.getZookeeperClient().isConnected()) {
			return;
		}
		long remaining = deadline - System.nanoTime();
		if (remaining <= 0 || !this.client.blockUntilConnected((int) Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining)),
				TimeUnit.MILLISECONDS)) {
			throw new LockBackendException("Could not acquire lock '" + key + "' (" + path
					+ "): not connected to ZooKeeper at '" + connectString() + "'", null);
		}
	}

	void release(ZookeeperLockHandle handle) {
		// Curator's foreground delete retries over a lost connection for as long as its retry
		// policy allows: a release must not hold its caller that long
		long bound = this.client.getZookeeperClient().isConnected() ? RELEASE_BOUND_NANOS : 0;
		try (CuratorCallDeadline deadline = this.deadlines.arm(bound)) {
			handle.recipe().release(handle.type(), handle.node());
		}
		catch (Exception ex) {
			logger.warn("Could not release lock '" + handle.key() + "' (node " + handle.nodePath()
					+ "); Curator deletes the node in the background once ZooKeeper is reachable: " + ex);
			this.strays.schedule(handle.path());
		}
		finally {
			handle.reference().handles().remove(handle);
			LocalLockQueue local = handle.localQueue();
			if (local != null) {
				local.release(handle.type());
			}
			this.recipes.release(handle.recipeKey());
		}
	}

	/** Whether a sweep for stray nodes of this session awaits the lock path. */
	boolean strayNodeSweepPending(String path) {
		return this.strays.isPending(path);
	}

	private long sessionId() {
		return this.session.sessionId();
	}

	private String connectString() {
		return this.client.getZookeeperClient().getCurrentConnectionString();
	}

	/**
	 * The locks this process holds now.
	 * @return a snapshot of the held locks
	 */
	@Override
	public List<LockHandle> heldLocks() {
		List<LockHandle> held = new ArrayList<>();
		this.recipes.forEachHandle(held::add);
		return held;
	}

	/**
	 * The threads of this process waiting for a lock now.
	 * @return a snapshot of the waiters
	 */
	@Override
	public List<LockWaiter> waiters() {
		return new ArrayList<>(this.waiters);
	}

	/**
	 * The contenders for a key across all processes, as ZooKeeper sees them: their node
	 * names, holder first.
	 * @param key the lock key
	 * @param type the kind of lock
	 * @return the participant nodes
	 * @throws LockBackendException if ZooKeeper cannot be read
	 */
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
	 * The number of recipe instances cached now; each belongs to a lock that is held or awaited.
	 * @return the number of cached recipes
	 */
	int cachedRecipeCount() {
		return this.recipes.size();
	}

	@Override
	public String pathOf(String key) {
		return this.pathResolver.resolve(key);
	}

	/**
	 * The resolver that maps keys to lock paths.
	 * @return the path resolver
	 */
	public LockPathResolver getPathResolver() {
		return this.pathResolver;
	}

	/**
	 * How this registry takes locks and what it does when one is lost.
	 * @return the options
	 */
	Options getOptions() {
		return this.options;
	}

	/**
	 * The client this registry uses.
	 * @return the client
	 */
	public CuratorFramework getClient() {
		return this.client;
	}

	@Override
	public void close() {
		this.session.close();
		this.deadlines.close();
		this.strays.close();
	}

	/**
	 * How a registry takes locks and what it does when one is lost.
	 *
	 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
	 * @param localQueue whether threads of this JVM queue locally, in FIFO order, before one of
	 * them contends in ZooKeeper
	 * @param maxHandoffs with the local queue, how many times in a row a held {@code MUTEX} node
	 * may pass directly to the next waiting thread of this JVM ({@code 0}: never)
	 * @param maxHandoffTime how long after its acquisition a {@code MUTEX} node may still be
	 * handed off
	 */
	public record Options(boolean interruptOnLoss, boolean localQueue, int maxHandoffs, Duration maxHandoffTime) {

		/** No interrupt, local queue on, at most 8 hand-offs within 100 ms. */
		public static final Options DEFAULTS = new Options(false, true, 8, Duration.ofMillis(100));

		public Options {
			if (maxHandoffs < 0 || maxHandoffs > FencingTokens.MAX_HANDOFFS) {
				throw new IllegalArgumentException(
						"maxHandoffs must be between 0 and " + FencingTokens.MAX_HANDOFFS + ", but was " + maxHandoffs);
			}
		}

	}

}
