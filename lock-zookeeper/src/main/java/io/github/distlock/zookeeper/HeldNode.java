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

package io.github.distlock.zookeeper;

import org.apache.curator.framework.recipes.locks.Lease;
import org.jspecify.annotations.Nullable;

/**
 * The lock node a recipe acquired: its path, its fencing token, the lease for recipes that
 * release through one, and the ZooKeeper session that created it ({@code 0} when the recipe
 * does not know it, and the registry takes the session of the acquisition).
 */
record HeldNode(String nodePath, long fencingToken, @Nullable Lease lease, long sessionId) {

	HeldNode(String nodePath, long fencingToken, @Nullable Lease lease) {
		this(nodePath, fencingToken, lease, 0);
	}

	HeldNode inSession(long sessionId) {
		return (sessionId == this.sessionId) ? this : new HeldNode(this.nodePath, this.fencingToken, this.lease, sessionId);
	}

}
