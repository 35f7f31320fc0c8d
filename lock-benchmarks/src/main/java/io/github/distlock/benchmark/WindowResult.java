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
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;

/**
 * What one measurement window gave in one process, or in several merged.
 *
 * @param elapsedNanos from the common start to the end of the last cycle
 * @param cycleNanos the duration of each completed cycle (acquire, critical section, release),
 * sorted
 * @param waitNanos the time each completed cycle waited for its lock (until the critical section
 * began), sorted
 * @param overlaps critical sections on one key that found another one running in this process
 * (mutual exclusion broken; expected only for the floor, which is not a lock)
 * @param errors cycles that failed
 * @param firstError the first failure, or an empty string
 * @param cpuNanos CPU time the process used during the window (every thread of the client
 * process: the cycling threads, Curator's and ZooKeeper's, the JIT compiler, the garbage collector)
 * @param callerCpuNanos CPU time of the cycling threads only: the lock's own work on the caller's
 * thread (the starter's or Curator's code, and the system calls it makes), without the JIT
 * compiler, the garbage collector or the ZooKeeper client's I/O thread
 * @param sections when each critical section on the key began and ended, in the multi-process
 * one-key scenarios ({@link Sections#NONE} in the others, and once merged or dropped)
 */
record WindowResult(long elapsedNanos, long[] cycleNanos, long[] waitNanos, long overlaps, long errors,
		String firstError, long cpuNanos, long callerCpuNanos, Sections sections) {

	static WindowResult of(long elapsedNanos, long[] cycleNanos, long[] waitNanos, long overlaps, long errors,
			String firstError, long cpuNanos, long callerCpuNanos, Sections sections) {
		Arrays.sort(cycleNanos);
		Arrays.sort(waitNanos);
		return new WindowResult(elapsedNanos, cycleNanos, waitNanos, overlaps, errors, firstError, cpuNanos,
				callerCpuNanos, sections);
	}

	/**
	 * The same result without its sections, to be kept once its hand-overs are taken from them.
	 * @return the result with {@link Sections#NONE}
	 */
	WindowResult withoutSections() {
		return new WindowResult(this.elapsedNanos, this.cycleNanos, this.waitNanos, this.overlaps, this.errors,
				this.firstError, this.cpuNanos, this.callerCpuNanos, Sections.NONE);
	}

	/**
	 * The windows of several processes as one: their cycles together over the longest elapsed
	 * time; without sections (the hand-overs are taken from each process's).
	 */
	static WindowResult merge(List<WindowResult> results) {
		if (results.size() == 1) {
			return results.get(0);
		}
		long elapsed = results.stream().mapToLong(WindowResult::elapsedNanos).max().orElse(0);
		long[] cycles = results.stream().flatMapToLong((r) -> Arrays.stream(r.cycleNanos())).toArray();
		long[] waits = results.stream().flatMapToLong((r) -> Arrays.stream(r.waitNanos())).toArray();
		String firstError = results.stream().map(WindowResult::firstError).filter((e) -> !e.isEmpty()).findFirst()
			.orElse("");
		return of(elapsed, cycles, waits, results.stream().mapToLong(WindowResult::overlaps).sum(),
				results.stream().mapToLong(WindowResult::errors).sum(), firstError,
				results.stream().mapToLong(WindowResult::cpuNanos).sum(),
				results.stream().mapToLong(WindowResult::callerCpuNanos).sum(), Sections.NONE);
	}

	long cycles() {
		return this.cycleNanos.length;
	}

	double cyclesPerSecond() {
		return (this.elapsedNanos > 0) ? cycles() * 1e9 / this.elapsedNanos : 0;
	}

	/** Client CPU time per completed cycle, in microseconds. */
	double cpuMicrosPerCycle() {
		return (cycles() > 0) ? this.cpuNanos / 1e3 / cycles() : Double.NaN;
	}

	/** CPU time of the cycling threads per completed cycle, in microseconds. */
	double callerCpuMicrosPerCycle() {
		return (cycles() > 0) ? this.callerCpuNanos / 1e3 / cycles() : Double.NaN;
	}

	double cycleMillis(double quantile) {
		return percentile(this.cycleNanos, quantile) / 1e6;
	}

	double waitMillis(double quantile) {
		return percentile(this.waitNanos, quantile) / 1e6;
	}

	/** Nearest-rank percentile of sorted values; NaN when there are none. */
	static double percentile(long[] sorted, double quantile) {
		if (sorted.length == 0) {
			return Double.NaN;
		}
		int rank = (int) Math.ceil(quantile * sorted.length);
		return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
	}

	/** Writes it for the harness, atomically: a reader never sees half a file. */
	void writeTo(Path file) throws IOException {
		Path partial = file.resolveSibling(file.getFileName() + ".partial");
		try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(partial))) {
			out.writeLong(this.elapsedNanos);
			out.writeLong(this.overlaps);
			out.writeLong(this.errors);
			out.writeLong(this.cpuNanos);
			out.writeLong(this.callerCpuNanos);
			out.writeUTF(this.firstError.length() > 2000 ? this.firstError.substring(0, 2000) : this.firstError);
			writeLongs(out, this.cycleNanos);
			writeLongs(out, this.waitNanos);
			this.sections.writeTo(out);
		}
		Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
	}

	static WindowResult readFrom(Path file) throws IOException {
		try (DataInputStream in = new DataInputStream(Files.newInputStream(file))) {
			long elapsed = in.readLong();
			long overlaps = in.readLong();
			long errors = in.readLong();
			long cpu = in.readLong();
			long callerCpu = in.readLong();
			String firstError = in.readUTF();
			long[] cycles = readLongs(in);
			long[] waits = readLongs(in);
			return of(elapsed, cycles, waits, overlaps, errors, firstError, cpu, callerCpu, Sections.readFrom(in));
		}
	}

	private static void writeLongs(DataOutputStream out, long[] values) throws IOException {
		out.writeInt(values.length);
		for (long value : values) {
			out.writeLong(value);
		}
	}

	private static long[] readLongs(DataInputStream in) throws IOException {
		long[] values = new long[in.readInt()];
		for (int i = 0; i < values.length; i++) {
			values[i] = in.readLong();
		}
		return values;
	}

}
