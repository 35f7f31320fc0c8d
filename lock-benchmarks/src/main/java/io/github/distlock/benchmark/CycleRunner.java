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
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * Runs cycles on a number of threads for one window: every thread starts at the same instant,
 * starts cycles until the window closes, and records the duration and the wait of each, and in
 * the multi-process one-key scenarios when each critical section began and ended
 * ({@link Sections}).
 */
final class CycleRunner {

	private CycleRunner() {
	}

	/**
	 * Runs one window.
	 * @param scenario which keys the threads lock
	 * @param process this process's index in the scenario
	 * @param contenders one per thread
	 * @param startNanos when the threads start ({@link System#nanoTime()})
	 * @param durationNanos how long they start new cycles
	 * @return what the threads did
	 * @throws InterruptedException if interrupted while waiting for the threads
	 */
	static WindowResult run(Scenario scenario, int process, List<Contender> contenders, long startNanos,
			long durationNanos) throws InterruptedException {
		long cpuBefore = processCpuNanos();
		AtomicInteger[] inside = new AtomicInteger[contenders.size()];
		Arrays.setAll(inside, (i) -> new AtomicInteger());
		List<ThreadRun> runs = new ArrayList<>();
		List<Thread> threads = new ArrayList<>();
		int sectionsPerThread = scenario.crossProcess() ? Sections.MAX_PER_PROCESS / contenders.size() : 0;
		for (int i = 0; i < contenders.size(); i++) {
			ThreadRun run = new ThreadRun(scenario, process, i, contenders.get(i), inside[scenario.slot(i)],
					sectionsPerThread);
			runs.add(run);
			Thread thread = new Thread(() -> run.run(startNanos, startNanos + durationNanos), "bench-" + i);
			threads.add(thread);
			thread.start();
		}
		for (Thread thread : threads) {
			thread.join();
		}
		long cpu = processCpuNanos() - cpuBefore;
		long end = runs.stream().mapToLong((run) -> run.finishedAt).max().orElse(startNanos);
		String firstError = runs.stream().map((run) -> run.firstError).filter((e) -> !e.isEmpty()).findFirst()
			.orElse("");
		return WindowResult.of(end - startNanos, concat(runs, (run) -> run.cycles), concat(runs, (run) -> run.waits),
				runs.stream().mapToLong((run) -> run.overlaps).sum(), runs.stream().mapToLong((run) -> run.errors).sum(),
				firstError, cpu, runs.stream().mapToLong((run) -> run.cpuNanos).sum(), sections(scenario, runs));
	}

	/** The threads' critical sections as the process's, when the scenario records them. */
	private static Sections sections(Scenario scenario, List<ThreadRun> runs) {
		if (!scenario.crossProcess()) {
			return Sections.NONE;
		}
		return Sections.of(concat(runs, (run) -> run.sectionStarts), concat(runs, (run) -> run.sectionEnds),
				runs.stream().mapToLong((run) -> run.sectionsDroppedFrom).min().orElse(Long.MAX_VALUE));
	}

	/** CPU time of this whole process so far. */
	static long processCpuNanos() {
		return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime();
	}

	private static long[] concat(List<ThreadRun> runs, Function<ThreadRun, LongList> values) {
		return runs.stream().flatMapToLong((run) -> Arrays.stream(values.apply(run).toArray())).toArray();
	}

	/** One thread's cycles; its fields are read only after the thread ended. */
	private static final class ThreadRun {

		private final Scenario scenario;

		private final int process;

		private final int thread;

		private final Contender contender;

		private final AtomicInteger inside;

		private final LongList cycles = new LongList();

		private final LongList waits = new LongList();

		/** How many critical sections it records at most: 0 where the scenario records none. */
		private final int sectionCapacity;

		private final LongList sectionStarts;

		private final LongList sectionEnds;

		/** The start of the first section it did not record, past its capacity. */
		private long sectionsDroppedFrom = Long.MAX_VALUE;

		private long acquiredAt;

		private long overlaps;

		private long errors;

		private String firstError = "";

		private long finishedAt;

		private long cpuNanos;

		ThreadRun(Scenario scenario, int process, int thread, Contender contender, AtomicInteger inside,
				int sectionCapacity) {
			this.scenario = scenario;
			this.process = process;
			this.thread = thread;
			this.contender = contender;
			this.inside = inside;
			this.sectionCapacity = sectionCapacity;
			this.sectionStarts = new LongList((sectionCapacity > 0) ? LongList.INITIAL : 0);
			this.sectionEnds = new LongList((sectionCapacity > 0) ? LongList.INITIAL : 0);
		}

		void run(long start, long end) {
			Runnable criticalSection = this::criticalSection;
			@Nullable String fixedKey = this.scenario.fixedKeys() ? this.scenario.key(this.thread, this.process) : null;
			for (long now = System.nanoTime(); now < start; now = System.nanoTime()) {
				LockSupport.parkNanos(start - now);
			}
			ThreadMXBean threads = ManagementFactory.getThreadMXBean();
			long cpuStart = threads.getCurrentThreadCpuTime();
			while (true) {
				String key = (fixedKey != null) ? fixedKey : this.scenario.key(this.thread, this.process);
				long begin = System.nanoTime();
				if (begin >= end) {
					break;
				}
				try {
					this.contender.cycle(key, criticalSection);
					this.cycles.add(System.nanoTime() - begin);
					this.waits.add(this.acquiredAt - begin);
				}
				catch (Exception ex) {
					if (this.errors++ == 0) {
						this.firstError = ex.toString();
					}
					LockSupport.parkNanos(10_000_000);
				}
			}
			this.finishedAt = System.nanoTime();
			this.cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
		}

		/**
		 * Trivial work: notes when it began and whether another holder of the key is inside, and
		 * where sections are recorded, when it ended (before the release call begins).
		 */
		private void criticalSection() {
			long began = System.nanoTime();
			this.acquiredAt = began;
			if (this.inside.incrementAndGet() != 1) {
				this.overlaps++;
			}
			this.inside.decrementAndGet();
			if (this.sectionCapacity > 0) {
				long ended = System.nanoTime();
				if (this.sectionStarts.size() < this.sectionCapacity) {
					this.sectionStarts.add(began);
					this.sectionEnds.add(ended);
				}
				else {
					this.sectionsDroppedFrom = Math.min(this.sectionsDroppedFrom, began);
				}
			}
		}

	}

	/** A growable array of longs, so that recording a cycle does not box. */
	private static final class LongList {

		static final int INITIAL = 4096;

		private long[] values;

		private int size;

		LongList() {
			this(INITIAL);
		}

		LongList(int capacity) {
			this.values = new long[capacity];
		}

		void add(long value) {
			if (this.size == this.values.length) {
				this.values = Arrays.copyOf(this.values, Math.max(INITIAL, this.size * 2));
			}
			this.values[this.size++] = value;
		}

		long[] toArray() {
			return Arrays.copyOf(this.values, this.size);
		}

		int size() {
			return this.size;
		}

	}

}
