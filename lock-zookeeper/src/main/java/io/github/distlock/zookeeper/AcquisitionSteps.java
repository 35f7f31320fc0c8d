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

package io.github.distlock.zookeeper;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

/**
 * Keeps an {@link AsyncNodeAcquisition} to one step at a time, with no lock: each request,
 * watch or connection wait it awaits is a token, and only the event that takes that token out
 * goes on, whichever comes first (a watch's event or its request's answer, a connection event or
 * the end). The acquisition ends once, granted or not; a step that begins after the end does not
 * begin.
 */
final class AcquisitionSteps {

	private static final int WAITING = 0;

	private static final int GRANTED = 1;

	private static final int ENDED = 2;

	private final AtomicInteger phase = new AtomicInteger(WAITING);

	/** What the acquisition goes on from; {@code null} while a step runs, or once it ended. */
	private final AtomicReference<@Nullable Object> awaited = new AtomicReference<>();

	/**
	 * Makes a token the one to go on from: a request about to be sent, a watch about to be set,
	 * a connection wait about to start.
	 * @return {@code false} if the acquisition ended: then the step must not begin
	 */
	boolean await(Object token) {
		this.awaited.set(token);
		if (this.phase.get() != WAITING) {
			this.awaited.compareAndSet(token, null);
			return false;
		}
		return true;
	}

	/**
	 * Takes a token out, for the event that goes on from it.
	 * @return {@code false} if another event took it, or the acquisition ended
	 */
	boolean proceed(Object token) {
		return this.awaited.compareAndSet(token, null);
	}

	/**
	 * Whether a token is still the one to go on from (a watch not yet fired, say).
	 */
	boolean isAwaited(Object token) {
		return this.awaited.get() == token;
	}

	/**
	 * What the acquisition awaits now.
	 * @return the token, or {@code null} while a step runs or once it ended
	 */
	@Nullable Object awaited() {
		return this.awaited.get();
	}

	/**
	 * Ends the acquisition as granted, unless it ended already.
	 * @return whether it was granted here
	 */
	boolean grant() {
		return this.phase.compareAndSet(WAITING, GRANTED);
	}

	/**
	 * Ends the acquisition as given up, unless it ended already.
	 * @param cleanup told of the token awaited, or {@code null}, to undo its step (remove a watch,
	 * stop a connection wait); only if the acquisition ended here
	 * @return whether it ended here
	 */
	boolean end(Consumer<@Nullable Object> cleanup) {
		if (!this.phase.compareAndSet(WAITING, ENDED)) {
			return false;
		}
		cleanup.accept(this.awaited.getAndSet(null));
		return true;
	}

	/**
	 * Whether the acquisition was given up; read after noting a node, so that either this or
	 * {@link #end} sees the node and deletes it.
	 */
	boolean hasEnded() {
		return this.phase.get() == ENDED;
	}

	boolean isWaiting() {
		return this.phase.get() == WAITING;
	}

}
