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

import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;
import org.jspecify.annotations.Nullable;

/**
 * The settings of a lock that the application's configuration gives under the lock's
 * {@code name} ({@link io.github.distlock.annotation.DistributedLock#name()}); each one set
 * takes precedence over the annotation's.
 *
 * @param waitTime how long to wait for the lock, or {@code null} to keep the annotation's
 * @param type the lock type, or {@code null} to keep the annotation's
 * @param onFailure the failure policy, or {@code null} to keep the annotation's
 * @param maxHold how long the lock is held at most, or {@code null} to keep the annotation's
 * @param permits how many holders a {@code SEMAPHORE} has at most, or {@code null} to keep the
 * annotation's
 * @since 0.1.0
 */
public record NamedLockSettings(@Nullable Duration waitTime, @Nullable LockType type,
		@Nullable LockFailurePolicy onFailure, @Nullable Duration maxHold, @Nullable Integer permits) {

	/** Settings that change nothing. */
	public static final NamedLockSettings NONE = new NamedLockSettings(null, null, null, null, null);

	/**
	 * Settings that keep the annotation's {@code permits}.
	 * @param waitTime how long to wait for the lock, or {@code null} to keep the annotation's
	 * @param type the lock type, or {@code null} to keep the annotation's
	 * @param onFailure the failure policy, or {@code null} to keep the annotation's
	 * @param maxHold how long the lock is held at most, or {@code null} to keep the annotation's
	 */
	public NamedLockSettings(@Nullable Duration waitTime, @Nullable LockType type,
			@Nullable LockFailurePolicy onFailure, @Nullable Duration maxHold) {
		this(waitTime, type, onFailure, maxHold, null);
	}

	/**
	 * Settings that keep the annotation's {@code maxHold} and {@code permits}.
	 * @param waitTime how long to wait for the lock, or {@code null} to keep the annotation's
	 * @param type the lock type, or {@code null} to keep the annotation's
	 * @param onFailure the failure policy, or {@code null} to keep the annotation's
	 */
	public NamedLockSettings(@Nullable Duration waitTime, @Nullable LockType type,
			@Nullable LockFailurePolicy onFailure) {
		this(waitTime, type, onFailure, null, null);
	}

}
