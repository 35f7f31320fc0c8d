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

package io.github.distlock.benchmark;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import io.github.distlock.test.zookeeper.ZooKeeperProcesses;

/**
 * The throughput run: every selected implementation in every selected scenario against one
 * ZooKeeper server process, and the Redisson peer against the Redis server of
 * {@code bench.redis} (left out, with a line in the report, when that does not answer). Per
 * scenario, a warm-up window per implementation, then the repetitions, the implementations
 * interleaved within each repetition (and the starting one rotated) so that drift and noise
 * spread over all of them. The ZooKeeper server's counters are read just before and just after
 * each window.
 */
final class ThroughputRun {

	/** The starter's {@code distributed-lock.zookeeper.root-path} in the throughput run. */
	static final String STARTER_ROOT = "/bench-starter";

	static final List<String> SERVER_JVM = List.of("-Xms1g", "-Xmx1g");

	/** Lead time before an in-JVM window, so that every thread is parked when it opens. */
	private static final long START_LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

	private final BenchmarkOptions options;

	private final Resources resources;

	private final List<Measurement> measurements = new ArrayList<>();

	/** The selected implementations, less Redisson when Redis does not answer. */
	private List<Implementation> implementations;

	ThroughputRun(BenchmarkOptions options, Resources resources) {
		this.options = options;
		this.resources = resources;
		this.implementations = options.implementations();
	}

