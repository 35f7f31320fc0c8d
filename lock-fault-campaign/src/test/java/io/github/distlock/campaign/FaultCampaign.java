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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;

import org.springframework.util.FileSystemUtils;

/**
 * One seeded campaign on one {@link Backend}: its 3-server cluster, four client processes
 * (as the backend's {@link ClusterUnderTest} configures them, with and without the local queue
 * and hand-off), faults for the given time, then healing, and the checks: every key acquirable,
 * no thread stuck, nothing left (nodes; keys and leases) once all sessions are closed, and the
 * {@link InvariantChecker} on the merged history.
 */
final class FaultCampaign {

	private static final Duration STUCK_KEY_BOUND = Duration.ofSeconds(20);

	/**
	 * How soon after the faults healed a leader must have done work: a lost leader's session
	 * (or lease) ending on the servers, the next participant's turn, and margin.
	 */
	static final Duration LEADER_BOUND = Duration.ofMillis(CampaignWorker.SESSION_TIMEOUT_MS * 2L);

	/**
	 * How long after its session was closed from outside a worker may still not know: the time
	 * for the server's disconnect to reach it.
	 */
	static final long EXPIRY_NOTICE_NANOS = 1_000_000_000L;

	private final Backend backend;

	private final long seed;

	private final Duration duration;

	private final Path dir;

	private final String cache;

	/**
	 * @param cache the lock cache of the workers whose spec caches: {@code on}, {@code off}, or
	 * {@code broken} (deliberately, to show the campaign catches it)
	 */
	FaultCampaign(Backend backend, long seed, Duration duration, Path dir, String cache) {
		this.cache = cache;
		this.backend = backend;
		this.seed = seed;
		this.duration = duration;
		this.dir = dir;
	}

