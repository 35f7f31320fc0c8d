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
import java.util.Collection;

import io.github.distlock.annotation.LockType;
import org.jspecify.annotations.Nullable;

/**
 * Programmatic access to distributed locks, for code where {@code @DistributedLock} does not
 * fit.
 * <pre class="code">
 * Order order = locks.execute("stock:" + goodsNo, Duration.ofSeconds(3), () -&gt; purchase(goodsNo));
 *
 * try (LockHandle lock = locks.acquire("report", Duration.ZERO)) {
 *     write(report, lock.fencingToken());
 * }
 * </pre>
 * <pre class="code">
 * locks.executeAll(List.of("stock:7", "stock:3"), Duration.ofSeconds(3), () -&gt; transfer(7, 3));
 * </pre>
 * The {@code execute} methods return the callback's result only once each lock is known to
 * have been held throughout: a lock {@link LockState#IN_DOUBT in doubt} when the callback
 * returns is kept until the lock service settles it (within the session timeout or lease time
 * to live), and reported as lost if it is lost.
 * <p>
 * Every method throws {@link LockAcquisitionException} when the wait time elapses,
 * {@link LockInterruptedException} when the waiting thread is interrupted,
 * {@link LockBackendException} when the lock service fails, and {@link InvalidLockKeyException} for
 * a blank key.
 *
 * @since 0.1.0
 */
public interface LockOperations {

	/**
	 * Runs the callback holding a {@link LockType#MUTEX} lock on the key.
	 * @param key the lock key
	 * @param waitTime how long to wait for the lock ({@link Duration#ZERO} tries once)
	 * @param callback the work
	 * @param <T> the type of the result
	 * @return the callback's result
	 * @throws LockLostException if the lock was lost while the callback ran, or was in doubt when it
	 * returned and was lost then
	 */
	default <T extends @Nullable Object> T execute(String key, Duration waitTime, LockCallback<T> callback) {
		return execute(key, waitTime, LockType.MUTEX, callback);
	}

	/**
	 * Runs the callback holding a lock of the given type on the key.
	 * @param key the lock key
	 * @param waitTime how long to wait for the lock ({@link Duration#ZERO} tries once)
	 * @param type the kind of lock
	 * @param callback the work
	 * @param <T> the type of the result
	 * @return the callback's result
	 * @throws LockLostException if the lock was lost while the callback ran, or was in doubt when it
	 * returned and was lost then
	 */
	default <T extends @Nullable Object> T execute(String key, Duration waitTime, LockType type,
			LockCallback<T> callback) {
		return execute(new LockRequest(key, type, waitTime, LockRequest.DEFAULT_NAME), callback);
	}

	/**
	 * Runs the callback holding the requested lock.
	 * @param request the key, type, wait time and name of the lock
	 * @param callback the work
	 * @param <T> the type of the result
	 * @return the callback's result
	 * @throws LockLostException if the lock was lost while the callback ran, or was in doubt when it
	 * returned and was lost then (unless
	 * {@code distributed-lock.lock-lost.fail-on-return} is {@code false})
	 */
	<T extends @Nullable Object> T execute(LockRequest request, LockCallback<T> callback);

	/**
	 * Acquires a {@link LockType#MUTEX} lock on the key; the caller must close the handle.
	 * @param key the lock key
	 * @param waitTime how long to wait for the lock ({@link Duration#ZERO} tries once)
	 * @return the held lock
	 */
	default LockHandle acquire(String key, Duration waitTime) {
		return acquire(key, waitTime, LockType.MUTEX);
	}

	/**
	 * Acquires a lock of the given type on the key; the caller must close the handle.
	 * @param key the lock key
	 * @param waitTime how long to wait for the lock ({@link Duration#ZERO} tries once)
	 * @param type the kind of lock
	 * @return the held lock
	 */
	default LockHandle acquire(String key, Duration waitTime, LockType type) {
		return acquire(new LockRequest(key, type, waitTime, LockRequest.DEFAULT_NAME));
	}