	/**
	 * Runs it.
	 * @return the report in Markdown
	 * @throws Exception if the server, a client or a worker fails
	 */
	String run() throws Exception {
		long began = System.nanoTime();
		double loadBefore = LockBenchmark.loadAverage();
		Path work = this.options.output().resolve("benchmark");
		ZooKeeperProcesses server = this.resources
			.add(LockBenchmark.startZooKeeper(work.resolve("zookeeper"), SERVER_JVM));
		String zookeeperVersion = ServerCounters.mntr(server).getOrDefault("zk_version", "?").split("[-, ]")[0];
		LockBenchmark.say("ZooKeeper " + zookeeperVersion + " server process " + server.pid(1) + " on "
				+ server.connectString() + ", data in " + server.dataDirectory(1));
		LockBenchmark.say(this.options.describe());
		RedissonLocks.OfRun peer = peer();
		LockClients clients = null;
		for (Scenario scenario : this.options.scenarios()) {
			if (scenario.processes() == 1) {
				if (clients == null) {
					clients = this.resources.add(LockClients.connect(server.connectString(), STARTER_ROOT,
							this.options.starterProperties(), peer.locks(), withCache()));
				}
				LockClients local = clients;
				measure(server, scenario, (implementation, duration) -> List
					.of(runHere(local, scenario, implementation, duration)));
			}
			else {
				long starting = System.nanoTime();
				WorkerGroup group = this.resources.add(WorkerGroup.start(work.resolve("workers-" + scenario.id()),
						scenario.processes(), server.connectString(), this.options.starterProperties(),
						peer.present() ? this.options.redis() : null, withCache()));
				LockBenchmark.say(scenario.processes() + " worker processes connected after "
						+ TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - starting) + " ms");
				try {
					measure(server, scenario, (implementation, duration) -> group.run(implementation, scenario,
							duration));
				}
				finally {
					this.resources.close(group);
				}
			}
		}
		Duration took = Duration.ofNanos(System.nanoTime() - began);
		Report report = new Report(this.options.scenarios(), this.implementations, this.measurements);
		return header(zookeeperVersion, took, loadBefore, peer.reportLine()) + "\n## Per scenario\n\n"
				+ report.scenarioTables() + "## Summary\n\n" + report.summaryTables();
	}

	/** Connects the Redisson peer if it is selected; leaves it out of the run if Redis does not answer. */
	private RedissonLocks.OfRun peer() {
		RedissonLocks.OfRun peer = RedissonLocks.forRun(this.options, this.resources);
		if (!peer.present()) {
			this.implementations = this.implementations.stream().filter((i) -> i != Implementation.PEER).toList();
		}
		return peer;
	}

	/** Whether the processes need the context with lock caching: only when its implementation is selected. */
	private boolean withCache() {
		return this.implementations.contains(Implementation.LOCK_OPERATIONS_CACHED);
	}

	private void measure(ZooKeeperProcesses server, Scenario scenario, Window window) throws Exception {
		List<Implementation> implementations = this.implementations;
		if (!this.options.warmup().isZero()) {
			LockBenchmark.say(scenario.id() + ": warm-up " + BenchmarkOptions.format(this.options.warmup())
					+ " per implementation");
			for (Implementation implementation : implementations) {
				window.run(implementation, this.options.warmup());
			}
		}
		for (int repetition = 0; repetition < this.options.repetitions(); repetition++) {
			for (int k = 0; k < implementations.size(); k++) {
				Implementation implementation = implementations.get((k + repetition) % implementations.size());
				ServerCounters before = ServerCounters.read(server);
				List<WindowResult> results = window.run(implementation, this.options.duration());
				ServerCounters during = ServerCounters.read(server).since(before);
				Measurement measurement = Measurement.of(scenario, implementation, repetition, results, during);
				this.measurements.add(measurement);
				LockBenchmark.say(measurement.describe());
			}
		}
	}

	private static WindowResult runHere(LockClients clients, Scenario scenario, Implementation implementation,
			Duration duration) throws InterruptedException {
		List<Contender> contenders = new ArrayList<>();
		for (int i = 0; i < scenario.threads(); i++) {
			contenders.add(clients.contender(implementation));
		}
		try {
			return CycleRunner.run(scenario, 0, contenders, System.nanoTime() + START_LEAD_NANOS, duration.toNanos());
		}
		finally {
			clients.forgetSharedMutexes();
		}
	}

	private String header(String zookeeperVersion, Duration took, double loadBefore, String peerLine) {
		Runtime runtime = Runtime.getRuntime();
		return String.join("\n", "# Lock benchmark: the starter beside raw Curator and Redisson", "",
				"- Run: " + LockBenchmark.now() + ", " + took.toMinutes() + "m " + took.toSecondsPart() + "s; "
						+ this.options.describe() + "; within a repetition the implementations take turns, the "
						+ "first one rotating.",
				"- Machine: " + runtime.availableProcessors() + " cores, " + System.getProperty("os.name") + " "
						+ System.getProperty("os.arch") + ", Java " + System.getProperty("java.runtime.version")
						+ "; harness heap max " + runtime.maxMemory() / (1024 * 1024) + " MiB, workers -Xmx512m; "
						+ String.format(Locale.ROOT, "load average %.2f at the start, %.2f at the end", loadBefore,
								LockBenchmark.loadAverage())
						+ " (anything else running on the machine shows up here).",
				"- Server: ZooKeeper " + zookeeperVersion + " standalone in its own JVM (" + String.join(" ", SERVER_JVM)
						+ "), 127.0.0.1, fsync on (ZooKeeper's default), a fresh data directory under target/.",
				"- Clients: " + LockBenchmark.versions() + ". In each process the starter's auto-configured "
						+ "client (Spring context) and a raw Curator client with the same settings (session 30s, "
						+ "connection 15s, ExponentialBackoffRetry 1s × 3, max 8s); every lock waits up to "
						+ LockClients.WAIT.toSeconds() + "s; the critical section only notes the time and checks "
						+ "that no other thread of the process is inside on the same key (overlaps).",
				peerLine,
				"- Paths: floor " + LockClients.RAW_ROOT + "/floor/KEY/n-…, transaction floor " + LockClients.RAW_ROOT
						+ "/transaction-floor/KEY/n-…, Curator " + LockClients.RAW_ROOT
						+ "/curator-thread/KEY and " + LockClients.RAW_ROOT + "/curator-shared/KEY, starter "
						+ STARTER_ROOT + "/ops:KEY (LockOperations) and " + STARTER_ROOT + "/bench:KEY (annotation), "
						+ "with lock caching on (a second Spring context in each process, `"
						+ StarterContext.CACHE_ENABLED + "=true`, the cache's other settings at their defaults unless "
						+ "bench.starter sets them) " + STARTER_ROOT + StarterContext.CACHED_ROOT_SUFFIX + "/ops:KEY; "
						+ "Redisson the Redis key " + RedissonLocks.PREFIX + "KEY.",
				"- Every figure is the median over the repetitions; \"vs ref\" divides it by "
						+ Implementation.REFERENCE.label() + "'s, \"vs Redisson\" by " + Implementation.PEER.label()
						+ "'s. cycles/s = cycles of all threads (and "
						+ "processes) / window; p50 and p99 over every cycle of the window (acquire, critical "
						+ "section, release). Server counters from `mntr`, read just before and after each window, "
						+ "divided by the cycles: requests = Δ zk_packets_received (every packet of every "
						+ "client, minus the mntr probe; idle connections add a ping every ~10s), writes = "
						+ "Δ zk_cnt_updatelatency, reads = Δ zk_cnt_readlatency (pings included), fsyncs = "
						+ "Δ zk_cnt_fsynctime (one fsync covers a batch of writes). Client CPU = CPU time of the "
						+ "client process(es) during the window (every thread: the cycling ones, Curator's, the "
						+ "garbage collector, the JIT compiler) / cycles. Caller CPU = CPU time of the threads "
						+ "that ran the cycles / cycles: the lock's own work on the caller's thread, without the "
						+ "JIT compiler, the collector or the ZooKeeper client's I/O thread; of the figures here, "
						+ "the one least moved by the server and the rest of the machine.",
				"- Cross-process hand-over (the multi-process scenarios on one key): each process records when "
						+ "each critical section began (lock granted) and ended (before the release call, whose "
						+ "round trip therefore counts); over all processes, ordered by start, each two consecutive "
						+ "sections held by different processes make one hand-over, from the end of the earlier to "
						+ "the start of the next. Hand-overs/s = their number / window; p50 and p99 over those of "
						+ "the window. The processes' System.nanoTime values are compared: on Linux it is "
						+ "CLOCK_MONOTONIC, one clock for the machine (an assumption of the harness, not a "
						+ "promise of Java). At most " + Sections.MAX_PER_PROCESS + " sections a process and "
						+ "window are recorded (hand-overs then only up to where every process's record is "
						+ "complete). Overlaps = critical sections on one key at once: within a process, and across "
						+ "processes (a hand-over that began before the earlier section ended).",
				"- Caveat: server, harness and workers share the machine's cores, and the window is short: "
						+ "differences within the min–max spread are noise.",
				"");
	}

	/** Runs one window of an implementation, here or in the workers, and gives each process's result. */
	@FunctionalInterface
	private interface Window {

		List<WindowResult> run(Implementation implementation, Duration duration)
				throws IOException, InterruptedException;

	}

}
