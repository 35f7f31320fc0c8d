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
package io.github.distlock.docs.migrating.curator;

import io.github.distlock.annotation.LeaderOnly;
import io.github.distlock.leader.LeaderContext;
import io.github.distlock.leader.LeaderElections;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * A job only the leader runs, and a task that runs while its process leads, on our elections:
 * the "after" of the Curator guide's leader election.
 */
@Component
class Leaders {

	private final LeaderElections elections;

	private final Inventory inventory;

	Leaders(LeaderElections elections, Inventory inventory) {
		this.elections = elections;
		this.inventory = inventory;
	}

	// tag::after-latch[]
	@Scheduled(fixedDelay = 60_000)
	@LeaderOnly("reports")
	public void report() {
		this.inventory.report(LeaderContext.current().epoch());
	}
	// end::after-latch[]

	void ingest() {
		// tag::after-selector[]
		this.elections.election("ingest", (leadership) -> this.inventory.ingest(leadership.epoch()));
		// end::after-selector[]
	}

}
