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
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.AsyncLockHandle;
import io.github.distlock.core.AsyncLockOperations;
import io.github.distlock.core.CallerContext;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The default {@link ReactiveLockOperations}, over the {@link AsyncLockOperations} of a
 * registry.
 *
 * @since 0.1.0
 */
public class ReactiveLockTemplate implements ReactiveLockOperations {

	private static final Log logger = LogFactory.getLog(ReactiveLockTemplate.class);

	/** How often a lock in doubt when its work completed is looked at again. */
	private static final Duration DOUBT_LOOK = Duration.ofMillis(10);

	private final AsyncLockOperations operations;

	private final boolean failOnLost;

	/**
	 * Creates a template.
	 * @param operations acquires the locks
	 * @param failOnLost whether work that completed after its lock was lost signals
	 * {@link LockLostException} (otherwise a warning is logged)
	 */
	public ReactiveLockTemplate(AsyncLockOperations operations, boolean failOnLost) {
		this.operations = Objects.requireNonNull(operations, "operations");
		this.failOnLost = failOnLost;
	}

	@Override
	public Mono<AsyncLockHandle> acquire(LockRequest request) {
		Objects.requireNonNull(request, "request");
		return Mono.deferContextual((context) -> acquisition(request, CallerContext.capture(context)));
	}

	/** The lock, asked for with the caller's context, so that its wait's observation is the caller's child. */
	private Mono<AsyncLockHandle> acquisition(LockRequest request, CallerContext caller) {
		return Mono.fromFuture(() -> caller.call(() -> this.operations.acquireAsync(request)), false);
	}

	@Override
	public <T> Mono<T> withLock(LockRequest request, Function<? super AcquiredLock, ? extends Mono<T>> work) {
		Objects.requireNonNull(work, "work");
		return withLockMany(request, work).singleOrEmpty();
	}

	@Override
	public <T> Flux<T> withLockMany(LockRequest request, Function<? super AcquiredLock, ? extends Publisher<T>> work) {
		Objects.requireNonNull(request, "request");
		Objects.requireNonNull(work, "work");
		return Flux.deferContextual((context) -> {
			AcquiredLock outer = reentered(ReactiveLockContext.heldIn(context), request);
			if (outer != null) {
				if (outer.state() == LockState.LOST) {
					return Flux.error(new LockLostException(request.key(), outer.path()));
				}
				return Flux.from(work.apply(outer));
			}
			CallerContext caller = CallerContext.capture(context);
			return Flux.usingWhen(acquisition(request, caller), (handle) -> guarded(handle, work, caller), this::release,
					(handle, failure) -> close(handle), this::close);
		});
	}

	/** The lock of the pipeline that a request enters: same key and type, not a semaphore. */
	private static @Nullable AcquiredLock reentered(List<AcquiredLock> held, LockRequest request) {
		for (int i = held.size() - 1; i >= 0; i--) {
			AcquiredLock lock = held.get(i);
			if (lock.key().equals(request.key()) && lock.type() == request.type()
					&& !request.type().isReleasableByAnyThread()) {
				return lock;
			}
		}
		return null;
	}

	/**
	 * The work, with the lock in its context, ended by the loss of the lock: cancelled, and
	 * {@link LockLostException} signalled in its place.
	 */
	private <T> Flux<T> guarded(AsyncLockHandle handle, Function<? super AcquiredLock, ? extends Publisher<T>> work,
			CallerContext caller) {
		Flux<T> guarded = withCallerContext(Flux.defer(() -> work.apply(handle)), caller);
		if (this.failOnLost) {
			AtomicBoolean lost = new AtomicBoolean();
			// an element of the other publisher cancels the work; its completion would complete it
			Flux<LockState> loss = Mono.fromFuture(handle.whenEnded().toCompletableFuture(), true)
				.filter((state) -> state == LockState.LOST)
				.doOnNext((state) -> lost.set(true))
				.concatWith(Mono.never());
			guarded = guarded.takeUntilOther(loss)
				.concatWith(Mono.defer(() -> lost.get()
						? Mono.error(new LockLostException(handle.key(), handle.path())) : Mono.empty()));
		}
		return guarded.contextWrite((context) -> ReactiveLockContext.with(caller.addTo(context), handle));
	}

	/**
	 * The work subscribed to with the context of its subscriber: the lock is granted on another
	 * thread, and what the work does as it is subscribed to (the method called, a blocking call
	 * made at once) sees the caller's observation and the like there.
	 */
	private static <T> Flux<T> withCallerContext(Flux<T> work, CallerContext caller) {
		return Flux.from((subscriber) -> caller.call(() -> {
			work.subscribe(subscriber);
			return null;
		}));
	}

	/** Releases the lock of work that completed, after a doubt is settled; a loss is signalled. */
	private Mono<Void> release(AsyncLockHandle handle) {
		return settled(handle).flatMap((state) -> {
			handle.close();
			if (state == LockState.LOST) {
				LockLostException lost = new LockLostException(handle.key(), handle.path());
				if (this.failOnLost) {
					return Mono.error(lost);
				}
				logger.warn(lost.getMessage() + "; the work guarded by it may have run concurrently with another holder");
			}
			return Mono.empty();
		});
	}

	/**
	 * The state of a lock once it is not in doubt: a lock in doubt when the work completed is
	 * kept until the lock service settles it (within its session timeout or lease time to live).
	 */
	private static Mono<LockState> settled(AsyncLockHandle handle) {
		return Mono.fromSupplier(handle::state)
			.filter((state) -> state != LockState.IN_DOUBT)
			.repeatWhenEmpty(Integer.MAX_VALUE, (looks) -> looks.concatMap((look) -> Mono.delay(DOUBT_LOOK)));
	}

	private Mono<Void> close(AsyncLockHandle handle) {
		return Mono.fromRunnable(handle::close);
	}

}
