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

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.jspecify.annotations.Nullable;

/**
 * This process's participation in a leader election: at most one participant leads at a time,
 * and each new leader's term has a greater {@link Leadership#epoch() epoch}.
 *
 * @since 0.1.0
 */
public interface LeaderElection {

	/**
	 * The election's name.
	 * @return the name
	 */
	String name();

	/**
	 * This participant's id.
	 * @return the participant id
	 */
	String participantId();

	/**
	 * Whether this participant leads now: its term began and the lock service has not been
	 * suspended or lost since.
	 * @return whether it leads
	 */
	boolean isLeader();

	/**
	 * The id of the participant that leads now, in any process, as the lock service records it.
	 * A participant recorded there may have stopped running without its session or lease having
	 * ended yet; only its own {@link #isLeader()} tells whether it may act.
	 * @return the leader's participant id; empty if nobody leads
	 * @throws io.github.distlock.core.LockBackendException if the lock service cannot be read
	 */
	Optional<String> currentLeader();

	/**
	 * This participant's term, while it leads.
	 * @return the leadership, or empty
	 */
	Optional<Leadership> leadership();

	/**
	 * When a term of this participant ends, for work that runs beyond the call that started it
	 * (an asynchronous {@code @LeaderOnly} method is cancelled then).
	 * @param term a term of this participant, from {@link #leadership()}
	 * @return a stage of the caller's own, completed with the reason when the term ends, at once
	 * if it has ended; this default never completes, for an election that cannot tell
	 */
	default CompletionStage<RevocationReason> whenEnded(Leadership term) {
		return new CompletableFuture<>();
	}

	/**
	 * Does work as the leader: with its term in {@link LeaderContext}, interrupted if leadership
	 * is revoked meanwhile and the election interrupts leader work.
	 * @param <T> the result type
	 * @param callback the work
	 * @return the work's result
	 * @throws NotLeaderException if this participant does not lead
	 * @throws LeadershipLostException after the work, if leadership was revoked while it ran
	 */
	<T extends @Nullable Object> T executeAsLeader(LeaderCallback<T> callback);

}
