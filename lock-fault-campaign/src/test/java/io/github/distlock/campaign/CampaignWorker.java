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

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AsyncLockRegistry;
import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockIntrospection;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.spi.LockBackend;
import org.jspecify.annotations.Nullable;

/**
 * A client process of the campaign: several threads take locks through the starter's
 * {@link LockOperations} on hot keys and a stream of new keys, with every lock type and nested
 * calls, and guard a counter row per key in the database; one more takes multi-key locks and
 * revocable ones and asks for revocations ({@link CoordinationWorkload}); one does leader work
 * while this process leads the campaign's election ({@link LeaderWorkload}); one fires
 * scheduled jobs that hold their locks at least a while ({@link ScheduledJobWorkload}). The registry comes
 * from the backend's {@link WorkerClient}. Each critical section is appended to
 * this process's history file as it ends, so the history survives a SIGKILL. Controlled through
 * files in the run directory: {@code stop}, {@code pause}, {@code expire-<worker>}.
 */
public final class CampaignWorker {

	/** The ZooKeeper session timeout, and the etcd lease's time to live. */
	static final int SESSION_TIMEOUT_MS = 4_000;

	/** How long a new key is in use before the next ones replace it. */
	static final long FRESH_KEY_MILLIS = 2_000;

	static final int FRESH_KEYS_PER_PERIOD = 3;

	static final List<String> FAMILIES = List.of("m", "s", "rw");

	static final int HOT_KEYS = 2;

	/** The most time between an outer lock and the nested call inside it. */
	private static final int NESTED_GAP_MS = 250;

	/** Past its wait time and this, an operation is reported as stuck. */
	/**
	 * How long the client may believe it is connected while the protocol client under it is
	 * not: the protocol client tells of a disconnection before it starts to reconnect (after up to
	 * a second), so longer means the library missed it.
	 */
	private static final long DEAF_NANOS = TimeUnit.SECONDS.toNanos(2);

	private static final long STUCK_AFTER_NANOS = TimeUnit.SECONDS.toNanos(30);

	/** Paused for this long and still busy, a worker tells what is busy and dumps its threads. */
	private static final long PAUSE_REPORT_NANOS = TimeUnit.SECONDS.toNanos(60);

	private final Map<String, String> args;

	private final String worker;

	private final Path dir;

	private final PrintWriter history;

	private final AtomicLong operations = new AtomicLong();

	private volatile boolean stopping;

	/** The registry for asynchronous acquisitions of {@code MUTEX}, if the backend has them. */
	private volatile @Nullable AsyncLockRegistry asyncLocks;

	/** Whether the registry also acquires READ and WRITE with no thread waiting. */
	private volatile boolean asyncReadWrite;

	private volatile boolean paused;

	/**
	 * The engine options of a worker: its local queue, hand-offs and lock caching as the
	 * orchestrator chose, hand-offs within 100 ms, cached locks idle for 1 s at most (10 min for
	 * the deliberately broken cache, which keeps them from other processes meanwhile).
	 */
	static LockEngine.Options engineOptions(Map<String, String> args) {
		boolean localQueue = Boolean.parseBoolean(args.get("localQueue"));
		String cache = args.getOrDefault("cache", "off");
		LockEngine.Caching caching = switch (cache) {
			case "on" -> LockEngine.Caching.of(Duration.ofSeconds(1), 1000);
			case "broken" -> LockEngine.Caching.of(Duration.ofMinutes(10), 1000);
			default -> LockEngine.Caching.OFF;
		};
		return LockEngine.Options.of(false, localQueue)
			.withHandoff(localQueue ? Integer.parseInt(args.get("handoffs")) : 0, Duration.ofMillis(100))
			.withCaching(caching);
	}

	/**
	 * The backend a worker's engine goes through: the backend itself, or one whose cache does
	 * not hear contenders ({@code cache=broken}).
	 */
	static LockBackend engineBackend(LockBackend backend, Map<String, String> args) {
		return "broken".equals(args.get("cache")) ? new DeafCacheBackend(backend) : backend;
	}