	CampaignResult run() throws Exception {
		// a replay starts from nothing: no servers' data, no histories of an earlier run
		FileSystemUtils.deleteRecursively(this.dir);
		Files.createDirectories(this.dir);
		Random random = new Random(this.seed);
		long periods = this.duration.toMillis() / CampaignWorker.FRESH_KEY_MILLIS + 1;
		List<WorkerProcess> workers = new ArrayList<>();
		try (CampaignDatabase database = CampaignDatabase.start(this.dir, this.backend.id() + this.seed);
				ClusterUnderTest cluster = this.backend.start(this.dir)) {
			database.createSchema(allKeys(periods));
			long startMillis = System.currentTimeMillis();
			List<String> common = new ArrayList<>(List.of("backend=" + this.backend.id(), "db=" + database.url(),
					"dir=" + this.dir, "seed=" + this.seed, "start=" + startMillis, "periods=" + periods, "threads=3"));
			common.addAll(cluster.workerArgs());
			for (ClusterUnderTest.WorkerSpec spec : cluster.workers()) {
				workers.add(new WorkerProcess(spec.slot(), spec.mode(), spec.localQueue(), spec.handoffs(),
						spec.caching() ? this.cache : "off", new ClientProxy(cluster.clientPorts()), this.dir, common));
			}
			for (WorkerProcess worker : workers) {
				worker.start();
			}
			for (WorkerProcess worker : workers) {
				worker.awaitReady(Duration.ofSeconds(60));
			}
			long start = System.nanoTime();
			Nemesis nemesis = new Nemesis(cluster, workers, random);
			OrphanNodeSweep orphans = new OrphanNodeSweep(cluster, nemesis.serverFaults(), startMillis, periods);
			while (System.nanoTime() - start < this.duration.toNanos()) {
				Thread.sleep(1_000 + random.nextInt(2_000));
				nemesis.strike(start);
				orphans.sweep();
			}
			Duration faultTime = Duration.ofNanos(System.nanoTime() - start);
			// healed: every proxy forwards, every process runs, every server serves
			cluster.awaitAllServing(Duration.ofSeconds(60));
			long healed = System.nanoTime();
			Thread.sleep(LEADER_BOUND.toMillis() + 1_000);
			CampaignResult result = new CampaignResult(this.backend, this.seed, this.cache, faultTime, database.name(),
					nemesis.injected(), nemesis.log());
			Files.writeString(this.dir.resolve("pause"), "pause");
			for (WorkerProcess worker : workers) {
				if (!worker.awaitFile("paused-" + worker.name(), Duration.ofSeconds(90))) {
					result.checker().add("stuck-thread", worker.exitCode().isPresent()
							? worker.name() + " exited with code " + worker.exitCode().getAsInt()
									+ " before the pause (its output: " + worker.logFile() + ")"
							: worker.name() + " did not become idle after the faults healed (its threads: threads-"
									+ worker.name() + ".txt)");
				}
			}
			for (String key : stuckKeys(cluster, readHistory(new InvariantChecker(), new HashMap<>()).operations())) {
				result.checker().add("stuck-key", key + " could not be acquired within " + STUCK_KEY_BOUND.toSeconds()
						+ " s after the faults healed");
			}
			Files.writeString(this.dir.resolve("stop"), "stop");
			for (WorkerProcess worker : workers) {
				if (!worker.awaitExit(Duration.ofSeconds(90))) {
					result.checker().add("stuck-thread", worker.name() + " did not stop");
				}
			}
			orphans.sweep();
			orphans.orphans().forEach((orphan) -> result.checker().add("orphan-node", orphan));
			Map<String, List<long[]>> unawareByWorker = new HashMap<>();
			nemesis.unaware().forEach((worker, windows) -> unawareByWorker.put(worker, new ArrayList<>(windows)));
			History history = readHistory(result.checker(), unawareByWorker);
			List<Operation> operations = history.operations();
			cluster.checkLeftovers(result.checker());
			result.checker().check(operations, database.commits(), database.counters(), unawareByWorker);
			result.checker().checkLeaderAfterHeal(operations, healed, LEADER_BOUND.toNanos());
			long resumed = result.checker().checkProgressAfterServerFaults(operations, nemesis.serverFaults(),
					LEADER_BOUND.toNanos());
			int told = result.checker().checkRevocations(history.holds(), history.requests(), unawareByWorker);
			List<CampaignDatabase.JobRun> runs = database.jobRuns();
			int excused = result.checker().checkJobRuns(runs, history.states(), unawareByWorker, nemesis.killed());
			result.count(operations);
			result.coordination(history.requests().stream().filter(InvariantChecker.RevocationRequest::found).count(),
					told, runs.size(), excused);
			result.resumedAfterServerFaults(nemesis.serverFaults().size(), resumed);
			result.cached(history.cache()[0], history.cache()[1]);
			if (cluster.strayNodeLogText() != null) {
				result.strayNodesDeleted(logLines(cluster.strayNodeLogText()));
			}
			Files.writeString(this.dir.resolve("report.md"), result.report());
			return result;
		}
		finally {
			workers.forEach(WorkerProcess::close);
		}
	}
	private static Set<String> allKeys(long periods) {
		Set<String> keys = new TreeSet<>();
		keys.add(LeaderWorkload.KEY);
		keys.addAll(CoordinationWorkload.keys());
		for (int job = 0; job < ScheduledJobWorkload.JOBS; job++) {
			keys.add(ScheduledJobWorkload.key(job));
		}
		for (String family : CampaignWorker.FAMILIES) {
			for (int i = 0; i < CampaignWorker.HOT_KEYS; i++) {
				keys.add(family + "-hot-" + i);
			}
			for (long period = 0; period < periods; period++) {
				for (int i = 0; i < CampaignWorker.FRESH_KEYS_PER_PERIOD; i++) {
					keys.add(CampaignWorker.freshKey(family, period, i));
				}
			}
		}
		return keys;
	}

