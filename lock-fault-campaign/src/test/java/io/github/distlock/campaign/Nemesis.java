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

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Injects one fault at a time, chosen (among those its {@link ClusterUnderTest} lists) and
 * timed by a seeded random, and heals it: servers killed and restarted, the quorum lost, client
 * processes paused, killed and replaced, client connections frozen, cut and flapping through
 * their proxies, sessions expired or leases revoked. "Long" faults outlast the workers' session
 * timeout (or lease), "short" ones do not. The windows in which a worker could not know its
 * locks were gone (its pauses, its leases revoked) are recorded, for the checker.
 */
final class Nemesis {

	private static final int SESSION_MS = CampaignWorker.SESSION_TIMEOUT_MS;

	enum Fault {

		KILL_LEADER, KILL_FOLLOWER, PAUSE_CLIENT_LONG, PAUSE_CLIENT_SHORT, FREEZE_CLIENT_LONG, FREEZE_CLIENT_SHORT,
		CUT_CLIENT_LONG, CUT_CLIENT_SHORT, FLAP_CLIENT, EXPIRE_SESSION, KILL_CLIENT, SLOW_CLIENT,
		/** Two of the three servers killed for longer than the session (or lease), then restarted. */
		QUORUM_LOSS,
		/** The worker's lease revoked from outside ({@code etcdctl lease revoke}). */
		REVOKE_LEASE,

		/**
		 * The worker's requests held on the way, its connections cut, and the held requests
		 * delivered a few seconds later, after its waits gave up and it reconnected.
		 */
		STALL_CLIENT

	}

	private final ClusterUnderTest cluster;

	private final List<WorkerProcess> workers;

	private final Random random;

	private final Map<Fault, Integer> injected = new TreeMap<>();

	private final Map<String, List<long[]>> unaware = new HashMap<>();

	private final List<String> log = new ArrayList<>();

	private final Map<String, Long> killed = new HashMap<>();

	/** When each fault of the servers began, and when they all served again after it. */
	private final List<long[]> serverFaults = new ArrayList<>();

	Nemesis(ClusterUnderTest cluster, List<WorkerProcess> workers, Random random) {
		this.cluster = cluster;
		this.workers = workers;
		this.random = random;
	}

	Map<Fault, Integer> injected() {
		return this.injected;
	}

	/**
	 * Per worker, the windows ({@link System#nanoTime()}) in which it could not know its locks
	 * were gone: its pauses, and its leases revoked from outside until the notice reaches it.
	 */
	Map<String, List<long[]>> unaware() {
		return this.unaware;
	}

	/**
	 * Each fault of the servers (a member killed, the quorum lost): when it began and when every
	 * member served again ({@link System#nanoTime()}).
	 */
	List<long[]> serverFaults() {
		return this.serverFaults;
	}

	/** When each killed worker generation was killed ({@link System#nanoTime()}). */
	Map<String, Long> killed() {
		return this.killed;
	}

	List<String> log() {
		return this.log;
	}

