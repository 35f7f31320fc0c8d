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
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

import io.github.distlock.test.etcd.EtcdServer;

/**
 * The etcd run ({@code bench.mode=etcd}): the starter on its etcd backend beside etcd's own lock
 * service through raw jetcd (the implementations {@code bench.implementations} selects by the ids
 * of their ZooKeeper counterparts, see {@link EtcdImplementation}), in the in-JVM scenarios,
 * against one etcd server process, and the
 * Redisson peer against the Redis server of {@code bench.redis} when Redisson is selected (left
 * out, with a line in the report, when that does not answer). Like the ZooKeeper run: a warm-up
 * window per implementation, then the repetitions with the implementations taking turns; etcd's
 * gRPC message counter read just before and after each window.
 */
final class EtcdThroughputRun {

	/** The starter's {@code distributed-lock.etcd.root-path} in this run. */
	static final String STARTER_ROOT = "/bench-starter";

	private static final HttpClient HTTP = HttpClient.newHttpClient();

	private static final long START_LEAD_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

	private final BenchmarkOptions options;

	private final Resources resources;

	private final List<Result> results = new ArrayList<>();

	/** The selected etcd implementations, and the peer when it is selected and Redis answers. */
	private List<EtcdImplementation> implementations = List.of();

	EtcdThroughputRun(BenchmarkOptions options, Resources resources) {
		this.options = options;
		this.resources = resources;
	}

	/**
	 * Runs it.
	 * @return the report in Markdown
	 * @throws Exception if the server or a client fails
	 */
	String run() throws Exception {
		if (!EtcdServer.isAvailable()) {
			throw new IllegalStateException(
					"etcd not found at " + EtcdServer.binary() + ": apt-get install etcd-server, or set ETCD_BIN");
		}
		long began = System.nanoTime();
		double loadBefore = LockBenchmark.loadAverage();
		EtcdServer server = this.resources.add(EtcdServer.start());
		String version = etcdVersion(server);
		LockBenchmark.say("etcd " + version + " server process " + server.pid() + " on " + server.endpoint());
		LockBenchmark.say(this.options.describe());
		RedissonLocks.OfRun peer = peer();
		EtcdLockClients clients = this.resources.add(EtcdLockClients.connect(server.endpoint(), STARTER_ROOT,
				this.options.starterProperties(), peer.locks(),
				this.implementations.contains(EtcdImplementation.LOCK_OPERATIONS_CACHED)));
		List<Scenario> scenarios = scenarios();
		for (Scenario scenario : scenarios) {
			measure(server, clients, scenario);
		}
		Duration took = Duration.ofNanos(System.nanoTime() - began);
		return header(version, took, loadBefore, peer.reportLine())
				+ table(scenarios, "cycles/s", Result::cyclesPerSecond, "%.0f", true)
				+ table(scenarios, "p99 of a cycle, ms", Result::p99Millis, "%.2f", true)
				+ table(scenarios, "etcd gRPC messages per cycle", Result::messagesPerCycle, "%.2f", false)
				+ table(scenarios, "caller-thread CPU per cycle, µs", Result::callerCpuMicros, "%.0f", true)
				+ faults(scenarios);
	}

	/**
	 * Takes the implementations that {@code bench.implementations} selects
	 * ({@link EtcdImplementation#selectedBy}), and connects the Redisson peer if it is selected;
	 * leaves it out of the run if Redis does not answer.
	 */
	private RedissonLocks.OfRun peer() {
		RedissonLocks.OfRun peer = RedissonLocks.forRun(this.options, this.resources);
		this.implementations = EtcdImplementation.selectedBy(this.options.implementations())
			.stream()
			.filter((implementation) -> peer.present() || implementation != EtcdImplementation.PEER)
			.toList();
		return peer;
	}

	/** The selected scenarios that run in one JVM: the etcd run has no worker processes. */
	private List<Scenario> scenarios() {
		return this.options.scenarios().stream().filter((scenario) -> scenario.processes() == 1).toList();
	}