	/**
	 * Reads the workers' histories: their sections, their revocable holds, revocation requests
	 * and jobs' state changes, what they found themselves (added to the checker) and their
	 * outside session expiries (added to {@code unawareByWorker}).
	 */
	private History readHistory(InvariantChecker checker, Map<String, List<long[]>> unawareByWorker)
			throws Exception {
		History history = new History(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
				new long[2]);
		try (Stream<Path> files = Files.list(this.dir)) {
			for (Path file : files.filter((path) -> path.getFileName().toString().startsWith("history-")).toList()) {
				for (String line : Files.readAllLines(file)) {
					int fields = line.split("\t", -1).length;
					if (line.startsWith("OP\t") && fields == 12) {
						history.operations().add(Operation.parse(line));
					}
					else if (line.startsWith("REVOCABLE\t") && fields == 8) {
						history.holds().add(InvariantChecker.RevocableHold.parse(line));
					}
					else if (line.startsWith("REVOKE\t") && fields == 6) {
						history.requests().add(InvariantChecker.RevocationRequest.parse(line));
					}
					else if (line.startsWith("STATE\t") && fields == 6) {
						history.states().add(InvariantChecker.StateChange.parse(line));
					}
					else if (line.startsWith("STUCK\t") || line.startsWith("ERROR\t")) {
						checker.add("stuck-thread", line.replace('\t', ' '));
					}
					else if (line.startsWith("NESTED_HELD_IN_LOST\t")) {
						checker.add("nested-held-in-lost", line.replace('\t', ' '));
					}
					else if (line.startsWith("NOT_REVOCABLE_TOLD\t")) {
						checker.add("not-revocable-told", line.replace('\t', ' '));
					}
					else if (line.startsWith("MULTI_PARTIAL\t")) {
						checker.add("multi-partial", line.replace('\t', ' '));
					}
					else if (line.startsWith("EVENT_THREAD_BLOCKED\t")) {
						checker.add("event-thread-blocked", line.replace('\t', ' '));
					}
					else if (line.startsWith("DEAF\t")) {
						checker.add("deaf-to-disconnection", line.replace('\t', ' '));
					}
					else if (line.startsWith("EXPIRED\t") && fields == 4) {
						addExpiry(line, unawareByWorker);
					}
					else if (line.startsWith("CACHED\t") && fields == 4) {
						String[] parts = line.split("\t");
						history.cache()[0] += Long.parseLong(parts[2]);
						history.cache()[1] = Math.max(history.cache()[1], Long.parseLong(parts[3]));
					}
				}
			}
		}
		return history;
	}

	/** The lines of the workers' logs that contain a text. */
	private List<String> logLines(String text) throws Exception {
		List<String> lines = new ArrayList<>();
		try (Stream<Path> files = Files.list(this.dir)) {
			for (Path file : files.filter((path) -> path.getFileName().toString().startsWith("worker-")).toList()) {
				Files.readAllLines(file).stream().filter((line) -> line.contains(text)).forEach(lines::add);
			}
		}
		return lines;
	}

	/**
	 * Adds the window of an {@code EXPIRED} line, extended by {@link #EXPIRY_NOTICE_NANOS}, to
	 * its worker's windows.
	 */
	static void addExpiry(String line, Map<String, List<long[]>> unawareByWorker) {
		String[] f = line.split("\t", -1);
		unawareByWorker.computeIfAbsent(f[1], (worker) -> new ArrayList<>())
			.add(new long[] { Long.parseLong(f[2]), Long.parseLong(f[3]) + EXPIRY_NOTICE_NANOS });
	}

	/**
	 * Every key the workers used, taken by a fresh registry of the orchestrator's with its
	 * family's lock type.
	 */
	private static List<String> stuckKeys(ClusterUnderTest cluster, List<Operation> operations) throws Exception {
		Set<String> keys = new TreeSet<>();
		operations.forEach((operation) -> keys.add(operation.key()));
		ExecutorService pool = Executors.newFixedThreadPool(8);
		try {
			return cluster.withRegistry((registry) -> {
				Map<String, Future<Boolean>> attempts = new TreeMap<>();
				for (String key : keys) {
					LockType type = (key.startsWith("m-") || key.startsWith("mk-") || key.startsWith("rv-")
							|| key.equals(LeaderWorkload.KEY)) ? LockType.MUTEX
									: (key.startsWith("s-") || key.startsWith("job-")) ? LockType.SEMAPHORE_MUTEX
											: LockType.WRITE;
					attempts.put(key, pool.submit(() -> {
						try (LockHandle lock = registry.acquire(new LockRequest(key, type, STUCK_KEY_BOUND, "check"))) {
							return lock.isHeld();
						}
						catch (RuntimeException ex) {
							return false;
						}
					}));
				}
				List<String> stuck = new ArrayList<>();
				for (Map.Entry<String, Future<Boolean>> attempt : attempts.entrySet()) {
					if (!attempt.getValue().get(2 * STUCK_KEY_BOUND.toSeconds(), TimeUnit.SECONDS)) {
						stuck.add(attempt.getKey());
					}
				}
				return stuck;
			});
		}
		finally {
			pool.shutdownNow();
		}
	}

	/**
	 * What the workers recorded, by kind of line.
	 * @param cache the workers' looks that found cached locks, and the most cached at once
	 */
	private record History(List<Operation> operations, List<InvariantChecker.RevocableHold> holds,
			List<InvariantChecker.RevocationRequest> requests, List<InvariantChecker.StateChange> states,
			long[] cache) {
	}

}
