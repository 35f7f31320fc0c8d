package io.github.distlock.zookeeper;

import java.util.Collection;

import io.github.distlock.annotation.LockType;
import org.jspecify.annotations.Nullable;

/**
 * One recipe instance for one lock path and kind, shared by every thread of the process.
 */
interface CuratorLockRecipe {

	/**
	 * Acquires the lock.
	 * @param type the lock type (a recipe may serve several)
	 * @param waitNanos how long to wait
	 * @return the node acquired, or {@code null} when the wait elapsed
	 * @throws Exception from Curator, including {@link InterruptedException}
	 */
	@Nullable HeldNode acquire(LockType type, long waitNanos) throws Exception;

	/**
	 * Releases a node this recipe acquired.
	 * @param type the lock type it was acquired as
	 * @param node the node
	 * @throws Exception from Curator
	 */
	void release(LockType type, HeldNode node) throws Exception;

	/**
	 * The contenders' node names, holder first.
	 * @return the participant nodes
	 * @throws Exception from Curator
	 */
	Collection<String> participantNodes() throws Exception;

}
