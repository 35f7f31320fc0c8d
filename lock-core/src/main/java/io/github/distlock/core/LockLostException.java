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
 * Thrown when the work guarded by a lock finished after the lock was lost (its session
 * or lease expired, or the connection was lost): another process may have run at the same time.
 *
 * @since 0.1.0
 */
public class LockLostException extends DistributedLockException {

	private static final long serialVersionUID = 1L;

	private final String key;

	private final String path;

	public LockLostException(String key, String path) {
		super("Lock '" + key + "' (" + path + ") was lost while it was held");
		this.key = key;
		this.path = path;
	}

	public LockLostException(String key, String path, String consequence) {
		super("Lock '" + key + "' (" + path + ") was lost while it was held: " + consequence);
		this.key = key;
		this.path = path;
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

}
