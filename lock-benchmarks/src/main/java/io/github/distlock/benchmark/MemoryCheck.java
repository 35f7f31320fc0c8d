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

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.distlock.core.LockOperations;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.test.zookeeper.ZooKeeperProcesses;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * The memory check: locks many distinct keys one after another through {@link LockOperations},
 * and reports the heap retained after a full GC, the engine's locks in use and cached locks, and
 * the lock nodes under the root path, before, after, and once ZooKeeper's container reaper has
 * removed the emptied lock paths (its server runs the reaper every second, not every minute, and
 * without its default cap of 10,000 deletions a minute).
 * <p>
 * With lock caching on ({@code -Dbench.starter=distributed-lock.cache.enabled=true}), each key is
 * locked twice in a row (a key's first use is never cached), so that its
 * lock stays cached after its second release until idle (or past the bound on cached locks); the
 * check then also waits, after the last key, until no lock is cached nor in use, and reports when
 * that was and the ephemeral nodes left (none of the locks').
 */
final class MemoryCheck {

	static final String ROOT = "/bench-memory";

	/** The reaper's cap: high enough that it never sleeps between deletions. */
	static final int REAPER_MAX_PER_MINUTE = 1_000_000;

	static final List<String> SERVER_JVM = List.of("-Xms1g", "-Xmx3g", "-Dznode.container.checkIntervalMs=1000",
			"-Dznode.container.maxPerMinute=" + REAPER_MAX_PER_MINUTE);

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final BenchmarkOptions options;

	private final Resources resources;

	MemoryCheck(BenchmarkOptions options, Resources resources) {
		this.options = options;
		this.resources = resources;
	}

	String run() throws Exception {
		long began = System.nanoTime();
		ZooKeeperProcesses server = this.resources.add(LockBenchmark
			.startZooKeeper(this.options.output().resolve("memory-check").resolve("zookeeper"), SERVER_JVM));
		LockBenchmark.say("ZooKeeper server process " + server.pid(1) + " on " + server.connectString() + " ("
				+ String.join(" ", SERVER_JVM) + ")");
		LockClients clients = this.resources
			.add(LockClients.connect(server.connectString(), ROOT, this.options.starterProperties(), null, false));
		@Nullable LockEngine registry = clients.context().getBeanProvider(LockEngine.class).getIfAvailable();
		Probe probe = (label) -> {
			Snapshot snapshot = snapshot(label, server, clients, registry);
			LockBenchmark.say(snapshot.toString());
			return snapshot;
		};
		int keys = this.options.memoryKeys();
		LockEngine.Caching caching = (registry != null) ? registry.options().caching() : LockEngine.Caching.OFF;
		// a key's first use is never cached: with caching, its second use is
		int uses = caching.enabled() ? 2 : 1;
		int warmKeys = Math.min(10_000, Math.max(1, keys / 10));
		LockBenchmark.say("warm-up: " + warmKeys + " keys, then waiting for the reaper to empty " + ROOT);
		lockKeys(clients.operations(), "warm-", warmKeys, uses, null);
		Duration warmReaped = awaitReaped(server, clients, 0, Duration.ofMinutes(2));
		List<Snapshot> snapshots = new ArrayList<>();
		snapshots.add(probe.take("before (after a warm-up of " + warmKeys + " keys, reaped in "
				+ seconds(warmReaped) + ")"));

		long lockStart = System.nanoTime();
		long errors = lockKeys(clients.operations(), "key-", keys, uses, (done) -> snapshots
			.add(probe.take(String.format(Locale.ROOT, "after %,d keys (%s)", done,
					seconds(Duration.ofNanos(System.nanoTime() - lockStart))))));
		long lockEnd = System.nanoTime();
		Duration locking = Duration.ofNanos(lockEnd - lockStart);
		snapshots.add(probe.take(String.format(Locale.ROOT, "after all %,d keys (%s, %.0f keys/s)", keys,
				seconds(locking), keys / (locking.toNanos() / 1e9))));
		Snapshot afterAll = snapshots.get(snapshots.size() - 1);
		if (caching.enabled()) {
			Duration timeout = caching.idleTime().multipliedBy(2).plusSeconds(30);
			LockBenchmark.say("lock caching on: waiting up to " + seconds(timeout) + " until no lock is cached nor "
					+ "in use");
			boolean idle = awaitNoLocks(registry, timeout);
			String since = seconds(Duration.ofNanos(System.nanoTime() - lockEnd));
			snapshots.add(probe.take(idle ? "no lock cached nor in use (" + since + " after the last lock)"
					: "after waiting for the cache (" + since + " after the last lock: LOCKS LEFT)"));
		}

		long baseline = snapshots.get(0).children();
		LockBenchmark.say("waiting up to " + seconds(this.options.reaperWait()) + " for the reaper to bring the "
				+ "lock nodes under " + ROOT + " back to " + baseline);
		awaitReaped(server, clients, baseline, this.options.reaperWait());
		boolean done = childrenUnderRoot(clients) <= baseline;
		String since = seconds(Duration.ofNanos(System.nanoTime() - lockEnd));
		snapshots.add(probe.take(done ? "after the reaper (back to the baseline " + since + " after the last lock)"
				: "after waiting for the reaper (" + since + " after the last lock: NOT back to the baseline)"));
		return report(snapshots, afterAll, keys, errors, caching, Duration.ofNanos(System.nanoTime() - began));
	}

	/** Waits until the engine caches no lock and has none in use; returns whether it came to that. */
	private static boolean awaitNoLocks(LockEngine registry, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (registry.cachedLockCount() > 0 || registry.locksInUse() > 0) {
			if (System.nanoTime() > deadline) {
				return false;
			}
			Thread.sleep(50);
		}
		return true;
	}

	/**
	 * Locks {@code prefix0} to {@code prefix(count-1)} one after another; prints progress every
	 * twentieth and calls the quarter callback at each quarter but the last (neither without a
	 * callback).
	 * @return the number of failures
	 */
	private static long lockKeys(LockOperations operations, String prefix, int count, int uses,
			@Nullable Quarter quarter) throws Exception {
		long errors = 0;
		int step = Math.max(1, count / 20);
		long start = System.nanoTime();
		for (int i = 0; i < count; i++) {
			try {
				for (int use = 0; use < uses; use++) {
					operations.execute(prefix + i, WAIT, () -> null);
				}
			}
			catch (RuntimeException ex) {
				if (errors++ == 0) {
					LockBenchmark.say("first failure at key " + prefix + i + ": " + ex);
				}
			}
			int done = i + 1;
			if (quarter != null && done % step == 0) {
				double elapsed = (System.nanoTime() - start) / 1e9;
				LockBenchmark.say(String.format(Locale.ROOT, "%,d keys in %.0fs (%.0f/s), heap in use %.0f MiB "
						+ "(not collected), errors %d", done, elapsed, done / elapsed,
						ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1048576.0, errors));
				if (count >= 4 && done < count && done % (count / 4) == 0) {
					quarter.reached(done);
				}
			}
		}
		return errors;
	}

	/** Waits until at most {@code baseline} nodes are left under the root; returns how long it took. */
	private static Duration awaitReaped(ZooKeeperProcesses server, LockClients clients, long baseline,
			Duration timeout) throws Exception {
		long start = System.nanoTime();
		long deadline = start + timeout.toNanos();
		long lastSaid = start;
		long children;
		while ((children = childrenUnderRoot(clients)) > baseline && System.nanoTime() < deadline) {
			if (System.nanoTime() - lastSaid > TimeUnit.SECONDS.toNanos(30)) {
				LockBenchmark.say(String.format(Locale.ROOT, "  %,d nodes left under %s, %,d znodes in all", children,
						ROOT, ServerCounters.read(server).znodes()));
				lastSaid = System.nanoTime();
			}
			Thread.sleep(500);
		}
		return Duration.ofNanos(System.nanoTime() - start);
	}

	private static long childrenUnderRoot(LockClients clients) throws Exception {
		Stat stat = clients.raw().checkExists().forPath(ROOT);
		return (stat != null) ? stat.getNumChildren() : 0;
	}

	private static Snapshot snapshot(String label, ZooKeeperProcesses server, LockClients clients,
			@Nullable LockEngine registry) throws Exception {
		// the server first: the reaper removes lock paths while the collections run
		long children = childrenUnderRoot(clients);
		Map<String, String> mntr = ServerCounters.mntr(server);
		int recipes = (registry != null) ? registry.locksInUse() : -1;
		int cached = (registry != null) ? registry.cachedLocks().size() : -1;
		return new Snapshot(label, retainedHeap(), recipes, cached, children,
				Long.parseLong(mntr.get("zk_znode_count")), Long.parseLong(mntr.get("zk_ephemerals_count")));
	}

	/** Heap in use after full collections, once it stops shrinking. */
	static long retainedHeap() throws InterruptedException {
		MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
		long least = Long.MAX_VALUE;
		for (int i = 0; i < 10; i++) {
			System.gc();
			Thread.sleep(200);
			long used = memory.getHeapMemoryUsage().getUsed();
			if (i >= 2 && used >= least * 0.995) {
				return Math.min(least, used);
			}
			least = Math.min(least, used);
		}
		return least;
	}

	private String report(List<Snapshot> snapshots, Snapshot afterAll, int keys, long errors,
			LockEngine.Caching caching, Duration took) {
		MarkdownTable table = new MarkdownTable("point", "retained heap MiB", "vs before", "locksInUse()",
				"cachedLocks()", "lock nodes under " + ROOT, "znodes in all", "ephemerals");
		long before = snapshots.get(0).heapBytes();
		for (Snapshot snapshot : snapshots) {
			table.row(List.of(snapshot.label(), mib(snapshot.heapBytes()), signedMib(snapshot.heapBytes() - before),
					(snapshot.recipes() >= 0) ? String.valueOf(snapshot.recipes()) : "n/a (no LockEngine)",
					(snapshot.cached() >= 0) ? String.valueOf(snapshot.cached()) : "n/a",
					String.valueOf(snapshot.children()), String.valueOf(snapshot.znodes()),
					String.valueOf(snapshot.ephemerals())));
		}
		long grown = afterAll.heapBytes() - before;
		return String.join("\n", "# Memory check: " + keys + " distinct keys through LockOperations", "",
				"- Run: " + LockBenchmark.now() + ", " + took.toMinutes() + "m " + took.toSecondsPart() + "s; "
						+ Runtime.getRuntime().availableProcessors() + " cores, Java "
						+ System.getProperty("java.runtime.version") + ", " + LockBenchmark.versions()
						+ String.format(Locale.ROOT, "; load average %.2f at the end.", LockBenchmark.loadAverage()),
				"- One thread locks `key-0` … `key-" + (keys - 1) + "` one after another"
						+ (caching.enabled() ? ", each twice in a row," : "") + " with "
						+ "`LockOperations.execute(key, 10s, () -> null)` (Spring context with the starter's "
						+ "auto-configuration, root path " + ROOT + "); failures: " + errors + ".",
				"- Lock caching: " + (caching.enabled() ? "on (idle time " + BenchmarkOptions.format(caching.idleTime())
						+ ", at most " + caching.maxLocks() + " locks): a key's lock released by its second use stays "
						+ "held in ZooKeeper (its ephemeral node) until idle or past the bound; cachedLocks() = "
						+ "LockIntrospection.cachedLocks().size()"
						: "off (-Dbench.starter=" + StarterContext.CACHE_ENABLED + "=true turns it on)")
						+ (this.options.starterProperties().isEmpty() ? ""
								: "; starter properties " + BenchmarkOptions.format(this.options.starterProperties()))
						+ ".",
				"- Retained heap: heap in use (MemoryMXBean) after repeated System.gc() until it stops shrinking. "
						+ String.format(Locale.ROOT, "Growth over the run: %s MiB, %.1f bytes per key.",
								signedMib(grown), (double) grown / keys),
				"- Server: ZooKeeper standalone in its own JVM (" + String.join(" ", SERVER_JVM) + "): the "
						+ "container reaper checks every second and is not rate-limited (ZooKeeper's defaults: "
						+ "every 60s, at most 10,000 deletions a minute). Each key leaves an empty container "
						+ "node until the reaper removes it.",
				"", table.toString());
	}

	private static String mib(long bytes) {
		return String.format(Locale.ROOT, "%.1f", bytes / 1048576.0);
	}

	private static String signedMib(long bytes) {
		return String.format(Locale.ROOT, "%+.1f", bytes / 1048576.0);
	}

	private static String seconds(Duration duration) {
		return (duration.toSeconds() >= 120) ? duration.toMinutes() + "m " + duration.toSecondsPart() + "s"
				: String.format(Locale.ROOT, "%.1fs", duration.toMillis() / 1000.0);
	}

	@FunctionalInterface
	private interface Probe {

		Snapshot take(String label) throws Exception;

	}

	@FunctionalInterface
	private interface Quarter {

		void reached(int done) throws Exception;

	}

	private record Snapshot(String label, long heapBytes, int recipes, int cached, long children, long znodes,
			long ephemerals) {

		@Override
		public String toString() {
			return String.format(Locale.ROOT, "%s: retained heap %s MiB, locksInUse %d, cachedLocks %d, %d lock "
					+ "nodes under %s, %d znodes, %d ephemerals", this.label, mib(this.heapBytes), this.recipes,
					this.cached, this.children, ROOT, this.znodes, this.ephemerals);
		}

	}

}
