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
import java.lang.reflect.Modifier;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The start-up checks that every method-level annotation applied through the bean's proxy needs:
 * the method is called through the proxy, and its work is done when it returns.
 */
final class ProxiedMethods {

	private static final Log logger = LogFactory.getLog(ProxiedMethods.class);

	private static final String PUBLISHER = "org.reactivestreams.Publisher";

	private ProxiedMethods() {
	}

	/**
	 * @param annotation the annotation, for messages ({@code @DistributedLock})
	 * @param description the method, for messages
	 * @param asyncConsequence what would go wrong with a method that returns before its work is
	 * done, for the message
	 * @throws IllegalStateException if the method is static or private, or returns a
	 * {@code Future}, {@code CompletionStage} or reactive {@code Publisher}
	 */
	static void check(Method method, String annotation, String description, String asyncConsequence) {
		checkProxied(method, annotation, description);
		Class<?> returnType = method.getReturnType();
		if (Future.class.isAssignableFrom(returnType) || CompletionStage.class.isAssignableFrom(returnType)
				|| isPublisher(returnType)) {
			throw new IllegalStateException(annotation + " on " + description + " returns " + returnType.getName()
					+ ": " + asyncConsequence);
		}
	}

	/**
	 * The checks of {@link #check} but the asynchronous ones, for an annotation that follows
	 * the work of a {@code CompletionStage} or a {@code Publisher}.
	 * @param annotation the annotation, for messages ({@code @DistributedLock})
	 * @param description the method, for messages
	 * @throws IllegalStateException if the method is static or private
	 */
	static void checkProxied(Method method, String annotation, String description) {
		int modifiers = method.getModifiers();
		if (Modifier.isStatic(modifiers) || Modifier.isPrivate(modifiers)) {
			throw new IllegalStateException(annotation + " on " + description + " has no effect: a "
					+ (Modifier.isStatic(modifiers) ? "static" : "private")
					+ " method is not called through the bean's proxy");
		}
		if (Modifier.isFinal(modifiers)) {
			logger.warn(annotation + " on final method " + description
					+ " applies only when the bean is proxied through an interface");
		}
	}

	/**
	 * Whether a type is a Reactive Streams {@code Publisher} (a {@code Mono}, whose interfaces
	 * extend it, too).
	 */
	static boolean isPublisher(Class<?> type) {
		for (Class<?> candidate = type; candidate != null; candidate = candidate.getSuperclass()) {
			if (candidate.getName().equals(PUBLISHER) || extendsPublisher(candidate.getInterfaces())) {
				return true;
			}
		}
		return false;
	}

	private static boolean extendsPublisher(Class<?>[] interfaces) {
		for (Class<?> candidate : interfaces) {
			if (candidate.getName().equals(PUBLISHER) || extendsPublisher(candidate.getInterfaces())) {
				return true;
			}
		}
		return false;
	}

}
