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

import java.util.Locale;

/**
 * How an attempt to acquire a lock ended, as metrics and observations tag it.
 *
 * @since 0.1.0
 */
public enum AcquisitionOutcome {

	/** The lock was acquired. */
	ACQUIRED,

	/** The wait time elapsed ({@link LockAcquisitionException}). */
	TIMEOUT,

	/** The lock service failed or was unreachable ({@link LockBackendException}). */
	FAILED,

	/** The thread was interrupted ({@link LockInterruptedException}). */
	INTERRUPTED,

	/** The key was null, blank or its expression failed ({@link InvalidLockKeyException}). */
	INVALID_KEY,

	/** The thread tried to re-enter a lock it had lost ({@link LockLostException}). */
	LOST;

	/**
	 * The outcome of a failed attempt.
	 * @param failure why it failed
	 * @return the outcome
	 */
	public static AcquisitionOutcome of(DistributedLockException failure) {
		if (failure instanceof LockAcquisitionException) {
			return TIMEOUT;
		}
		if (failure instanceof LockInterruptedException) {
			return INTERRUPTED;
		}
		if (failure instanceof InvalidLockKeyException) {
			return INVALID_KEY;
		}
		if (failure instanceof LockLostException) {
			return LOST;
		}
		return FAILED;
	}

	/**
	 * The tag value: the name in lower case, words joined by {@code -} ({@code invalid-key}).
	 * @return the tag value
	 */
	public String tagValue() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

}
