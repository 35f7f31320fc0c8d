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

package io.github.distlock.fencing.http;

/**
 * One lock's fencing token as a {@value FencingTokenHeader#NAME} header carries it.
 *
 * @param key the lock key
 * @param token the fencing token, positive
 * @since 0.1.0
 */
public record FencingToken(String key, long token) {

	/**
	 * Creates the value.
	 * @throws IllegalArgumentException for an empty key or a token below 1
	 */
	public FencingToken {
		if (key.isEmpty()) {
			throw new IllegalArgumentException("A fencing token needs a lock key, but it was empty");
		}
		if (token < 1) {
			throw new IllegalArgumentException("A fencing token is positive, but lock '" + key + "' gave " + token);
		}
	}

}
