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

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderSelector;
import org.apache.curator.framework.recipes.leader.LeaderSelectorListenerAdapter;

import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * A job only the leader runs, and a task that runs while its process leads, on Curator's
 * recipes: the "before" of the Curator guide's leader election.
 */
@Component
class CuratorLeaders {

	private final CuratorFramework curator;

	private final Inventory inventory;

	private final LeaderLatch latch;

	CuratorLeaders(CuratorFramework curator, Inventory inventory) throws Exception {
		this.curator = curator;
		this.inventory = inventory;
		this.latch = new LeaderLatch(curator, "/leaders/reports");
		this.latch.start();
	}

	// tag::before-latch[]
	@Scheduled(fixedDelay = 60_000)
	public void report() {
		if (this.latch.hasLeadership()) {
			this.inventory.report();
		}
	}
	// end::before-latch[]

	void ingest() {
		// tag::before-selector[]
		LeaderSelector selector = new LeaderSelector(this.curator, "/leaders/ingest",
				new LeaderSelectorListenerAdapter() {

					@Override
					public void takeLeadership(CuratorFramework client) {
						CuratorLeaders.this.inventory.ingest();     // leads until this returns
					}

				});
		selector.autoRequeue();
		selector.start();
		// end::before-selector[]
	}

}
