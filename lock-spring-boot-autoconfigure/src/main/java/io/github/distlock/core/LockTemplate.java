package io.github.distlock.core;

import java.time.Duration;
import java.util.Objects;

import io.github.distlock.annotation.LockType;
import org.jspecify.annotations.Nullable;

/**
 * The default {@link LockOperations}: validates the request, acquires through a
 * {@link LockRegistry}, and exposes the held lock through {@link LockContext}.
 */
public class LockTemplate implements LockOperations {

	private final LockRegistry registry;

	public LockTemplate(LockRegistry registry) {
		this.registry = Objects.requireNonNull(registry, "registry");
	}

	@Override
	public <T extends @Nullable Object> T execute(String key, Duration waitTime, LockType type,
			LockCallback<T> callback) {
		Objects.requireNonNull(callback, "callback");
		try (LockHandle lock = acquire(key, waitTime, type)) {
			T result = callback.doInLock();
			if (lock.state() == LockState.LOST) {
				throw new LockLostException(lock.key(), lock.path());
			}
			return result;
		}
	}

	@Override
	public LockHandle acquire(String key, Duration waitTime, LockType type) {
		if (key == null || key.isBlank()) {
			throw new InvalidLockKeyException("Lock key must not be null or blank, but was "
					+ ((key != null) ? "'" + key + "'" : "null"));
		}
		Objects.requireNonNull(type, "type");
		Objects.requireNonNull(waitTime, "waitTime");
		if (waitTime.isNegative()) {
			throw new IllegalArgumentException("waitTime must not be negative, but was " + waitTime);
		}
		return new ContextBoundLockHandle(this.registry.acquire(key, type, waitTime));
	}

}
