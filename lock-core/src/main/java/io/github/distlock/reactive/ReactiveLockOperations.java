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

package io.github.distlock.reactive;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.AsyncLockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.MultiLockRequest;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Distributed locks for Reactor pipelines, acquired with no thread waiting and held by the
 * subscription, not by a thread.
 * <ul>
 * <li>The lock is acquired when the pipeline is subscribed to; the wait is cancelled with the
 * subscription and times out with the request's wait time
 * ({@link io.github.distlock.core.LockAcquisitionException}).</li>
 * <li>It is held until the work's publisher completes, fails or is cancelled, then released.</li>
 * <li>A lock lost while held cancels the work and signals
 * {@link io.github.distlock.core.LockLostException}.</li>
 * <li>The work sees the lock in {@link ReactiveLockContext}; a nested call for the same key and
 * type in the same pipeline re-enters it (except a semaphore's), and another subscription waits.</li>
 * </ul>
 *
 * @since 0.1.0
 */
public interface ReactiveLockOperations {

	/**
	 * Acquires a lock when subscribed to; the subscriber closes the handle. Cancelling before the
	 * lock is held ends the wait and leaves nothing in the lock service.
	 * @param request what is asked for
	 * @return the lock, once held
	 */
	Mono<AsyncLockHandle> acquire(LockRequest request);

	/**
	 * Runs a {@code Mono} holding a lock.
	 * @param request what is asked for
	 * @param work makes the work from the held lock
	 * @param <T> the type of the result
	 * @return the work's result
	 */
	<T> Mono<T> withLock(LockRequest request, Function<? super AcquiredLock, ? extends Mono<T>> work);

	/**
	 * Runs a {@code Mono} holding a {@link io.github.distlock.annotation.LockType#MUTEX} lock on a
	 * key.
	 * @param key the lock key
	 * @param waitTime how long to wait for the lock
	 * @param work the work
	 * @param <T> the type of the result
	 * @return the work's result
	 */
	default <T> Mono<T> withLock(String key, Duration waitTime, Mono<T> work) {
		return withLock(LockRequest.of(key, waitTime), (lock) -> work);
	}

	/**
	 * Runs a publisher of many values holding a lock until it completes.
	 * @param request what is asked for
	 * @param work makes the work from the held lock
	 * @param <T> the type of the values
	 * @return the work's values
	 */
	<T> Flux<T> withLockMany(LockRequest request, Function<? super AcquiredLock, ? extends Publisher<T>> work);

	/**
	 * Runs a publisher holding the locks of every key of the request until it completes: all of
	 * them or none within the wait time, taken when subscribed to, in ascending key order, each
	 * once the one before it is held. If one cannot be had, those taken are released, the last
	 * first, and its exception is signalled. Each is in {@link ReactiveLockContext}; the loss of
	 * any of them cancels the work, as for one lock.
	 * @param request the keys, type, wait time and name of the locks
	 * @param work makes the work from the held locks, in the order taken
	 * @param <T> the type of the values
	 * @return the work's values
	 */
	default <T> Flux<T> withLockAll(MultiLockRequest request,
			Function<? super List<AcquiredLock>, ? extends Publisher<T>> work) {
		return ReactiveMultiKeyLocking.withLockAll(this, request, work);
	}

}
