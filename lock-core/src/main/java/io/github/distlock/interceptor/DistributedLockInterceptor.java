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

package io.github.distlock.interceptor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.AsyncLockOperations;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockCallback;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.MultiLockRequest;
import io.github.distlock.fencing.FencedCalls;
import org.aopalliance.intercept.MethodInterceptor;
import org.aopalliance.intercept.MethodInvocation;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.support.AopUtils;
import org.springframework.util.function.SingletonSupplier;

/**
 * Runs a {@code @DistributedLock} method holding its lock: evaluates the key, acquires, calls
 * the method, and releases in {@code finally}. A key expression that gives a collection or an
 * array locks every element, all or none. The method's own exceptions propagate unchanged.
 * When the lock cannot be had, the operation's failure policy decides.
 *
 * @since 0.1.0
 */
public class DistributedLockInterceptor implements MethodInterceptor {

	private static final Log logger = LogFactory.getLog(DistributedLockInterceptor.class);

	private final LockOperationSource operationSource;

	private final Supplier<LockOperations> lockOperations;

	private final Supplier<AsyncLockOperations> asyncLockOperations;

	/** Made on the first call of a method that returns a {@code Publisher}. */
	private final Supplier<ReactiveInvocations> reactiveInvocations;

	private final Supplier<Duration> defaultWaitTime;

	private final Supplier<LockListener> listener;

	private final Supplier<FencedCalls> fencedCalls;

	/**
	 * Creates an interceptor. The suppliers are called on first use, so that infrastructure
	 * created early does not pull the lock backend with it.
	 * @param operationSource the source of lock operations
	 * @param lockOperations the lock operations
	 * @param defaultWaitTime the wait time of annotations that give none
	 * @param listener told when a failure policy is applied
	 */
	public DistributedLockInterceptor(LockOperationSource operationSource, Supplier<LockOperations> lockOperations,
			Supplier<Duration> defaultWaitTime, Supplier<LockListener> listener) {
		this(operationSource, lockOperations, () -> {
			throw new IllegalStateException("No AsyncLockOperations given to the interceptor of @DistributedLock: "
					+ "a method that returns a CompletionStage or a Publisher cannot be locked");
		}, defaultWaitTime, listener);
	}

	/**
	 * Creates an interceptor that also locks methods returning a {@code CompletionStage} or a
	 * Reactive Streams {@code Publisher} (with Reactor on the class path). The suppliers are
	 * called on first use, so that infrastructure created early does not pull the lock backend
	 * with it.
	 * @param operationSource the source of lock operations
	 * @param lockOperations the lock operations
	 * @param asyncLockOperations the lock operations for asynchronous methods
	 * @param defaultWaitTime the wait time of annotations that give none
	 * @param listener told when a failure policy is applied
	 */
	public DistributedLockInterceptor(LockOperationSource operationSource, Supplier<LockOperations> lockOperations,
			Supplier<AsyncLockOperations> asyncLockOperations, Supplier<Duration> defaultWaitTime,
			Supplier<LockListener> listener) {
		this(operationSource, lockOperations, asyncLockOperations, defaultWaitTime, listener, () -> {
			throw new IllegalStateException("No FencedCalls given to the interceptor of @DistributedLock: "
					+ "a fenced method cannot be called");
		});
	}

