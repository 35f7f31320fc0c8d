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

import java.time.Instant;
import java.util.Comparator;
import java.util.List;

import io.github.distlock.leader.LeaderElection;
import io.github.distlock.leader.LeaderElections;
import io.github.distlock.leader.Leadership;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The {@code leaders} endpoint: the elections this process takes part in, and whether it leads
 * each, in which epoch and since when.
 *
 * @since 0.1.0
 */
@Endpoint(id = "leaders")
public class LeadersEndpoint {

	private final LeaderElections elections;

	public LeadersEndpoint(LeaderElections elections) {
		this.elections = elections;
	}

	@ReadOperation
	public LeadersDescriptor leaders() {
		List<ElectionDescriptor> elections = this.elections.elections()
			.stream()
			.sorted(Comparator.comparing(LeaderElection::name))
			.map(ElectionDescriptor::of)
			.toList();
		return new LeadersDescriptor(this.elections.participantId(), elections);
	}

	/**
	 * This process's elections.
	 *
	 * @param participantId this process's id
	 * @param elections its elections, by name
	 */
	public record LeadersDescriptor(String participantId, List<ElectionDescriptor> elections)
			implements OperationResponseBody {
	}

	/**
	 * One election.
	 *
	 * @param name the election's name
	 * @param leader whether this process leads it
	 * @param epoch the epoch of its term, while it leads
	 * @param since when its term began, while it leads
	 * @param currentLeader the participant id of the leader in any process, or {@code null} if
	 * nobody leads or the lock service could not be read
	 */
	public record ElectionDescriptor(String name, boolean leader, @Nullable Long epoch, @Nullable Instant since,
			@Nullable String currentLeader) {

		static ElectionDescriptor of(LeaderElection election) {
			Leadership term = election.leadership().orElse(null);
			return (term != null)
					? new ElectionDescriptor(election.name(), true, term.epoch(), term.grantedAt(), term.participantId())
					: new ElectionDescriptor(election.name(), false, null, null, CurrentLeaders.read(election));
		}

	}

}
