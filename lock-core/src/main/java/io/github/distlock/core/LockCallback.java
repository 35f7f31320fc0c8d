package io.github.distlock.core;

import org.jspecify.annotations.Nullable;

/**
 * Work to run while a lock is held, for {@link LockOperations#execute}.
 *
 * @param <T> the type of the result
 */
@FunctionalInterface
public interface LockCallback<T extends @Nullable Object> {

	/**
	 * Runs the work. {@link LockContext#current()} gives the lock inside it.
	 * @return the result
	 */
	T doInLock();

}
