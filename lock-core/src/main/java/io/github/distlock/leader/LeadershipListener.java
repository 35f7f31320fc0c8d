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

package io.github.distlock.leader;

/**
 * Told when this participant becomes leader of an election and when it stops leading, in that
 * order, on a thread of the elections (never the lock service's event thread). Implementations
 * should return quickly.
 *
 * @since 0.1.0
 */
public interface LeadershipListener {

	/**
	 * This participant leads now.
	 * @param leadership the term that begins
	 */
	default void granted(Leadership leadership) {
	}

	/**
	 * This participant no longer leads.
	 * @param leadership the term that ended
	 * @param reason why it ended
	 */
	default void revoked(Leadership leadership, RevocationReason reason) {
	}

}
