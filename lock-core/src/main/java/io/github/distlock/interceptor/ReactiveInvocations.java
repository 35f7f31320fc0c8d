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

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import io.github.distlock.core.AsyncLockOperations;
import io.github.distlock.core.AsyncLockTemplate;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.MultiLockRequest;
import io.github.distlock.reactive.ReactiveLockOperations;
import io.github.distlock.reactive.ReactiveLockTemplate;
import org.aopalliance.intercept.MethodInvocation;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.springframework.aop.ProxyMethodInvocation;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Locked calls of methods that return a {@code Mono} or another {@code Publisher}: the method
 * is called when the result is subscribed to, once the lock is held, and the lock is held until
 * its publisher terminates or is cancelled. Loaded only when Reactor is on the class path.
 */
final class ReactiveInvocations {

	private final ReactiveLockOperations operations;

	ReactiveInvocations(AsyncLockOperations operations) {
		boolean failOnLost = !(operations instanceof AsyncLockTemplate template) || template.isFailOnLost();
		this.operations = new ReactiveLockTemplate(operations, failOnLost);
	}

	/**
	 * The locked result of a call.
	 * @param asyncReturn {@link AsyncReturn#MONO} or {@link AsyncReturn#PUBLISHER}
	 * @param request the lock, a {@link LockRequest}, or the locks, a {@link MultiLockRequest}
	 * @param invocation the call, made at each subscription
	 * @param onFailure what the operation's failure policy gives for a lock that could not be had
	 * @return a {@code Mono} or a {@code Flux}
	 */
	Object invoke(AsyncReturn asyncReturn, Object request, MethodInvocation invocation, FailurePolicy onFailure) {
		Flux<Object> result = Flux.defer(() -> {
			AtomicBoolean started = new AtomicBoolean();
			MethodInvocation call = freshCall(invocation);
			Supplier<Publisher<Object>> work = () -> {
				started.set(true);
				return proceed(call);
			};
			Flux<Object> locked = (request instanceof MultiLockRequest all)
					? this.operations.withLockAll(all, (locks) -> work.get())
					: this.operations.withLockMany((LockRequest) request, (lock) -> work.get());
			return locked.onErrorResume((failure) -> !started.get() && FailurePolicy.appliesTo(failure),
					(failure) -> policyResult(onFailure, (DistributedLockException) failure));
		});
		return (asyncReturn == AsyncReturn.MONO) ? result.singleOrEmpty() : result;
	}

	/**
	 * A result that fails when subscribed to.
	 * @param asyncReturn {@link AsyncReturn#MONO} or {@link AsyncReturn#PUBLISHER}
	 * @param failure the failure
	 * @return a {@code Mono} or a {@code Flux}
	 */
	Object failed(AsyncReturn asyncReturn, Throwable failure) {
		return (asyncReturn == AsyncReturn.MONO) ? Mono.error(failure) : Flux.error(failure);
	}

	/** A call of its own for each subscription, so that a resubscription calls the method again. */
	static MethodInvocation freshCall(MethodInvocation invocation) {
		return (invocation instanceof ProxyMethodInvocation proxied) ? proxied.invocableClone() : invocation;
	}

	/** Calls the method: what it returns, or its exception as an error signal. */
	@SuppressWarnings("unchecked")
	static Publisher<Object> proceed(MethodInvocation call) {
		Object result;
		try {
			result = call.proceed();
		}
		catch (Throwable ex) {
			return Mono.error(ex);
		}
		return (result != null) ? (Publisher<Object>) result : Mono.empty();
	}

	@SuppressWarnings("unchecked")
	private static Publisher<Object> policyResult(FailurePolicy onFailure, DistributedLockException failure) {
		@Nullable Object value;
		try {
			value = onFailure.apply(failure);
		}
		catch (Throwable ex) {
			return Mono.error(ex);
		}
		return (value instanceof Publisher<?> publisher) ? (Publisher<Object>) publisher : Mono.empty();
	}

}
