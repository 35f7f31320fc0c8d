package io.github.distlock.core;

import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;

import org.jspecify.annotations.Nullable;

/**
 * The distributed locks held by the calling thread, for code running inside an annotated
 * method or a {@link LockOperations} callback.
 */
public final class LockContext {

	private static final ThreadLocal<Deque<AcquiredLock>> HELD = ThreadLocal.withInitial(ConcurrentLinkedDeque::new);

	private LockContext() {
	}

	/**
	 * Returns the innermost lock held by the calling thread.
	 * @return the lock, or {@code null} when the thread holds none
	 */
	public static @Nullable AcquiredLock current() {
		return HELD.get().peekLast();
	}

	/**
	 * Returns every lock held by the calling thread, outermost first.
	 * @return the held locks
	 */
	public static List<AcquiredLock> all() {
		return List.copyOf(HELD.get());
	}

	/**
	 * Records a lock the calling thread acquired; the returned deque is where it must be
	 * removed from, whichever thread releases it.
	 */
	static Deque<AcquiredLock> push(AcquiredLock lock) {
		Deque<AcquiredLock> held = HELD.get();
		held.addLast(lock);
		return held;
	}

}