	/**
	 * Injects one fault and heals it.
	 */
	void strike(long campaignStartNanos) throws Exception {
		List<Fault> faults = this.cluster.faults();
		Fault fault = faults.get(this.random.nextInt(faults.size()));
		WorkerProcess worker = this.workers.get(this.random.nextInt(this.workers.size()));
		int longMs = SESSION_MS + 1_500 + this.random.nextInt(2_500);
		int shortMs = 300 + this.random.nextInt(SESSION_MS / 3);
		String target = worker.name();
		switch (fault) {
			case KILL_LEADER -> {
				int leader = this.cluster.awaitLeader(Duration.ofSeconds(60));
				target = "server " + (leader + 1);
				restartAfter(shortMs, leader);
			}
			case KILL_FOLLOWER -> {
				int follower = this.cluster.follower();
				if (follower < 0) {
					return;
				}
				target = "server " + (follower + 1);
				restartAfter(shortMs, follower);
			}
			case QUORUM_LOSS -> {
				int leader = this.cluster.awaitLeader(Duration.ofSeconds(60));
				int other = (leader + 1 + this.random.nextInt(this.cluster.size() - 1)) % this.cluster.size();
				target = "servers " + (leader + 1) + " and " + (other + 1) + " for " + longMs + " ms";
				restartAfter(longMs, leader, other);
			}
			case PAUSE_CLIENT_LONG -> pause(worker, longMs);
			case PAUSE_CLIENT_SHORT -> pause(worker, shortMs);
			case FREEZE_CLIENT_LONG -> freeze(worker, longMs);
			case FREEZE_CLIENT_SHORT -> freeze(worker, shortMs);
			case CUT_CLIENT_LONG -> cut(worker, longMs);
			case CUT_CLIENT_SHORT -> cut(worker, shortMs);
			case FLAP_CLIENT -> flap(worker, longMs);
			case SLOW_CLIENT -> slow(worker, longMs);
			case STALL_CLIENT -> stall(worker, shortMs, 1_000 + this.random.nextInt(2_500));
			case EXPIRE_SESSION, REVOKE_LEASE -> {
				ClusterUnderTest.SessionEnd end = this.cluster.endSessionOf(worker);
				if (end.unaware() != null) {
					unaware(worker, end.unaware());
				}
				target = (end.what() != null) ? target + " " + end.what() : target;
			}
			case KILL_CLIENT -> {
				String holding = this.cluster.awaitHolding(worker, Duration.ofSeconds(3));
				target = (holding != null) ? target + " holding " + holding : target;
				this.killed.put(worker.name(), System.nanoTime());
				worker.kill();
				worker.start();
				worker.awaitReady(Duration.ofSeconds(60));
			}
		}
		this.injected.merge(fault, 1, Integer::sum);
		this.log.add(String.format("%7.1f s %s %s", (System.nanoTime() - campaignStartNanos) / 1e9, fault, target));
	}

	private void restartAfter(int millis, int... servers) throws Exception {
		long began = System.nanoTime();
		for (int server : servers) {
			this.cluster.kill(server);
		}
		Thread.sleep(millis);
		for (int server : servers) {
			this.cluster.restart(server);
		}
		this.cluster.awaitAllServing(Duration.ofSeconds(60));
		this.serverFaults.add(new long[] { began, System.nanoTime() });
	}

	private void pause(WorkerProcess worker, int millis) throws Exception {
		long from = System.nanoTime();
		worker.pause();
		try {
			Thread.sleep(millis);
		}
		finally {
			worker.resume();
			unaware(worker, new long[] { from, System.nanoTime() });
		}
	}

	private void unaware(WorkerProcess worker, long[] window) {
		this.unaware.computeIfAbsent(worker.name(), (name) -> new ArrayList<>()).add(window);
	}

	private void freeze(WorkerProcess worker, int millis) throws InterruptedException {
		worker.proxy().freeze();
		try {
			Thread.sleep(millis);
		}
		finally {
			worker.proxy().heal();
		}
	}

	/**
	 * A slow, flaky link: every chunk held back for a while, and the connection cut and healed
	 * every few hundred milliseconds, so that requests in flight fail again and again.
	 */
	private void flap(WorkerProcess worker, int millis) throws InterruptedException {
		long end = System.nanoTime() + millis * 1_000_000L;
		worker.proxy().delay(50 + this.random.nextInt(200));
		try {
			while (System.nanoTime() < end) {
				Thread.sleep(200 + this.random.nextInt(400));
				cut(worker, 100 + this.random.nextInt(300));
			}
		}
		finally {
			worker.proxy().delay(0);
		}
	}

	/**
	 * A slow link that holds: 600 ms to 1 s each way, so that a request takes more than a second
	 * while pings still arrive well within the session timeout and nothing is cut.
	 */
	private void slow(WorkerProcess worker, int millis) throws InterruptedException {
		worker.proxy().delay(600 + this.random.nextInt(400));
		try {
			Thread.sleep(millis);
		}
		finally {
			worker.proxy().delay(0);
		}
	}

	private void stall(WorkerProcess worker, int stallMillis, int deliverAfterMillis) throws InterruptedException {
		worker.proxy().stall();
		try {
			Thread.sleep(stallMillis);
			worker.proxy().cutStalledClients();
			Thread.sleep(deliverAfterMillis);
		}
		finally {
			worker.proxy().deliverStalled();
		}
	}

	private void cut(WorkerProcess worker, int millis) throws InterruptedException {
		worker.proxy().cut();
		try {
			Thread.sleep(millis);
		}
		finally {
			worker.proxy().heal();
		}
	}

}
