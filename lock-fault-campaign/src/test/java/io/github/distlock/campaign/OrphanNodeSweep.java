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
import java.util.concurrent.TimeUnit;

/**
 * Looks, while the faults go on, for lock nodes (ZooKeeper) or contender keys (etcd) that
 * outlive their key's use: each new key is used during one period only, so once the servers
 * have served for {@value #GRACE_MS} ms since its period ended (longer than any wait, client
 * fault and session timeout or lease together) no node may be left under it. Time in which a
 * server fault lasted (from the kill to every server serving again) does not count: a removal
 * cannot land while there is no quorum, and server faults can follow one another within the
 * grace. A node still there is an orphan: it would block its key for every process for as long
 * as its session (or lease) lives, which the check of stuck keys at the end only sees if that
 * session lives to the end.
 */
final class OrphanNodeSweep {

	/** Waits of up to 3 s, client faults of up to 8 s, a 4 s session, a leader election, and margin. */
	static final long GRACE_MS = 30_000;

	private final ClusterUnderTest cluster;

	/** The server faults so far, as {@link System#nanoTime()} from and to. */
	private final List<long[]> serverFaults;

	/** {@link System#currentTimeMillis()} less {@link System#nanoTime()} in ms, to compare the two. */
	private final long wallMinusNanoMillis = System.currentTimeMillis()
			- TimeUnit.NANOSECONDS.toMillis(System.nanoTime());

	private final long startMillis;

	private final long periods;

	private long nextPeriod;

	private final List<String> orphans = new ArrayList<>();

	OrphanNodeSweep(ClusterUnderTest cluster, List<long[]> serverFaults, long startMillis, long periods) {
		this.cluster = cluster;
		this.serverFaults = serverFaults;
		this.startMillis = startMillis;
		this.periods = periods;
	}

	/**
	 * Checks every period whose grace has run out since the last sweep; a period that cannot be
	 * read now (the servers unreachable during a fault) is checked at the next sweep.
	 */
	void sweep() {
		long now = System.currentTimeMillis();
		while (this.nextPeriod < this.periods && servedSince(periodEnd(this.nextPeriod), now) >= GRACE_MS) {
			List<String> found = new ArrayList<>();
			try {
				for (String family : CampaignWorker.FAMILIES) {
					for (int i = 0; i < CampaignWorker.FRESH_KEYS_PER_PERIOD; i++) {
						String key = CampaignWorker.freshKey(family, this.nextPeriod, i);
						for (String node : this.cluster.lockNodesOf(key)) {
							long end = periodEnd(this.nextPeriod);
							found.add(node + " of key " + key + ", " + (now - end) / 1000
									+ " s after the key's last use, " + servedSince(end, now) / 1000
									+ " s of them with every server serving");
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

	/**
	 * The time from one instant to another (both {@link System#currentTimeMillis()}) in which no
	 * server fault lasted.
	 */
	long servedSince(long fromMillis, long toMillis) {
		long faulted = 0;
		for (long[] fault : this.serverFaults) {
			long began = this.wallMinusNanoMillis + TimeUnit.NANOSECONDS.toMillis(fault[0]);
			long healed = this.wallMinusNanoMillis + TimeUnit.NANOSECONDS.toMillis(fault[1]);
			faulted += Math.max(0, Math.min(healed, toMillis) - Math.max(began, fromMillis));
		}
		return (toMillis - fromMillis) - faulted;
	}

	private long periodEnd(long period) {
		return this.startMillis + (period + 1) * CampaignWorker.FRESH_KEY_MILLIS;
	}

}
