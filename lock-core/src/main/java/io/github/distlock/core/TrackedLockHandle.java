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
import java.time.Instant;
import java.util.Deque;

import io.github.distlock.annotation.LockType;

/**
 * A {@link LockHandle} that is visible through {@link LockContext} from its acquisition to its
 * release, and tells the listener when it is released.
 */
final class TrackedLockHandle implements LockHandle {

	private final LockHandle delegate;

	private final LockListener listener;

	private final Deque<AcquiredLock> context;

	private final long acquiredNanos = System.nanoTime();

	TrackedLockHandle(LockHandle delegate, LockListener listener) {
		this.delegate = delegate;
		this.listener = listener;
		this.context = LockContext.push(this);
	}

	@Override
	public boolean revocationRequested() {
		return this.delegate.revocationRequested();
	}

	@Override
	public String key() {
		return this.delegate.key();
	}

	@Override
	public String name() {
		return this.delegate.name();
	}

	@Override
	public String path() {
		return this.delegate.path();
	}

	@Override
	public LockType type() {
		return this.delegate.type();
	}

	@Override
	public long fencingToken() {
		return this.delegate.fencingToken();
	}

	@Override
	public boolean isHeld() {
		return this.delegate.isHeld();
	}

	@Override
	public LockState state() {
		return this.delegate.state();
	}

	@Override
	public Instant acquiredAt() {
		return this.delegate.acquiredAt();
	}

	@Override
	public String holderThread() {
		return this.delegate.holderThread();
	}

	@Override
	public void close() {
		boolean wasReleased = this.delegate.state() == LockState.RELEASED;
		this.delegate.close();
		this.context.removeLastOccurrence(this);
		if (!wasReleased) {
			this.listener.onReleased(this, Duration.ofNanos(System.nanoTime() - this.acquiredNanos));
		}
	}

	@Override
	public String toString() {
		return this.delegate.toString();
	}

}
