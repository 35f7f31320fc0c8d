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

package io.github.distlock.campaign;

import java.util.ArrayList;
import java.util.List;

/**
 * Looks, while the faults go on, for lock nodes (ZooKeeper) or contender keys (etcd) that
 * outlive their key's use: each new key is used during one period only, so once
 * {@value #GRACE_MS} ms have passed since its period ended (longer than any wait, fault and
 * session timeout or lease together) no node may be left under it. A node still there is an
 * orphan: it would block its key for every process for as long as its session (or lease) lives,
 * which the check of stuck keys at the end only sees if that session lives to the end.
 */
final class OrphanNodeSweep {

	/** Waits of up to 3 s, faults of up to 8 s, a 4 s session, a leader election, and margin. */
	static final long GRACE_MS = 30_000;

	private final ClusterUnderTest cluster;

	private final long startMillis;

	private final long periods;

	private long nextPeriod;

	private final List<String> orphans = new ArrayList<>();

	OrphanNodeSweep(ClusterUnderTest cluster, long startMillis, long periods) {
		this.cluster = cluster;
		this.startMillis = startMillis;
		this.periods = periods;
	}

	/**
	 * Checks every period whose grace has run out since the last sweep; a period that cannot be
	 * read now (the servers unreachable during a fault) is checked at the next sweep.
	 */
	void sweep() {
		long now = System.currentTimeMillis();
		while (this.nextPeriod < this.periods && periodEnd(this.nextPeriod) + GRACE_MS <= now) {
			List<String> found = new ArrayList<>();
			try {
				for (String family : CampaignWorker.FAMILIES) {
					for (int i = 0; i < CampaignWorker.FRESH_KEYS_PER_PERIOD; i++) {
						String key = CampaignWorker.freshKey(family, this.nextPeriod, i);
						for (String node : this.cluster.lockNodesOf(key)) {
							found.add(node + " of key " + key + ", " + (now - periodEnd(this.nextPeriod)) / 1000
									+ " s after the key's last use");
						}
					}
				}
			}
			catch (Exception ex) {
				return;
			}
			this.orphans.addAll(found);
			this.nextPeriod++;
		}
	}

	/**
	 * The orphans found so far, each once.
	 */
	List<String> orphans() {
		return this.orphans;
	}

	private long periodEnd(long period) {
		return this.startMillis + (period + 1) * CampaignWorker.FRESH_KEY_MILLIS;
	}

}
