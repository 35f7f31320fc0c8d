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
 * Thrown when a resource refuses a lock holder's write because a holder with a greater fencing
 * token has claimed it since: the lock was lost (a pause, a session or lease ended, a partition)
 * and another process holds it now. The work's transaction is rolled back.
 *
 * @since 0.1.0
 */
public class FencedOffException extends DistributedLockException {

	private static final long serialVersionUID = 1L;

	private final String key;

	private final long token;

	private final long fence;

	/**
	 * Creates the exception.
	 * @param key the lock key whose fence refused the write
	 * @param token the holder's fencing token
	 * @param fence the token that holds the fence, greater than {@code token}
	 */
	public FencedOffException(String key, long token, long fence) {
		super("The fence of lock '" + key + "' refused fencing token " + token + ": token " + fence
				+ " has claimed it (another holder took the lock)");
		this.key = key;
		this.token = token;
		this.fence = fence;
	}

	/**
	 * The key of the lock whose fence refused the write.
	 * @return the key
	 */
	public String getKey() {
		return this.key;
	}

	/**
	 * The refused holder's fencing token.
	 * @return the token
	 */
	public long getToken() {
		return this.token;
	}

	/**
	 * The token that holds the fence.
	 * @return the fence's token
	 */
	public long getFence() {
		return this.fence;
	}

}
