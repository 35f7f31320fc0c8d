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

package io.github.distlock.core;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;

import io.github.distlock.annotation.LockType;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The default {@link LockOperations}: acquires through a {@link LockRegistry}, exposes the held
 * lock through {@link LockContext}, and reports a lock lost while the work ran. A lock in doubt
 * when the work ends is kept until the lock service settles it: {@code execute} returns the
 * result once it is held again, and reports it as lost if it is lost. Lock events
 * come from the registry ({@link io.github.distlock.core.engine.LockEngine} tells its listener of
 * each), or from the template for a registry that tells none.
 *
 * @since 0.1.0
 */
public class LockTemplate implements LockOperations {

	private static final Log logger = LogFactory.getLog(LockTemplate.class);

	private static final LockListener NO_LISTENER = new LockListener() {
	};

	private final LockRegistry registry;

	private final LockListener listener;

	private final boolean failOnLost;

	/** The registry's lock types, read once: the default makes a new set at each call. */
	private final Set<LockType> supportedTypes;

	/**
	 * Creates a template that throws {@link LockLostException} for lost locks.
	 * @param registry the lock backend
	 */
	public LockTemplate(LockRegistry registry) {
		this(registry, true);
	}

	/**
	 * Creates a template.
	 * @param registry the lock backend
	 * @param failOnLost whether work that finished after its lock was lost throws
	 * {@link LockLostException} (otherwise a warning is logged)
	 */
	public LockTemplate(LockRegistry registry, boolean failOnLost) {
		this(registry, NO_LISTENER, failOnLost);
	}

	/**
	 * Creates a template that tells a listener of the acquisitions, failures and releases
	 * through it: for a registry that tells no listener itself. A registry built on
	 * {@link io.github.distlock.core.engine.LockEngine} tells its own listener of every lock event;
	 * a listener given to both is told twice.
	 * @param registry the lock backend
	 * @param listener told of acquisitions, failures and releases through this template
	 * @param failOnLost whether work that finished after its lock was lost throws
	 * {@link LockLostException} (otherwise a warning is logged)
	 */
	public LockTemplate(LockRegistry registry, LockListener listener, boolean failOnLost) {
		this.registry = Objects.requireNonNull(registry, "registry");
		this.listener = Objects.requireNonNull(listener, "listener");
		this.failOnLost = failOnLost;
		this.supportedTypes = Set.copyOf(registry.supportedTypes());
	}

	@Override
	public <T extends @Nullable Object> T execute(LockRequest request, LockCallback<T> callback) {
		Objects.requireNonNull(callback, "callback");
		try (LockHandle lock = acquire(request)) {
			T result = callback.doInLock();
			report(LockSettlement.lossOf(lock));
			return result;
		}
	}

	@Override
	public <T extends @Nullable Object> T executeAll(MultiLockRequest request, LockCallback<T> callback) {
		Objects.requireNonNull(callback, "callback");
		try (MultiLockHandle locks = acquireAll(request)) {
			T result = callback.doInLock();
			report(LockSettlement.firstLossOf(locks.locks()));
			return result;
		}
	}

	@Override
	public boolean requestRevocation(String key, LockType type) {
		if (key == null || key.isBlank()) {
			throw new InvalidLockKeyException("Lock key must not be null or blank, but was "
					+ ((key != null) ? "'" + key + "'" : "null"));
		}
		return this.registry.requestRevocation(key, type);
	}

	@Override
	public LockHandle acquire(LockRequest request) {
		if (!this.supportedTypes.contains(request.type())) {
			throw new IllegalArgumentException("Lock type " + request.type() + " of lock '" + request.key()
					+ "' is not supported by the lock backend (" + this.registry.getClass().getSimpleName()
					+ "), which supports " + this.supportedTypes);
		}
		this.listener.onAcquisitionStarted(request);
		long start = System.nanoTime();
		LockHandle handle;
		try {
			handle = this.registry.acquire(request);
		}
		catch (DistributedLockException ex) {
			this.listener.onAcquisitionFailed(request, Duration.ofNanos(System.nanoTime() - start), ex);
			throw ex;
		}
		TrackedLockHandle tracked = new TrackedLockHandle(handle, this.listener);
		this.listener.onAcquired(tracked, Duration.ofNanos(System.nanoTime() - start));
		return tracked;
	}

	/**
	 * Reports a lock lost while the work ran, or in doubt when it ended and lost afterwards: by
	 * throwing it, or by a warning.
	 */
	private void report(@Nullable LockLostException lost) {
		if (lost == null) {
			return;
		}
		if (this.failOnLost) {
			throw lost;
		}
		logger.warn(lost.getMessage() + "; the work guarded by it may have run concurrently with another holder");
	}

}
