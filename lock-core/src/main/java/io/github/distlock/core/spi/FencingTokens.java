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

package io.github.distlock.core.spi;

/**
 * The rule for fencing tokens of backends whose locks may be handed off from thread to thread
 * of a process: a number the lock service gave the lock's node or key (ZooKeeper's creation zxid,
 * etcd's create revision, each greater for every later node or key), times 1024, plus the number
 * of local hand-offs of that node or key so far. A node is handed off at most
 * {@value #MAX_HANDOFFS} times, so every later holder of a lock gets a greater token, whether it
 * created a node or was handed that of its predecessor. (The product stays below
 * {@code Long.MAX_VALUE} while the service's number is below 2^53.)
 *
 * @since 0.1.0
 */
public final class FencingTokens {

	/** The most hand-offs of one node or key. */
	public static final int MAX_HANDOFFS = 1023;

	private static final int SHIFT = 10;

	private FencingTokens() {
	}

	/**
	 * The token of a lock.
	 * @param serviceNumber the number the service gave the lock's node or key
	 * @param handoffs how many times it was handed off so far
	 * @return the token
	 * @throws IllegalStateException if the number is out of range
	 */
	public static long of(long serviceNumber, int handoffs) {
		if (serviceNumber < 0 || serviceNumber > (Long.MAX_VALUE >> SHIFT)) {
			throw new IllegalStateException("Lock service number " + serviceNumber + " is out of the range of fencing tokens");
		}
		if (handoffs < 0 || handoffs > MAX_HANDOFFS) {
			throw new IllegalArgumentException("handoffs must be between 0 and " + MAX_HANDOFFS + ", but was " + handoffs);
		}
		return (serviceNumber << SHIFT) | handoffs;
	}

}
