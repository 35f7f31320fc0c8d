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

import java.util.Arrays;
import java.util.List;

/**
 * The cross-process hand-overs of a window on one key: for each two consecutive critical sections
 * (by their start, over every process) held by different processes, the time from the end of the
 * earlier one (before its holder's release call, so the release's round trip counts) to the
 * start of the next one (its holder's lock granted).
 * <p>
 * The sections of different JVMs are compared by their {@link System#nanoTime()}: on Linux,
 * HotSpot reads it from {@code CLOCK_MONOTONIC}, one clock for the whole machine (time since
 * boot), so that the values of processes on one machine are comparable. That is an assumption of
 * this harness, true of the Linux machine it runs on, not a promise of the Java API (which only
 * compares values within one JVM); on another system the figures may be meaningless.
 *
 * @param nanos the duration of each hand-over, sorted (negative for an overlap)
 * @param overlaps hand-overs whose next section began before the earlier one ended: critical
 * sections of two processes at once (mutual exclusion broken, or clocks not comparable after all)
 */
record HandOvers(long[] nanos, long overlaps) {

	/** No hand-over: the scenarios of one process. */
	static final HandOvers NONE = new HandOvers(new long[0], 0);

	/**
	 * The hand-overs between the processes' sections, over the span where every process's record
	 * is complete ({@link Sections#completeUntil()}).
	 * @param processes each process's sections, in process order
	 * @return the hand-overs
	 */
	static HandOvers between(List<Sections> processes) {
		long horizon = processes.stream().mapToLong(Sections::completeUntil).min().orElse(Long.MAX_VALUE);
		int total = processes.stream().mapToInt(Sections::size).sum();
		long[] starts = new long[total];
		long[] ends = new long[total];
		int[] owners = new int[total];
		int size = merge(processes, horizon, starts, ends, owners);
		long[] nanos = new long[size];
		int count = 0;
		long overlaps = 0;
		for (int i = 1; i < size; i++) {
			if (owners[i] != owners[i - 1]) {
				long gap = starts[i] - ends[i - 1];
				nanos[count++] = gap;
				if (gap < 0) {
					overlaps++;
				}
			}
		}
		long[] sorted = Arrays.copyOf(nanos, count);
		Arrays.sort(sorted);
		return new HandOvers(sorted, overlaps);
	}

	/**
	 * Merges the processes' sections that began before the horizon by their start (each process's
	 * are ordered already), noting whose each is.
	 * @return how many were merged
	 */
	private static int merge(List<Sections> processes, long horizon, long[] starts, long[] ends, int[] owners) {
		int[] next = new int[processes.size()];
		int size = 0;
		while (true) {
			int earliest = -1;
			for (int p = 0; p < processes.size(); p++) {
				Sections sections = processes.get(p);
				if (next[p] < sections.size() && sections.starts()[next[p]] < horizon && (earliest < 0
						|| sections.starts()[next[p]] < processes.get(earliest).starts()[next[earliest]])) {
					earliest = p;
				}
			}
			if (earliest < 0) {
				return size;
			}
			Sections sections = processes.get(earliest);
			starts[size] = sections.starts()[next[earliest]];
			ends[size] = sections.ends()[next[earliest]];
			owners[size] = earliest;
			next[earliest]++;
			size++;
		}
	}

	long count() {
		return this.nanos.length;
	}

	/** A quantile of the hand-overs, in milliseconds; NaN when there were none. */
	double millis(double quantile) {
		return WindowResult.percentile(this.nanos, quantile) / 1e6;
	}

}
