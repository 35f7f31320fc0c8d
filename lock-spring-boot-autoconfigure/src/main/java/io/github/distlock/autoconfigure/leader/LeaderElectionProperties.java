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

package io.github.distlock.autoconfigure.leader;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Leader elections ({@code @LeaderOnly}, {@code LeaderElections}).
 *
 * @since 0.1.0
 */
@ConfigurationProperties("distributed-lock.leader")
public class LeaderElectionProperties {

	/**
	 * Whether to take part in leader elections: {@code @LeaderOnly} methods and the
	 * {@code LeaderElections} bean.
	 */
	private boolean enabled = true;

	/**
	 * This process's id in every election; the host name and process id ({@code host:pid}) when
	 * not set.
	 */
	private @Nullable String participantId;

	/**
	 * Whether to interrupt the threads running {@code @LeaderOnly} work when leadership is
	 * revoked (the work ends with {@code LeadershipLostException} either way).
	 */
	private boolean interruptOnRevoke;

	/**
	 * How long to wait before an election tries again when the lock service fails.
	 */
	private Duration retryDelay = Duration.ofSeconds(1);

	/**
	 * How long a leader's process may not run (stopped, or paused by the garbage collector) and
	 * still lead: longer, and it gives up leadership when it resumes, since its session may have
	 * ended meanwhile. At least 1 second; keep it well below the session timeout or lease TTL.
	 */
	private Duration pauseTolerance = Duration.ofSeconds(2);

	/**
	 * Elections to join at start-up besides those of {@code @LeaderOnly} methods.
	 */
	private List<String> elections = new ArrayList<>();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public @Nullable String getParticipantId() {
		return this.participantId;
	}

	public void setParticipantId(@Nullable String participantId) {
		this.participantId = participantId;
	}

	public boolean isInterruptOnRevoke() {
		return this.interruptOnRevoke;
	}

	public void setInterruptOnRevoke(boolean interruptOnRevoke) {
		this.interruptOnRevoke = interruptOnRevoke;
	}

	public Duration getRetryDelay() {
		return this.retryDelay;
	}

	public void setRetryDelay(Duration retryDelay) {
		this.retryDelay = retryDelay;
	}

	public Duration getPauseTolerance() {
		return this.pauseTolerance;
	}

	public void setPauseTolerance(Duration pauseTolerance) {
		this.pauseTolerance = pauseTolerance;
	}

	public List<String> getElections() {
		return this.elections;
	}

	public void setElections(List<String> elections) {
		this.elections = elections;
	}

}
