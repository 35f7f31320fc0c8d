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

package io.github.distlock.actuate;

import io.github.distlock.core.DistributedLockException;
import io.github.distlock.leader.LeaderElection;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Reads an election's current leader for the actuator, which shows nothing rather than fail
 * when the lock service cannot be read.
 */
final class CurrentLeaders {

	private static final Log logger = LogFactory.getLog(CurrentLeaders.class);

	private CurrentLeaders() {
	}

	static @Nullable String read(LeaderElection election) {
		try {
			return election.currentLeader().orElse(null);
		}
		catch (DistributedLockException ex) {
			logger.debug("Could not read the current leader of election '" + election.name() + "'", ex);
			return null;
		}
	}

}