	private CampaignWorker(Map<String, String> args) throws IOException {
		this.args = args;
		this.worker = args.get("worker");
		this.dir = Path.of(args.get("dir"));
		this.history = new PrintWriter(Files.newBufferedWriter(this.dir.resolve("history-" + this.worker + ".tsv"),
				StandardOpenOption.CREATE, StandardOpenOption.APPEND));
	}

	public static void main(String[] arguments) throws Exception {
		Map<String, String> args = new HashMap<>();
		for (String argument : arguments) {
			int equals = argument.indexOf('=');
			args.put(argument.substring(0, equals), argument.substring(equals + 1));
		}
		CampaignWorker worker = new CampaignWorker(args);
		try {
			worker.run();
		}
		catch (Exception | Error ex) {
			worker.record("ERROR\t" + worker.worker + "\tmain\t" + ex);
			ex.printStackTrace();
			System.exit(1);
		}
		System.exit(0);
	}

	private void run() throws Exception {
		LeaderWorkload leader = new LeaderWorkload(this.worker, this::record, this.operations);
		CoordinationWorkload coordination = new CoordinationWorkload(this.worker, this::record, this.operations);
		ScheduledJobWorkload jobs = new ScheduledJobWorkload(this.worker, this::record, this.operations);
		WorkerClient client = Backend.of(this.args.get("backend"))
			.connect(this.args, new CompositeLockListener(List.of(leader, jobs)));
		LockRegistry registry = client.registry();
		LockOperations locks = new LockTemplate(registry, new LockListener() {
		}, true);
		if (registry instanceof AsyncLockRegistry async && async.asyncTypes().contains(LockType.MUTEX)) {
			this.asyncLocks = async;
			this.asyncReadWrite = async.asyncTypes().containsAll(EnumSet.of(LockType.READ, LockType.WRITE));
		}
		int lockThreads = Integer.parseInt(this.args.get("threads"));
		// one more thread for multi-key locks and revocation
		int threads = lockThreads + 1;
		long seed = Long.parseLong(this.args.get("seed"));
		long[] opStarted = new long[threads];
		long[] opWait = new long[threads];
		CountDownLatch done = new CountDownLatch(threads);
		List<Thread> workers = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			int index = t;
			Random random = new Random(seed * 31 + this.worker.hashCode() * 7L + index);
			Thread thread = new Thread(() -> {
				try (Connection connection = CampaignDatabase.connect(this.args.get("db"))) {
					GuardedCounter counter = new GuardedCounter(connection, random);
					while (!this.stopping) {
						if (this.paused) {
							opStarted[index] = 0;
							Thread.sleep(20);
							continue;
						}
						Duration wait = Duration.ofMillis(1_000 + random.nextInt(2_000));
						opWait[index] = wait.toNanos();
						opStarted[index] = System.nanoTime();
						if (index < lockThreads) {
							operation(locks, counter, random, wait, index);
						}
						else {
							coordination.operation(locks, counter, random, wait, index);
						}
						opStarted[index] = 0;
					}
				}
				catch (Exception | Error ex) {
					// an Error too: a thread that died silently would only show as a worker that never pauses
					record("ERROR\t" + this.worker + "\t" + index + "\t" + ex);
					// its stack, for the worker's log: where a thread died is what a replay needs
					ex.printStackTrace();
				}
				finally {
					done.countDown();
				}
			}, "campaign-" + this.worker + "-" + t);
			workers.add(thread);
			thread.start();
		}
		leader.start(registry, this.args.get("db"), new Random(seed * 31 + this.worker.hashCode() * 7L + threads),
				threads, () -> this.paused, () -> this.stopping);
		jobs.start(locks, this.args.get("db"), new Random(seed * 31 + this.worker.hashCode() * 7L + threads + 1),
				Long.parseLong(this.args.get("start")), threads + 1, () -> this.paused, () -> this.stopping);
		EventThreadProbe probe = new EventThreadProbe((line) -> record("EVENT_THREAD_BLOCKED\t" + this.worker + "\t" + line));
		probe.start();
		Files.writeString(this.dir.resolve("ready-" + this.worker), "ready");
		boolean pausedReported = false;
		long pausedSince = 0;
		// how often the worker's cache kept locks when looked at, and the most at once
		long cachedSamples = 0;
		int mostCached = 0;
		// since when the client has been deaf to a disconnection, and whether it was recorded
		long deafSince = 0;
		boolean deafRecorded = false;
		while (!this.stopping) {
			this.stopping = Files.exists(this.dir.resolve("stop"));
			this.paused = Files.exists(this.dir.resolve("pause"));
			if (this.paused && !pausedReported) {
				if (idle(opStarted) && leader.idle() && jobs.idle()) {
					Files.writeString(this.dir.resolve("paused-" + this.worker), Long.toString(this.operations.get()));
					pausedReported = true;
				}
				else if (pausedSince == 0) {
					pausedSince = System.nanoTime();
				}
				else if (System.nanoTime() - pausedSince > PAUSE_REPORT_NANOS) {
					reportBusyWhilePaused(opStarted, leader.idle(), jobs.idle());
					pausedSince = Long.MAX_VALUE / 2;
				}
			}
			Path expire = this.dir.resolve("expire-" + this.worker);
			if (Files.exists(expire)) {
				Files.delete(expire);
				long[] expiry = client.expireSession();
				record("EXPIRED\t" + this.worker + "\t" + expiry[0] + "\t" + expiry[1]);
			}
			long now = System.nanoTime();
			for (int t = 0; t < threads; t++) {
				long started = opStarted[t];
				if (started != 0 && now - started > opWait[t] + STUCK_AFTER_NANOS) {
					record("STUCK\t" + this.worker + "\t" + t + "\t" + workers.get(t).getState());
					opStarted[t] = 0;
				}
			}
			if (client.deafToDisconnection()) {
				deafSince = (deafSince == 0) ? now : deafSince;
				if (!deafRecorded && now - deafSince > DEAF_NANOS) {
					record("DEAF\t" + this.worker + "\t" + deafSince + "\t" + now);
					deafRecorded = true;
				}
			}
			else {
				deafSince = 0;
				deafRecorded = false;
			}
			int cachedNow = (registry instanceof LockIntrospection introspection) ? introspection.cachedLocks().size() : 0;
			if (cachedNow > 0) {
				cachedSamples++;
				mostCached = Math.max(mostCached, cachedNow);
			}
			Thread.sleep(50);
		}
		record("CACHED\t" + this.worker + "\t" + cachedSamples + "\t" + mostCached);
		boolean finished = done.await(60, TimeUnit.SECONDS);
		if (!finished || !leader.awaitEnd(Duration.ofSeconds(30)) || !jobs.awaitEnd(Duration.ofSeconds(30))) {
			record("STUCK\t" + this.worker + "\tstop\tthreads did not finish after stop");
		}
		client.close();
		this.history.close();
		Files.writeString(this.dir.resolve("stopped-" + this.worker), Long.toString(this.operations.get()));
	}

	/**
	 * Tells which part of a worker has not become idle since the campaign paused, with the top of
	 * those threads' stacks (the report shows it), and writes every thread's stack to
	 * {@code threads-<worker>.txt} in the run directory.
	 */
	private void reportBusyWhilePaused(long[] opStarted, boolean leaderIdle, boolean jobsIdle) throws IOException {
		List<String> busy = new ArrayList<>();
		for (int t = 0; t < opStarted.length; t++) {
			if (opStarted[t] != 0) {
				busy.add("campaign-" + this.worker + "-" + t);
			}
		}
		if (!leaderIdle) {
			busy.add("campaign-" + this.worker + "-leader");
		}
		if (!jobsIdle) {
			busy.add("campaign-" + this.worker + "-jobs");
		}
		StringBuilder dump = new StringBuilder();
		StringBuilder tops = new StringBuilder();
		Thread.getAllStackTraces().forEach((thread, stack) -> {
			dump.append('"').append(thread.getName()).append("\" ").append(thread.getState()).append('\n');
			for (StackTraceElement frame : stack) {
				dump.append("\tat ").append(frame).append('\n');
			}
			dump.append('\n');
			if (busy.contains(thread.getName())) {
				tops.append("; ").append(thread.getName()).append(' ').append(thread.getState()).append(" at ");
				Arrays.stream(stack).limit(12).forEach((frame) -> tops.append(frame).append(" < "));
			}
		});
		Path file = this.dir.resolve("threads-" + this.worker + ".txt");
		Files.writeString(file, dump);
		record("STUCK\t" + this.worker + "\tpause\tnot idle after the pause: " + busy + tops + " (all stacks in "
				+ file + ")");
	}

	private static boolean idle(long[] opStarted) {
		for (long started : opStarted) {
			if (started != 0) {
				return false;
			}
		}
		return true;
	}

	/**
	 * One operation: a lock type and key, the critical section, and its line in the history.
	 */
	private void operation(LockOperations locks, GuardedCounter counter, Random random, Duration wait, int thread)
			throws InterruptedException {
		int family = random.nextInt(10);
		String familyName = (family < 4) ? "m" : (family < 6) ? "s" : "rw";
		String key = key(familyName, random);
		int choice = random.nextInt(100);
		Kind kind = switch (familyName) {
			case "m" -> (choice < 50) ? Kind.MUTEX
					: (choice < 75 && this.asyncLocks != null) ? Kind.ASYNC_MUTEX : Kind.NESTED_MUTEX;
			case "s" -> Kind.SEMAPHORE_MUTEX;
			default -> (choice < 30) ? Kind.WRITE
					: (choice < 40) ? (this.asyncReadWrite ? Kind.ASYNC_WRITE : Kind.WRITE)
					: (choice < 60) ? Kind.READ
					: (choice < 75) ? (this.asyncReadWrite ? Kind.ASYNC_READ : Kind.READ) : Kind.READ_IN_WRITE;
		};
		long op = this.operations.incrementAndGet();
		long start = 0;
		long end = 0;
		long token = 0;
		long innerToken = 0;
		String outcome;
		LockState endState = null;
		try (LockHandle outer = kind.isAsync() ? acquireAsync(request(key, kind.outerType(), wait))
				: locks.acquire(request(key, kind.outerType(), wait))) {
			start = System.nanoTime();
			token = outer.fencingToken();
			outcome = switch (kind) {
				case MUTEX, ASYNC_MUTEX, SEMAPHORE_MUTEX, WRITE, ASYNC_WRITE ->
					counter.increment(key, outer, this.worker, op).name();
				case LEADER, MULTI, REVOCABLE, NOT_REVOCABLE, JOB ->
					throw new IllegalStateException(kind + " is another workload's");
				case READ, ASYNC_READ -> counter.readTwice(key, outer).name();
				case NESTED_MUTEX -> {
					Thread.sleep(random.nextInt(NESTED_GAP_MS));
					try (LockHandle inner = locks.acquire(request(key, LockType.MUTEX, wait))) {
						innerToken = inner.fencingToken();
						checkNotHeldInsideALostLock(outer, inner, op);
						yield counter.increment(key, inner, this.worker, op).name();
					}
				}
				case READ_IN_WRITE -> {
					GuardedCounter.Outcome written = counter.increment(key, outer, this.worker, op);
					Thread.sleep(random.nextInt(NESTED_GAP_MS));
					try (LockHandle inner = locks.acquire(request(key, LockType.READ, wait))) {
						innerToken = inner.fencingToken();
						checkNotHeldInsideALostLock(outer, inner, op);
						GuardedCounter.Outcome read = counter.readTwice(key, inner);
						yield written.name() + "+" + read.name();
					}
				}
			};
			end = System.nanoTime();
			endState = outer.state();
		}
		catch (DistributedLockException ex) {
			if (start != 0 && end == 0) {
				end = System.nanoTime();
			}
			outcome = ex.getClass().getSimpleName();
		}
		record(new Operation(this.worker, thread, op, key, kind, token, innerToken, start, end, outcome,
				String.valueOf(endState)).line());
	}

	/**
	 * A lock acquired with no thread waiting in the library ({@link AsyncLockRegistry}), awaited
	 * here: the worker's critical section then runs on its thread, the lock owned by no thread.
	 */
	private LockHandle acquireAsync(LockRequest request) throws InterruptedException {
		AsyncLockRegistry async = this.asyncLocks;
		try {
			return async.acquireAsync(request).get();
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof RuntimeException failure) {
				throw failure;
			}
			throw new IllegalStateException("Asynchronous acquisition failed", ex.getCause());
		}
	}

	/**
	 * A request of this worker, with the worker as its owner if the backend's cluster asked for
	 * it ({@code owners=true}: the orchestrator then finds the worker's contenders).
	 */
	private LockRequest request(String key, LockType type, Duration wait) {
		LockRequest request = new LockRequest(key, type, wait, "campaign");
		return Boolean.parseBoolean(this.args.get("owners")) ? request.withOwner(this.worker) : request;
	}

	/**
	 * A nested lock is only as good as the lock around it: it must never be reported held
	 * while the outer lock is lost.
	 */
	private void checkNotHeldInsideALostLock(LockHandle outer, LockHandle inner, long op) {
		LockState innerState = inner.state();
		LockState outerState = outer.state();
		if (innerState == LockState.HELD && outerState == LockState.LOST) {
			record("NESTED_HELD_IN_LOST\t" + this.worker + "\t" + op + "\t" + inner.key() + "\tinner " + innerState
					+ ", outer " + outerState);
		}
	}

	/**
	 * A hot key of the family, or one of the new keys of the current period: new keys are used
	 * by every worker for a couple of seconds, then never again.
	 */
	private String key(String family, Random random) {
		if (random.nextInt(10) < 7) {
			return family + "-hot-" + random.nextInt(HOT_KEYS);
		}
		long period = (System.currentTimeMillis() - Long.parseLong(this.args.get("start"))) / FRESH_KEY_MILLIS;
		if (period >= Long.parseLong(this.args.get("periods"))) {
			return family + "-hot-" + random.nextInt(HOT_KEYS);
		}
		return freshKey(family, period, random.nextInt(FRESH_KEYS_PER_PERIOD));
	}

	static String freshKey(String family, long period, int index) {
		return family + "-fresh-" + period + "-" + index;
	}

	private synchronized void record(String line) {
		this.history.println(line);
		this.history.flush();
	}

	/**
	 * What a worker does in one operation.
	 */
	enum Kind {

		MUTEX, SEMAPHORE_MUTEX, WRITE, READ, NESTED_MUTEX, READ_IN_WRITE,

		/** A {@code MUTEX} acquired with no thread waiting ({@code AsyncLockRegistry}). */
		ASYNC_MUTEX,

		/** A {@code WRITE} acquired with no thread waiting. */
		ASYNC_WRITE,

		/** A {@code READ} acquired with no thread waiting. */
		ASYNC_READ,

		/** Leader work in the election, its token the term's epoch ({@link LeaderWorkload}). */
		LEADER,

		/** One key's part of a multi-key lock ({@link CoordinationWorkload}). */
		MULTI,

		/** A revocable holder, which gives its lock up when asked ({@link CoordinationWorkload}). */
		REVOCABLE,

		/** A holder that is not revocable, on the keys of revocable ones. */
		NOT_REVOCABLE,

		/** A run of a scheduled job with {@code holdAtLeast} ({@link ScheduledJobWorkload}). */
		JOB;

		LockType outerType() {
			return switch (this) {
				case MUTEX, ASYNC_MUTEX, NESTED_MUTEX, LEADER, MULTI, REVOCABLE, NOT_REVOCABLE -> LockType.MUTEX;
				case SEMAPHORE_MUTEX, JOB -> LockType.SEMAPHORE_MUTEX;
				case WRITE, READ_IN_WRITE, ASYNC_WRITE -> LockType.WRITE;
				case READ, ASYNC_READ -> LockType.READ;
			};
		}

		/** Whether the lock is acquired with no thread waiting. */
		boolean isAsync() {
			return this == ASYNC_MUTEX || this == ASYNC_WRITE || this == ASYNC_READ;
		}

	}

}
