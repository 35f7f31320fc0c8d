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

import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;

import org.springframework.core.KotlinDetector;
import org.springframework.core.MethodParameter;
import org.springframework.util.ClassUtils;

/**
 * How a locked method's work completes: when it returns, or later, through what it returns.
 */
enum AsyncReturn {

	/** The work is done when the method returns. */
	NONE,

	/** A {@code CompletionStage} (a {@code CompletableFuture}, say) completes the work. */
	COMPLETION_STAGE,

	/** A Reactor {@code Mono}. */
	MONO,

	/** Any other Reactive Streams {@code Publisher}, a {@code Flux} most often. */
	PUBLISHER;

	private static final boolean REACTOR_PRESENT = ClassUtils.isPresent("reactor.core.publisher.Mono",
			AsyncReturn.class.getClassLoader());

	/** What Spring's proxies need to call a Kotlin {@code suspend} function through a {@code Mono}. */
	private static final boolean COROUTINES_REACTOR_PRESENT = ClassUtils
		.isPresent("kotlinx.coroutines.reactor.MonoKt", AsyncReturn.class.getClassLoader());

	private static final String FLOW = "kotlinx.coroutines.flow.Flow";

	/**
	 * How a method's work completes.
	 * @param method the method
	 * @param annotation the annotation, for messages
	 * @param description the method, for messages
	 * @return how its work completes
	 * @throws IllegalStateException for a method whose work completes in a way that cannot hold a
	 * lock: a {@code Future} that is no {@code CompletionStage}, a Kotlin {@code suspend} function
	 * without kotlinx-coroutines-reactor, a {@code Publisher} without Reactor on the class path, a
	 * type that the {@code CompletableFuture}, {@code Mono} or {@code Flux} returned in its place
	 * is not (a subclass of either, another library's publisher)
	 */
	static AsyncReturn of(Method method, String annotation, String description) {
		Class<?> type = method.getReturnType();
		if (KotlinDetector.isSuspendingFunction(method)) {
			// Spring's proxies call it through a Mono (a Flux for a Flow) and await what the
			// interceptor returns
			if (!COROUTINES_REACTOR_PRESENT) {
				throw new IllegalStateException(annotation + " on " + description + " is a Kotlin suspend function, "
						+ "which needs kotlinx-coroutines-reactor on the class path to be locked");
			}
			boolean flow = new MethodParameter(method, -1).getParameterType().getName().equals(FLOW);
			return flow ? PUBLISHER : MONO;
		}
		if (type.getName().equals(FLOW)) {
			throw new IllegalStateException(annotation + " on " + description + " returns a Kotlin Flow, which is "
					+ "not supported: make it a suspend function, or return a Flux (asFlux())");
		}
		if (CompletionStage.class.isAssignableFrom(type)) {
			if (!type.isAssignableFrom(CompletableFuture.class)) {
				throw new IllegalStateException(annotation + " on " + description + " returns " + type.getName()
						+ ", which the lock's CompletableFuture cannot stand for: return a CompletableFuture or a "
						+ "CompletionStage");
			}
			return COMPLETION_STAGE;
		}
		if (Future.class.isAssignableFrom(type)) {
			throw new IllegalStateException(annotation + " on " + description + " returns " + type.getName()
					+ ", a Future whose completion cannot be followed without a thread: return a CompletableFuture "
					+ "or another CompletionStage");
		}
		if (ProxiedMethods.isPublisher(type)) {
			if (!REACTOR_PRESENT) {
				throw new IllegalStateException(annotation + " on " + description + " returns " + type.getName()
						+ ": a locked Publisher needs Reactor (io.projectreactor:reactor-core) on the class path");
			}
			if (type == reactorType("Mono")) {
				return MONO;
			}
			if (!type.isAssignableFrom(reactorType("Flux"))) {
				throw new IllegalStateException(annotation + " on " + description + " returns " + type.getName()
						+ ", which the lock's Mono or Flux cannot stand for: return a Mono, a Flux or a Publisher");
			}
			return PUBLISHER;
		}
		return NONE;
	}

	private static Class<?> reactorType(String name) {
		return ClassUtils.resolveClassName("reactor.core.publisher." + name, AsyncReturn.class.getClassLoader());
	}

}