	/**
	 * Creates an interceptor that also locks methods returning a {@code CompletionStage} or a
	 * Reactive Streams {@code Publisher}, and fences those that ask for it. The suppliers are
	 * called on first use, so that infrastructure created early does not pull the lock backend
	 * or the database with it.
	 * @param operationSource the source of lock operations
	 * @param lockOperations the lock operations
	 * @param asyncLockOperations the lock operations for asynchronous methods
	 * @param defaultWaitTime the wait time of annotations that give none
	 * @param listener told when a failure policy is applied
	 * @param fencedCalls runs the calls of {@code fenced} methods
	 */
	public DistributedLockInterceptor(LockOperationSource operationSource, Supplier<LockOperations> lockOperations,
			Supplier<AsyncLockOperations> asyncLockOperations, Supplier<Duration> defaultWaitTime,
			Supplier<LockListener> listener, Supplier<FencedCalls> fencedCalls) {
		this.fencedCalls = fencedCalls;
		this.operationSource = operationSource;
		this.lockOperations = lockOperations;
		this.asyncLockOperations = asyncLockOperations;
		this.reactiveInvocations = SingletonSupplier.of(() -> new ReactiveInvocations(asyncLockOperations.get()));
		this.defaultWaitTime = defaultWaitTime;
		this.listener = listener;
	}

	@Override
	public @Nullable Object invoke(MethodInvocation invocation) throws Throwable {
		Object target = invocation.getThis();
		Class<?> targetClass = (target != null) ? AopUtils.getTargetClass(target) : null;
		LockOperation operation = this.operationSource.getOperation(invocation.getMethod(), targetClass);
		if (operation == null || !this.operationSource.isLocked(operation, invocation.getArguments(), target)) {
			return invocation.proceed();
		}
		LockKeys keys = this.operationSource.evaluateKeys(operation, invocation.getArguments(), target);
		Duration waitTime = (operation.waitTime() != null) ? operation.waitTime() : this.defaultWaitTime.get();
		if (operation.asyncReturn() != AsyncReturn.NONE) {
			return invokeAsync(operation, keys, waitTime, invocation, target);
		}
		LockCallback<@Nullable Object> callback = () -> {
			try {
				return operation.fenced() ? this.fencedCalls.get()
					.call(operation.method(), operation.targetClass(), heldLocks(keys), invocation::proceed)
						: invocation.proceed();
			}
			catch (Throwable ex) {
				throw new InvocationFailure(ex);
			}
		};
		LockOperations operations = this.lockOperations.get();
		try {
			Object request = request(operation, keys, waitTime);
			return (request instanceof MultiLockRequest all) ? operations.executeAll(all, callback)
					: operations.execute((LockRequest) request, callback);
		}
		catch (InvocationFailure failure) {
			throw failure.getCause();
		}
		catch (LockAcquisitionException | LockBackendException ex) {
			return onFailure(operation, requestThatFailed(keys, ex, operation, waitTime), invocation, target, ex);
		}
	}

	/** The locks of a call's keys, in key order, as the thread holds them while the call runs. */
	private static List<AcquiredLock> heldLocks(LockKeys keys) {
		List<AcquiredLock> held = LockContext.all();
		List<AcquiredLock> locks = new ArrayList<>(keys.keys().size());
		for (String key : keys.keys()) {
			for (int i = held.size() - 1; i >= 0; i--) {
				if (held.get(i).key().equals(key)) {
					locks.add(held.get(i));
					break;
				}
			}
		}
		return locks;
	}

	/**
	 * A call of a method whose work completes through what it returns: the lock is owned by
	 * that work, acquired with no thread waiting, and released when it completes.
	 */
	private Object invokeAsync(LockOperation operation, LockKeys keys, Duration waitTime,
			MethodInvocation invocation, @Nullable Object target) {
		Object request = request(operation, keys, waitTime);
		FailurePolicy onFailure = (failure) -> onFailure(operation,
				requestThatFailed(keys, failure, operation, waitTime), invocation, target, failure);
		if (operation.asyncReturn() == AsyncReturn.COMPLETION_STAGE) {
			return invokeCompletionStage(request, invocation, onFailure);
		}
		return this.reactiveInvocations.get().invoke(operation.asyncReturn(), request, invocation, onFailure);
	}