	private void measure(EtcdServer server, EtcdLockClients clients, Scenario scenario) throws Exception {
		List<EtcdImplementation> implementations = this.implementations;
		if (!this.options.warmup().isZero()) {
			LockBenchmark.say(scenario.id() + ": warm-up " + BenchmarkOptions.format(this.options.warmup())
					+ " per implementation");
			for (EtcdImplementation implementation : implementations) {
				window(clients, scenario, implementation, this.options.warmup());
			}
		}
		for (int repetition = 0; repetition < this.options.repetitions(); repetition++) {
			for (int k = 0; k < implementations.size(); k++) {
				EtcdImplementation implementation = implementations.get((k + repetition) % implementations.size());
				long before = grpcMessages(server);
				WindowResult window = window(clients, scenario, implementation, this.options.duration());
				long messages = grpcMessages(server) - before;
				Result result = new Result(scenario, implementation, window, messages);
				this.results.add(result);
				LockBenchmark.say(String.format(Locale.ROOT, "%s %s #%d: %.0f cycles/s, p99 %.2f ms, %s messages/cycle%s",
						scenario.id(), implementation.name(), repetition + 1, result.cyclesPerSecond(), result.p99Millis(),
						Report.decimal(result.messagesPerCycle()), (window.errors() > 0) ? ", errors " + window.errors()
								+ ": " + window.firstError() : ""));
			}
		}
	}

	private static WindowResult window(EtcdLockClients clients, Scenario scenario, EtcdImplementation implementation,
			Duration duration) throws Exception {
		List<Contender> contenders = new ArrayList<>();
		for (int i = 0; i < scenario.threads(); i++) {
			contenders.add(clients.contender(implementation, i));
		}
		return CycleRunner.run(scenario, 0, contenders, System.nanoTime() + START_LEAD_NANOS, duration.toNanos());
	}

