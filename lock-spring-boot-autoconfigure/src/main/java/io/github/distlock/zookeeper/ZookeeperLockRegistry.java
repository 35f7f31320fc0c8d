package io.github.distlock.zookeeper;

import java.time.Duration;
import java.util.ArrayList;
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
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockState;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;

/**
 * The ZooKeeper {@link LockRegistry}: one Curator recipe per lock path and kind, shared by every
 * thread of the process (so reentrancy works) and reference-counted (so a recipe in use is never
 * dropped and an idle one is not kept). It follows the client's connection state to mark held
 * locks {@link LockState#IN_DOUBT in doubt} or {@link LockState#LOST lost}.
 */
public class ZookeeperLockRegistry implements LockRegistry, ConnectionStateListener, AutoCloseable {

	private static final Log logger = LogFactory.getLog(ZookeeperLockRegistry.class);

	private final CuratorFramework client;

	private final LockPathResolver pathResolver;

	private final ConcurrentHashMap<RecipeKey, RecipeReference> recipes = new ConcurrentHashMap<>();

	private final Set<ZookeeperLockHandle> held = ConcurrentHashMap.newKeySet();

	public ZookeeperLockRegistry(CuratorFramework client, LockPathResolver pathResolver) {
		this.client = client;
		this.pathResolver = pathResolver;
		client.getConnectionStateListenable().addListener(this);
	}

	@Override
	public LockHandle acquire(String key, LockType type, Duration waitTime) {
		String path = this.pathResolver.resolve(key);
		RecipeKey recipeKey = new RecipeKey(path, RecipeKind.of(type));
		long start = System.nanoTime();
		long deadline = start + waitTime.toNanos();
		CuratorLockRecipe recipe = retain(recipeKey);
		boolean acquired = false;
		try {
			awaitConnection(key, path, deadline);
			long sessionId = sessionId();
			HeldNode node = recipe.acquire(type, Math.max(0, deadline - System.nanoTime()));
			if (node == null) {
				throw new LockAcquisitionException(key, path, Duration.ofNanos(System.nanoTime() - start));
			}
			ZookeeperLockHandle handle = new ZookeeperLockHandle(this, recipeKey, recipe, key, type, node, sessionId);
			this.held.add(handle);
			acquired = true;
			return handle;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LockInterruptedException(key, path, ex);
		}
		catch (DistributedLockException ex) {
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
			if (!acquired) {
				unretain(recipeKey);
			}
		}
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
		try {
			handle.recipe().release(handle.type(), handle.node());
		}
		catch (Exception ex) {
			logger.warn("Could not release lock '" + handle.key() + "' (node " + handle.nodePath()
					+ "); Curator deletes the node in the background once ZooKeeper is reachable", ex);
		}
		finally {
			this.held.remove(handle);
			unretain(handle.recipeKey());
		}
	}

	private CuratorLockRecipe retain(RecipeKey recipeKey) {
		return this.recipes.compute(recipeKey, (k, reference) -> {
			RecipeReference result = (reference != null) ? reference : new RecipeReference(createRecipe(k));
			result.references++;
			return result;
		}).recipe;
	}

	private void unretain(RecipeKey recipeKey) {
		this.recipes.computeIfPresent(recipeKey, (k, reference) -> (--reference.references == 0) ? null : reference);
	}

	private CuratorLockRecipe createRecipe(RecipeKey recipeKey) {
		return switch (recipeKey.kind()) {
			case MUTEX -> new MutexRecipe(this.client, recipeKey.path());
			case SEMAPHORE_MUTEX -> new SemaphoreMutexRecipe(this.client, recipeKey.path());
			case READ_WRITE -> new ReadWriteRecipe(this.client, recipeKey.path());
		};
	}

	@Override
	public void stateChanged(CuratorFramework client, ConnectionState newState) {
		switch (newState) {
			case SUSPENDED -> this.held.forEach((handle) -> handle.transition(LockState.IN_DOUBT));
			case LOST -> this.held.forEach((handle) -> handle.transition(LockState.LOST));
			case RECONNECTED -> {
				long sessionId = sessionId();
				this.held.forEach((handle) -> handle
					.transition((handle.sessionId() == sessionId) ? LockState.HELD : LockState.LOST));
			}
			default -> {
			}
		}
	}

	private long sessionId() {
		try {
			return this.client.getZookeeperClient().getZooKeeper().getSessionId();
		}
		catch (Exception ex) {
			return 0;
		}
	}

	private String connectString() {
		return this.client.getZookeeperClient().getCurrentConnectionString();
	}

	/**
	 * The locks this process holds now.
	 * @return a snapshot of the held locks
	 */
	public List<LockHandle> heldLocks() {
		return new ArrayList<>(this.held);
	}

	/**
	 * The number of recipe instances cached now; each belongs to a lock that is held or awaited.
	 * @return the number of cached recipes
	 */
	public int cachedRecipeCount() {
		return this.recipes.size();
	}

	/**
	 * The resolver that maps keys to lock paths.
	 * @return the path resolver
	 */
	public LockPathResolver getPathResolver() {
		return this.pathResolver;
	}

	@Override
	public void close() {
		this.client.getConnectionStateListenable().removeListener(this);
	}

	/**
	 * Identifies a recipe: the lock path and the kind of recipe that serves it.
	 */
	record RecipeKey(String path, RecipeKind kind) {
	}

	enum RecipeKind {

		MUTEX, SEMAPHORE_MUTEX, READ_WRITE;

		static RecipeKind of(LockType type) {
			return switch (type) {
				case MUTEX -> MUTEX;
				case SEMAPHORE_MUTEX -> SEMAPHORE_MUTEX;
				case READ, WRITE -> READ_WRITE;
			};
		}

	}

	private static final class RecipeReference {

		private final CuratorLockRecipe recipe;

		/** Guarded by the map's per-key lock: only changed inside compute. */
		private int references;

		RecipeReference(CuratorLockRecipe recipe) {
			this.recipe = recipe;
		}

	}

}
