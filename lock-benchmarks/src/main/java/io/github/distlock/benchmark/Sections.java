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

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The critical sections one process ran on its key in a window, by {@link System#nanoTime()}: when
 * each began (its lock granted) and ended (before its release call), ordered by their start. Only
 * the multi-process one-key scenarios record them ({@link Scenario#crossProcess()}), so that
 * {@link HandOvers} can pair the sections of different processes.
 * <p>
 * Bounded: a process records at most {@link #MAX_PER_PROCESS} sections a window (16 bytes each),
 * split evenly between its threads; a thread past its share records no more, and
 * {@code completeUntil} says from when the record is no longer complete.
 *
 * @param starts when each section began, ascending
 * @param ends when each ended, in the same order as {@code starts}
 * @param completeUntil every section that began before this instant is recorded
 * ({@link Long#MAX_VALUE} when none was dropped)
 */
record Sections(long[] starts, long[] ends, long completeUntil) {

	/** At most this many sections are recorded per process and window: 4 MiB. */
	static final int MAX_PER_PROCESS = 1 << 18;

	/** No section recorded: the scenarios of one process, and the merged result of several. */
	static final Sections NONE = new Sections(new long[0], new long[0], Long.MAX_VALUE);

	Sections {
		if (starts.length != ends.length) {
			throw new IllegalArgumentException(starts.length + " starts but " + ends.length + " ends");
		}
	}

	/**
	 * A process's sections from those of its threads, ordered by their start.
	 * @param starts when each section began, per thread
	 * @param ends when each ended, per thread, in the same order
	 * @param completeUntil the earliest start a thread dropped, or {@link Long#MAX_VALUE}
	 * @return the sections
	 */
	static Sections of(long[] starts, long[] ends, long completeUntil) {
		Integer[] order = IntStream.range(0, starts.length).boxed().toArray(Integer[]::new);
		Arrays.sort(order, Comparator.comparingLong((i) -> starts[i]));
		long[] sortedStarts = new long[starts.length];
		long[] sortedEnds = new long[ends.length];
		for (int i = 0; i < order.length; i++) {
			sortedStarts[i] = starts[order[i]];
			sortedEnds[i] = ends[order[i]];
		}
		return new Sections(sortedStarts, sortedEnds, completeUntil);
	}

	int size() {
		return this.starts.length;
	}

	void writeTo(DataOutputStream out) throws IOException {
		out.writeLong(this.completeUntil);
		out.writeInt(this.starts.length);
		for (int i = 0; i < this.starts.length; i++) {
			out.writeLong(this.starts[i]);
			out.writeLong(this.ends[i]);
		}
	}

	static Sections readFrom(DataInputStream in) throws IOException {
		long completeUntil = in.readLong();
		int size = in.readInt();
		long[] starts = new long[size];
		long[] ends = new long[size];
		for (int i = 0; i < size; i++) {
			starts[i] = in.readLong();
			ends[i] = in.readLong();
		}
		return new Sections(starts, ends, completeUntil);
	}

}
