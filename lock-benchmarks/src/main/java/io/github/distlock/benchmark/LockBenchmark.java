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
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import io.github.distlock.test.etcd.EtcdServer;
import io.github.distlock.test.zookeeper.ZooKeeperProcesses;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.Version;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.SpringBootVersion;

/**
 * Main class of the benchmark: {@code ./mvnw -B -pl lock-benchmarks -am verify -Pbenchmark}.
 * <p>
 * With {@code bench.mode=throughput} (the default) it runs {@link ThroughputRun}, then the
 * {@link EtcdThroughputRun} where an etcd binary is found, and writes {@code benchmark-results.md}; with {@code bench.mode=memory} the {@link MemoryCheck} and
 * {@code memory-check-results.md}; with {@code bench.mode=etcd} the {@link EtcdThroughputRun} and
 * {@code etcd-benchmark-results.md}; each in {@code bench.output} and on stdout. Options are
 * system properties: see {@link BenchmarkOptions}. It reports; it asserts nothing. Every
 * process it starts (the ZooKeeper server, the workers) is stopped before it exits, also on
 * failure or Ctrl-C, and exits by itself if this JVM is killed. The Redis server of the Redisson
 * peer ({@link RedissonLocks}) is the machine's own: it is neither started nor stopped here.
 * <p>
 * Why a main rather than JMH: the scenarios need one ZooKeeper server process shared by all of
 * them, worker JVMs started together behind a barrier and reporting their own cycles, and the
 * server's counters read around each window. JMH's forks and iterations do not fit that, and
 * what JMH guards against (dead code, constant folding, loop hoisting) does not arise for
 * operations that take a network round trip or more; warm-up is explicit instead.
 */
public final class LockBenchmark {

	private LockBenchmark() {
	}

	public static void main(String[] args) {
		Resources resources = new Resources();
		Runtime.getRuntime().addShutdownHook(new Thread(resources::closeAll, "benchmark-cleanup"));
		int status = 0;
		try {
			BenchmarkOptions options = BenchmarkOptions.fromSystemProperties();
			String markdown = switch (options.mode()) {
				case "memory" -> new MemoryCheck(options, resources).run();
				case "etcd" -> new EtcdThroughputRun(options, resources).run();
				default -> zooKeeperThenEtcd(options, resources);
			};
			resources.closeAll();
			Path file = options.output().resolve(switch (options.mode()) {
				case "memory" -> "memory-check-results.md";
				case "etcd" -> "etcd-benchmark-results.md";
				default -> "benchmark-results.md";
			});
			write(file, markdown);
			System.out.println();
			System.out.println(markdown);
			say("written to " + file);
		}
		catch (Exception ex) {
			System.err.println("Benchmark failed: " + ex);
			ex.printStackTrace();
			status = 1;
		}
		finally {
			resources.closeAll();
		}
		System.exit(status);
	}

	/**
	 * The ZooKeeper run, then, where an etcd binary is found, the etcd run, so that one command
	 * reports both backends; the ZooKeeper server is stopped before etcd starts.
	 */
	private static String zooKeeperThenEtcd(BenchmarkOptions options, Resources resources) throws Exception {
		String zookeeper = new ThroughputRun(options, resources).run();
		resources.closeAll();
		if (!EtcdServer.isAvailable()) {
			say("no etcd at " + EtcdServer.binary() + ": the etcd part is left out");
			return zookeeper + "\n(No etcd binary at " + EtcdServer.binary() + ": the etcd part was left out.)\n";
		}
		return zookeeper + "\n" + new EtcdThroughputRun(options, resources).run();
	}

	/**
	 * Starts the ZooKeeper server the runs measure: standalone, in its own JVM, with fsync on
	 * (ZooKeeper's default) and its data in a fresh directory; the {@code srvr}, {@code mntr}
	 * and {@code ruok} four-letter words let its own counters be read.
	 * @param directory its configuration, data and log; emptied first
	 * @param jvmOptions options of its JVM (heap, {@code -Dznode.container...})
	 * @return the running server, id 1
	 * @throws IOException if it cannot be started
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	static ZooKeeperProcesses startZooKeeper(Path directory, List<String> jvmOptions)
			throws IOException, InterruptedException {
		deleteRecursively(directory);
		return ZooKeeperProcesses.builder().directory(directory).jvmOptions(jvmOptions).start();
	}

	static void deleteRecursively(Path directory) throws IOException {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> files = Files.walk(directory)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(file);
			}
		}
	}

	private static void write(Path file, String markdown) throws IOException {
		Files.createDirectories(file.getParent());
		Files.writeString(file, markdown, StandardCharsets.UTF_8);
	}

	static void say(String message) {
		System.out.println("[bench " + LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS).toLocalTime() + "] "
				+ message);
	}

	static String now() {
		return LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_LOCAL_DATE_TIME);
	}

	/** The system load average over the last minute (-1 when unknown). */
	static double loadAverage() {
		return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
	}

	/** The versions of the client libraries, as far as their jars tell. */
	static String versions() {
		return "Spring Boot " + SpringBootVersion.getVersion() + ", Curator "
				+ version(CuratorFramework.class.getPackage().getImplementationVersion()) + ", ZooKeeper client "
				+ Version.getVersion().split("[-, ]")[0];
	}

	private static String version(@Nullable String version) {
		return (version != null) ? version : "(version not in its jar)";
	}

}
