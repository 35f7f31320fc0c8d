package io.github.distlock.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

/**
 * Takes the locks of several keys through {@link LockOperations}, one after the other in the
 * request's order, within one deadline: all of them, or none.
 */
final class MultiKeyLocking {

	private MultiKeyLocking() {
	}

	static MultiLockHandle acquire(LockOperations operations, MultiLockRequest request) {
		long deadline = System.nanoTime() + saturatedNanos(request.waitTime());
		List<LockHandle> held = new ArrayList<>(request.keys().size());
		try {
			for (String key : request.keys()) {
				Duration left = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
				held.add(operations.acquire(request.requestFor(key, left)));
			}
		}
		catch (RuntimeException ex) {
			Collections.reverse(held);
			MultiLockHandle.releaseAll(held, ex);
			throw ex;
		}
		return new MultiLockHandle(held);
	}

	static <T extends @Nullable Object> T execute(LockOperations operations, MultiLockRequest request,
			LockCallback<T> callback) {
		Objects.requireNonNull(callback, "callback");
		try (MultiLockHandle locks = operations.acquireAll(request)) {
			T result = callback.doInLock();
			LockLostException lost = LockSettlement.firstLossOf(locks.locks());
			if (lost != null) {
				throw lost;
			}
			return result;
		}
	}

	private static long saturatedNanos(Duration duration) {
		try {
			return duration.toNanos();
		}
		catch (ArithmeticException ex) {
			return Long.MAX_VALUE / 2;
		}
	}

}
