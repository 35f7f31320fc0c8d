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

/**
 * The state of an {@link AcquiredLock}.
 *
 * @since 0.1.0
 */
public enum LockState {

	/**
	 * Held, and the session behind it is connected to the lock service.
	 */
	HELD,

	/**
	 * The connection to the lock service is suspended: the lock may already be lost. It returns to
	 * {@link #HELD} if the same session reconnects.
	 */
	IN_DOUBT,

	/**
	 * The session (or lease) behind the lock expired or was lost: another process may hold the lock.
	 */
	LOST,

	/**
	 * Released by its holder.
	 */
	RELEASED;

}
