package io.github.distlock.zookeeper;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.LocalLockQueue;
import org.jspecify.annotations.Nullable;

/**
 * A cached recipe, its local queue and the locks held through it.
 */
final class RecipeReference {

	private final CuratorLockRecipe recipe;

	private final @Nullable LocalLockQueue local;

	private final Set<ZookeeperLockHandle> handles = ConcurrentHashMap.newKeySet();

	/** Guarded by the cache map's per-key lock: only changed inside compute. */
	private int references;

	RecipeReference(CuratorLockRecipe recipe, @Nullable LocalLockQueue local) {
		this.recipe = recipe;
		this.local = local;
	}

	/** Counts one more use; called inside the cache map's compute only. */
	void retain() {
		this.references++;
	}

	/**
	 * Counts one use less; called inside the cache map's compute only.
	 * @return the uses left
	 */
	int drop() {
		return --this.references;
	}

	CuratorLockRecipe recipe() {
		return this.recipe;
	}

	@Nullable LocalLockQueue local() {
		return this.local;
	}

	/**
	 * The locks held through this recipe now.
	 * @return a live view
	 */
	Set<ZookeeperLockHandle> handles() {
		return this.handles;
	}

	/**
	 * The lock of the calling thread that the request re-enters: the same type, or a WRITE for a
	 * READ.
	 * @return the outer lock, or {@code null} for a first acquisition
	 * @throws LockLostException if the thread holds a lost lock on this key: Curator's recipes
	 * remember it per thread after its session expired, and would grant a nested call without
	 * any lock (CURATOR-604)
	 */
	@Nullable ZookeeperLockHandle outerLockOfCurrentThread(LockRequest request) {
		Thread current = Thread.currentThread();
		ZookeeperLockHandle outer = null;
		for (ZookeeperLockHandle handle : this.handles) {
			if (handle.owner() != current || handle.state() == LockState.RELEASED) {
				continue;
			}
			if (handle.state() == LockState.LOST) {
				throw new LockLostException(request.key(), handle.path());
			}
			if (reenters(handle.type(), request.type())) {
				outer = handle;
			}
		}
		return outer;
	}

	private static boolean reenters(LockType held, LockType requested) {
		return (held == requested && held != LockType.SEMAPHORE_MUTEX)
				|| (held == LockType.WRITE && requested == LockType.READ);
	}

}
