package io.github.distlock.juc;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import org.jspecify.annotations.Nullable;

/**
 * The handles each thread holds through the locks of one {@link DistributedLocks}, by key and
 * type, latest first: so that a thread may unlock through another {@code Lock} object of the same
 * key than the one it locked through, and nothing is kept for a thread that holds nothing.
 */
final class ThreadHolds {

	private final ThreadLocal<Map<Held, Deque<LockHandle>>> byThread = new ThreadLocal<>();

	void push(LockRequest request, LockHandle handle) {
		Map<Held, Deque<LockHandle>> mine = this.byThread.get();
		if (mine == null) {
			mine = new HashMap<>();
			this.byThread.set(mine);
		}
		mine.computeIfAbsent(new Held(request.key(), request.type()), (held) -> new ArrayDeque<>()).push(handle);
	}

	@Nullable LockHandle pop(LockRequest request) {
		Map<Held, Deque<LockHandle>> mine = this.byThread.get();
		Held held = new Held(request.key(), request.type());
		Deque<LockHandle> handles = (mine != null) ? mine.get(held) : null;
		if (handles == null || handles.isEmpty()) {
			return null;
		}
		LockHandle handle = handles.pop();
		if (handles.isEmpty()) {
			mine.remove(held);
			if (mine.isEmpty()) {
				this.byThread.remove();
			}
		}
		return handle;
	}

	private record Held(String key, LockType type) {
	}

}