	/**
	 * Acquires the requested lock; the caller must close the handle.
	 * @param request the key, type, wait time and name of the lock
	 * @return the held lock
	 */
	LockHandle acquire(LockRequest request);

	/**
	 * Runs the callback holding a {@link LockType#MUTEX} lock on every key: all of them or none
	 * within the wait time (see {@link #acquireAll(MultiLockRequest)}).
	 * @param keys the keys, in any order; duplicates count once
	 * @param waitTime how long to wait for all the locks together
	 * @param callback the work; {@link LockContext#all()} gives each key's lock and fencing token
	 * @param <T> the type of the result
	 * @return the callback's result
	 * @throws InvalidLockKeyException if there is no key, or one is null or blank
	 * @throws LockLostException if one of the locks was lost while the callback ran, or was in doubt
	 * when it returned and was lost then
	 */
	default <T extends @Nullable Object> T executeAll(Collection<String> keys, Duration waitTime,
			LockCallback<T> callback) {
		return executeAll(MultiLockRequest.of(keys, waitTime), callback);
	}

	/**
	 * Runs the callback holding the locks of every key of the request: all of them or none
	 * within the wait time (see {@link #acquireAll(MultiLockRequest)}).
	 * @param request the keys, type, wait time and name of the locks
	 * @param callback the work; {@link LockContext#all()} gives each key's lock and fencing token
	 * @param <T> the type of the result
	 * @return the callback's result
	 * @throws LockLostException if one of the locks was lost while the callback ran, or was in doubt
	 * when it returned and was lost then
	 */
	default <T extends @Nullable Object> T executeAll(MultiLockRequest request, LockCallback<T> callback) {
		return MultiKeyLocking.execute(this, request, callback);
	}

	/**
	 * Acquires a {@link LockType#MUTEX} lock on every key, all of them or none within the wait
	 * time; the caller must close the handle.
	 * @param keys the keys, in any order; duplicates count once
	 * @param waitTime how long to wait for all the locks together
	 * @return the held locks
	 * @throws InvalidLockKeyException if there is no key, or one is null or blank
	 */
	default MultiLockHandle acquireAll(Collection<String> keys, Duration waitTime) {
		return acquireAll(MultiLockRequest.of(keys, waitTime));
	}

	/**
	 * Acquires the lock of every key of the request, in ascending key order, within the
	 * request's wait time for all of them together. Every process takes them in that one order,
	 * so two callers whose key sets overlap never each hold a lock the other waits for. If one
	 * cannot be had (its wait elapsed, the lock service failed, the thread was interrupted), those
	 * already taken are released, the last first, and its exception is thrown: all or none.
	 * @param request the keys, type, wait time and name of the locks
	 * @return the held locks; closing it releases them, the last taken first
	 */
	default MultiLockHandle acquireAll(MultiLockRequest request) {
		return MultiKeyLocking.acquire(this, request);
	}

	/**
	 * Asks the holder of a {@code MUTEX}, in any process, to give it up, as
	 * {@link #requestRevocation(String, LockType)} does.
	 * @param key the lock key
	 * @return whether the lock was held, so that its holder was asked
	 */
	default boolean requestRevocation(String key) {
		return requestRevocation(key, LockType.MUTEX);
	}

	/**
	 * Asks the holder of a lock, in any process, to give it up. A holder that acquired it as
	 * revocable ({@code @DistributedLock(revocable = true)}, {@link LockRequest#withRevocable})
	 * is told through {@link AcquiredLock#revocationRequested()} and
	 * {@link LockListener#onRevocationRequested}; a holder that did not is never affected. The
	 * lock stays held until its holder releases it: revocation is a request, not a break-in.
	 * @param key the lock key
	 * @param type the lock type
	 * @return whether the lock was held, so that its holder was asked
	 * @throws UnsupportedOperationException if the backend does not support revocation of the type
	 */
	default boolean requestRevocation(String key, LockType type) {
		throw new UnsupportedOperationException(getClass().getSimpleName() + " does not support revocation");
	}

}
