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

import java.time.Instant;
import java.util.Objects;

/**
 * One term of leadership of a participant.
 *
 * @param election the election's name
 * @param participantId the leader's participant id
 * @param epoch greater for each new leader of the election, in every process (the fencing token
 * of the election's lock): pass it with the leader's writes so that a deposed leader's writes can
 * be refused
 * @param grantedAt when leadership was granted
 * @since 0.1.0
 */
public record Leadership(String election, String participantId, long epoch, Instant grantedAt) {

	public Leadership {
		Objects.requireNonNull(election, "election");
		Objects.requireNonNull(participantId, "participantId");
		Objects.requireNonNull(grantedAt, "grantedAt");
	}

}
