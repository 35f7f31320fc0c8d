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

/**
 * Thrown when a lock could not be acquired within its wait time.
 *
 * @since 0.1.0
 */
public class LockAcquisitionException extends DistributedLockException {

	private static final long serialVersionUID = 1L;

	private final String key;

	private final String path;

	private final Duration waited;

	public LockAcquisitionException(String key, String path, Duration waited) {
		super("Could not acquire lock '" + key + "' (" + path + ") within " + waited.toMillis() + " ms");
		this.key = key;
		this.path = path;
		this.waited = waited;
	}

	/**
	 * The key of the lock.
	 * @return the key
	 */
	public String getKey() {
		return this.key;
	}

	/**
	 * The lock path.
	 * @return the path
	 */
	public String getPath() {
		return this.path;
	}

	/**
	 * How long the caller waited.
	 * @return the time waited
	 */
	public Duration getWaited() {
		return this.waited;
	}

}
