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

import java.util.function.Supplier;

import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.util.ClassUtils;

/**
 * What the caller's thread carries, taken along to locked work that runs on another thread: an
 * asynchronous lock is granted on a thread of the lock service or the engine, and the work it
 * guards starts there.
 * <p>
 * With Micrometer's context propagation ({@code io.micrometer:context-propagation}) on the class
 * path, every value its registered accessors read is captured: the current {@code Observation}
 * (so that the lock's spans and the work's are children of the caller's), the tracing context,
 * the logging MDC where an accessor for it is registered, and the values of a Reactor
 * {@code Context} given to {@link #capture(Object...)}. Without it, nothing is carried.
 *
 * @since 0.1.0
 */
public final class CallerContext {

	private static final boolean PROPAGATION = ClassUtils.isPresent("io.micrometer.context.ContextSnapshotFactory",
			CallerContext.class.getClassLoader());

	private static final CallerContext NOTHING = new CallerContext(null);

	/** A {@code ContextSnapshot}, or {@code null} when there is nothing to carry. */
	private final @Nullable Object snapshot;

	private CallerContext(@Nullable Object snapshot) {
		this.snapshot = snapshot;
	}

	/**
	 * Captures the calling thread's context and the values of the given contexts (such as a
	 * Reactor {@code ContextView}), which win over the thread's.
	 * @param contexts contexts to read besides the thread's
	 * @return the captured context
	 */
	public static CallerContext capture(Object... contexts) {
		return PROPAGATION ? new CallerContext(Snapshots.capture(contexts)) : NOTHING;
	}

	/**
	 * Runs work with the captured values on the current thread, and puts the thread's own back
	 * after it; values the capture did not have are absent meanwhile.
	 * @param <T> the result type
	 * @param work the work
	 * @return what the work returned
	 */
	public <T extends @Nullable Object> T call(Supplier<T> work) {
		return (this.snapshot != null) ? Snapshots.call(this.snapshot, work) : work.get();
	}

	/**
	 * Adds the captured values to a context, such as a Reactor {@code Context}, for code that
	 * restores thread-local values from it.
	 * @param <C> the context type
	 * @param context the context
	 * @return the context with the values added
	 */
	public <C> C addTo(C context) {
		return (this.snapshot != null) ? Snapshots.addTo(this.snapshot, context) : context;
	}

	/** Touches the context-propagation library only when it is on the class path. */
	private static final class Snapshots {

		private static final ContextSnapshotFactory FACTORY = ContextSnapshotFactory.builder().clearMissing(true).build();

		static Object capture(Object... contexts) {
			return FACTORY.captureAll(contexts);
		}

		static <T extends @Nullable Object> T call(Object snapshot, Supplier<T> work) {
			try (ContextSnapshot.Scope scope = ((ContextSnapshot) snapshot).setThreadLocals()) {
				return work.get();
			}
		}

		static <C> C addTo(Object snapshot, C context) {
			return ((ContextSnapshot) snapshot).updateContext(context);
		}

	}

}
