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
 * Why a participant stopped leading.
 *
 * @since 0.1.0
 */
public enum RevocationReason {

	/**
	 * The connection to the lock service was suspended: the election's lock is in doubt. The
	 * participant leads again, in the same term, if the connection comes back in time.
	 */
	IN_DOUBT,

	/** The session or lease behind the election's lock ended: another participant may lead. */
	LOST,

	/**
	 * The participant's process did not run for longer than the election's pause tolerance (it
	 * was stopped, or paused by the garbage collector): its session may have ended meanwhile
	 * without its knowing. It gives its lock up and queues again.
	 */
	PAUSED,

	/** The participant left the election, or its leader task returned (selector mode). */
	LEFT

}