	/** Every gRPC message etcd received so far (unary requests and stream messages, keep-alives too). */
	private static long grpcMessages(EtcdServer server) throws IOException, InterruptedException {
		return (long) metrics(server).lines()
			.filter((line) -> line.startsWith("grpc_server_msg_received_total{"))
			.mapToDouble((line) -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
			.sum();
	}

	private static String etcdVersion(EtcdServer server) throws IOException, InterruptedException {
		return metrics(server).lines()
			.filter((line) -> line.startsWith("etcd_server_version{"))
			.map((line) -> line.replaceAll(".*server_version=\"([^\"]+)\".*", "$1"))
			.findFirst()
			.orElse("?");
	}

	private static String metrics(EtcdServer server) throws IOException, InterruptedException {
		return HTTP.send(HttpRequest.newBuilder(URI.create(server.metricsUrl())).build(),
				HttpResponse.BodyHandlers.ofString()).body();
	}

	/**
	 * One table: the metric's median and its ratio to etcd's lock service, per scenario and
	 * implementation, and its ratio to the peer where the peer has the metric and was measured.
	 */
	private String table(List<Scenario> scenarios, String title, ToDoubleFunction<Result> metric, String format,
			boolean peerHasIt) {
		boolean toPeer = peerHasIt && this.implementations.contains(EtcdImplementation.PEER);
		List<String> header = new ArrayList<>(List.of("scenario"));
		this.implementations.forEach((implementation) -> header.add(implementation.label()));
		MarkdownTable table = new MarkdownTable(header.toArray(String[]::new));
		for (Scenario scenario : scenarios) {
			double reference = median(scenario, EtcdImplementation.REFERENCE, metric);
			double peer = median(scenario, EtcdImplementation.PEER, metric);
			List<String> row = new ArrayList<>(List.of(scenario.label()));
			for (EtcdImplementation implementation : this.implementations) {
				double value = median(scenario, implementation, metric);
				row.add(Double.isFinite(value) ? String.format(Locale.ROOT, format, value) + " (" + ratio(value, reference)
						+ (toPeer ? "; Redisson " + ratio(value, peer) : "") + ")" : "—");
			}
			table.row(row);
		}
		return "## " + title + " (ratio to " + EtcdImplementation.REFERENCE.label() + (toPeer ? "; to Redisson" : "")
				+ ")\n\n" + table + "\n";
	}

	private static String ratio(double value, double base) {
		return (base > 0 && Double.isFinite(base)) ? String.format(Locale.ROOT, "×%.2f", value / base) : "—";
	}

	private String faults(List<Scenario> scenarios) {
		MarkdownTable table = new MarkdownTable("scenario", "implementation", "cycles", "overlaps", "errors");
		for (Scenario scenario : scenarios) {
			for (EtcdImplementation implementation : this.implementations) {
				List<Result> cell = cell(scenario, implementation);
				table.row(List.of(scenario.label(), implementation.label(),
						String.valueOf(cell.stream().mapToLong((r) -> r.window().cycles()).sum()),
						implementation.isLock()
								? String.valueOf(cell.stream().mapToLong((r) -> r.window().overlaps()).sum()) : "n/a",
						String.valueOf(cell.stream().mapToLong((r) -> r.window().errors()).sum())));
			}
		}
		return "## Cycles, overlaps and errors over all repetitions\n\n" + table;
	}

	private double median(Scenario scenario, EtcdImplementation implementation, ToDoubleFunction<Result> metric) {
		double[] values = cell(scenario, implementation).stream().mapToDouble(metric).sorted().toArray();
		if (values.length == 0) {
			return Double.NaN;
		}
		int middle = values.length / 2;
		return (values.length % 2 == 1) ? values[middle] : (values[middle - 1] + values[middle]) / 2;
	}

	private List<Result> cell(Scenario scenario, EtcdImplementation implementation) {
		return this.results.stream()
			.filter((result) -> result.scenario() == scenario && result.implementation() == implementation)
			.toList();
	}

	private String header(String version, Duration took, double loadBefore, String peerLine) {
		Runtime runtime = Runtime.getRuntime();
		return String.join("\n", "# Lock benchmark on etcd: the starter beside raw jetcd and Redisson", "",
				"- Run: " + LockBenchmark.now() + ", " + took.toMinutes() + "m " + took.toSecondsPart() + "s; "
						+ this.options.describe() + "; within a repetition the implementations take turns, the "
						+ "first one rotating.",
				"- Machine: " + runtime.availableProcessors() + " cores, " + System.getProperty("os.name") + " "
						+ System.getProperty("os.arch") + ", Java " + System.getProperty("java.runtime.version")
						+ String.format(Locale.ROOT, "; load average %.2f at the start, %.2f at the end", loadBefore,
								LockBenchmark.loadAverage())
						+ ".",
				"- Server: etcd " + version + ", one member in its own process, 127.0.0.1, a fresh data "
						+ "directory under the system's temporary folder (etcd's fsync on).",
				"- Clients: jetcd " + jetcdVersion() + ". The starter's auto-configured client and lease (Spring "
						+ "context, `distributed-lock.backend=etcd`, root " + STARTER_ROOT + "; with lock caching on "
						+ "a second context, `" + StarterContext.CACHE_ENABLED + "=true`, root " + STARTER_ROOT
						+ StarterContext.CACHED_ROOT_SUFFIX + ") and a raw jetcd "
						+ "client with a lease (30 s, kept alive) per cycling thread for its `Lock` calls (etcd's lock service keys a lock by name and lease, so threads sharing a lease would share the lock); every lock "
						+ "waits up to " + LockClients.WAIT.toSeconds() + "s; the critical section only notes the "
						+ "time and checks that no other thread of the process is inside on the same key.",
				peerLine,
				"- Every figure is the median over the repetitions, with its ratio to etcd's lock service through "
						+ "jetcd and (\"Redisson ×\") to Redisson's RLock. gRPC messages = Δ of etcd's "
						+ "`grpc_server_msg_received_total` (all methods, keep-alives included) over the window / "
						+ "cycles. Caller CPU = CPU time of the threads that ran the cycles / cycles.",
				"- Caveat: the server and the harness share the machine's cores, and the window is short: "
						+ "differences within the spread between repetitions are noise.",
				"", "");
	}

	private static String jetcdVersion() {
		String version = io.etcd.jetcd.Client.class.getPackage().getImplementationVersion();
		return (version != null) ? version : "(version not in its jar)";
	}

	private record Result(Scenario scenario, EtcdImplementation implementation, WindowResult window, long messages) {

		double cyclesPerSecond() {
			return this.window.cyclesPerSecond();
		}

		double p99Millis() {
			return this.window.cycleMillis(0.99);
		}

		/** etcd's messages per cycle; NaN for the Redisson peer, which is not on etcd. */
		double messagesPerCycle() {
			return (this.window.cycles() > 0 && this.implementation.onEtcd())
					? (double) this.messages / this.window.cycles() : Double.NaN;
		}

		double callerCpuMicros() {
			return this.window.callerCpuMicrosPerCycle();
		}

	}

}