	/**
	 * A call of a method returning a {@code CompletionStage}, made on a thread of the engine once
	 * the lock is held, or the locks of a {@link MultiLockRequest}.
	 */
	@SuppressWarnings("unchecked")
	private CompletableFuture<Object> invokeCompletionStage(Object request, MethodInvocation invocation,
			FailurePolicy onFailure) {
		AtomicBoolean started = new AtomicBoolean();
		Supplier<CompletionStage<Object>> call = () -> {
			started.set(true);
			Object stage;
			try {
				stage = invocation.proceed();
			}
			catch (Throwable ex) {
				throw new CompletionException(ex);
			}
			return (stage != null) ? (CompletionStage<Object>) stage : CompletableFuture.completedFuture(null);
		};
		AsyncLockOperations operations = this.asyncLockOperations.get();
		CompletableFuture<Object> locked = (request instanceof MultiLockRequest all)
				? operations.executeAllAsync(all, (locks) -> call.get())
				: operations.executeAsync((LockRequest) request, (lock) -> call.get());
		return locked.exceptionallyCompose((failure) -> {
			if (started.get() || !FailurePolicy.appliesTo(failure)) {
				return CompletableFuture.failedFuture(failure);
			}
			try {
				Object value = onFailure.apply((DistributedLockException) failure);
				return (value instanceof CompletionStage<?> stage) ? (CompletionStage<Object>) stage
						: CompletableFuture.completedFuture(null);
			}
			catch (Throwable ex) {
				return CompletableFuture.failedFuture(ex);
			}
		});
	}

	/**
	 * The request whose lock could not be had: of the key the failure names, for several keys.
	 */
	private static LockRequest requestThatFailed(LockKeys keys, DistributedLockException failure,
			LockOperation operation, Duration waitTime) {
		String key = keys.single();
		if (failure instanceof LockAcquisitionException elapsed && keys.keys().contains(elapsed.getKey())) {
			key = elapsed.getKey();
		}
		return lockRequest(operation, key, waitTime);
	}

	/** What a call asks for: a {@link MultiLockRequest} for several keys, else a {@link LockRequest}. */
	private static Object request(LockOperation operation, LockKeys keys, Duration waitTime) {
		return keys.multiple()
				? new MultiLockRequest(keys.keys(), operation.type(), waitTime, operation.name(),
						operation.holdAtLeast(), operation.revocable(), operation.maxHold(), operation.permits())
				: lockRequest(operation, keys.single(), waitTime);
	}

	private static LockRequest lockRequest(LockOperation operation, String key, Duration waitTime) {
		return new LockRequest(key, operation.type(), waitTime, operation.name(), operation.holdAtLeast(),
				operation.revocable(), null, operation.maxHold(), operation.permits());
	}

	private @Nullable Object onFailure(LockOperation operation, LockRequest request, MethodInvocation invocation,
			@Nullable Object target, DistributedLockException failure) throws Throwable {
		if (operation.onFailure() != LockFailurePolicy.THROW) {
			this.listener.get().onFailurePolicyApplied(request, operation.onFailure(), failure);
		}
		return switch (operation.onFailure()) {
			case THROW -> throw failure;
			case SKIP -> {
				if (logger.isDebugEnabled()) {
					logger.debug("Skipped " + operation.describe() + ": " + failure.getMessage());
				}
				yield operation.skipValue().get();
			}
			case FALLBACK -> {
				if (logger.isDebugEnabled()) {
					logger.debug("Falling back for " + operation.describe() + ": " + failure.getMessage());
				}
				FallbackMethod fallback = operation.fallback();
				if (fallback == null || target == null) {
					throw failure;
				}
				yield fallback.invoke(target, invocation.getArguments(), failure);
			}
		};
	}

	/**
	 * Carries an exception of the locked method through the callback, so that it is told apart
	 * from the lock's own exceptions and rethrown unchanged.
	 */
	private static final class InvocationFailure extends RuntimeException {

		private static final long serialVersionUID = 1L;

		InvocationFailure(Throwable cause) {
			super(null, cause, false, false);
		}

	}

}
