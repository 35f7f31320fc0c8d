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

import java.util.List;

/**
 * One measured window of one implementation in one scenario.
 *
 * @param scenario the scenario
 * @param implementation the implementation
 * @param repetition which repetition (from 0)
 * @param total every process's cycles together
 * @param processes each process's own (one element for the in-JVM scenarios), without their
 * sections
 * @param handOvers the cross-process hand-overs on the key, from the processes' sections
 * ({@link HandOvers#NONE} in the scenarios of one process)
 * @param server what the ZooKeeper server counted during the window (not a measure of the
 * Redisson peer, which is not on it: its per-cycle counts are NaN)
 */
record Measurement(Scenario scenario, Implementation implementation, int repetition, WindowResult total,
		List<WindowResult> processes, HandOvers handOvers, ServerCounters server) {

	/**
	 * A measurement from the processes' results, whose sections give the hand-overs and are then
	 * dropped, so that a run keeps no more than their hand-overs.
	 * @param scenario the scenario
	 * @param implementation the implementation
	 * @param repetition which repetition (from 0)
	 * @param processes each process's result, in process order
	 * @param server what the ZooKeeper server counted during the window
	 * @return the measurement
	 */
	static Measurement of(Scenario scenario, Implementation implementation, int repetition,
			List<WindowResult> processes, ServerCounters server) {
		HandOvers handOvers = scenario.crossProcess()
				? HandOvers.between(processes.stream().map(WindowResult::sections).toList()) : HandOvers.NONE;
		List<WindowResult> kept = processes.stream().map(WindowResult::withoutSections).toList();
		return new Measurement(scenario, implementation, repetition, WindowResult.merge(kept), kept, handOvers,
				server);
	}

	double cyclesPerSecond() {
		return this.total.cyclesPerSecond();
	}

	double p50Millis() {
		return this.total.cycleMillis(0.50);
	}

	double p99Millis() {
		return this.total.cycleMillis(0.99);
	}

	/** CPU of the client processes per cycle, microseconds. */
	double cpuMicrosPerCycle() {
		return this.total.cpuMicrosPerCycle();
	}

	/** CPU of the threads that ran the cycles, per cycle, microseconds. */
	double callerCpuMicrosPerCycle() {
		return this.total.callerCpuMicrosPerCycle();
	}

	double requestsPerCycle() {
		return perCycle(this.server.packets());
	}

	double writesPerCycle() {
		return perCycle(this.server.writes());
	}

	double readsPerCycle() {
		return perCycle(this.server.reads());
	}

	double fsyncsPerCycle() {
		return perCycle(this.server.fsyncs());
	}

	/** A process's share of the cycles, from 0 to 1. */
	double share(int process) {
		return (this.total.cycles() > 0) ? (double) this.processes.get(process).cycles() / this.total.cycles() : 0;
	}

	double p99WaitMillis(int process) {
		return this.processes.get(process).waitMillis(0.99);
	}

	/**
	 * A quantile of the cross-process hand-overs, in milliseconds; NaN where there are none or the
	 * implementation is no lock (the floor's sections overlap).
	 */
	double handOverMillis(double quantile) {
		return this.implementation.isLock() ? this.handOvers.millis(quantile) : Double.NaN;
	}

	double handOverP50Millis() {
		return handOverMillis(0.50);
	}

	double handOverP99Millis() {
		return handOverMillis(0.99);
	}

	/** Cross-process hand-overs per second of the window; NaN outside the multi-process one-key scenarios. */
	double handOversPerSecond() {
		return (this.scenario.crossProcess() && this.implementation.isLock() && this.total.elapsedNanos() > 0)
				? this.handOvers.count() * 1e9 / this.total.elapsedNanos() : Double.NaN;
	}

	/**
	 * Critical sections on one key that overlapped: within a process (seen there), and across
	 * processes (from the hand-overs).
	 */
	long overlaps() {
		return this.total.overlaps() + this.handOvers.overlaps();
	}

	private double perCycle(long count) {
		return (this.total.cycles() > 0 && this.implementation.onZooKeeper()) ? (double) count / this.total.cycles()
				: Double.NaN;
	}

	/** One line of progress. */
	String describe() {
		StringBuilder line = new StringBuilder(String.format("%-20s %-16s rep %d: %7.0f cycles/s  p50 %s ms  p99 %s ms  "
				+ "%s requests/cycle", this.scenario.id(), this.implementation.id(), this.repetition + 1,
				cyclesPerSecond(), Report.millis(p50Millis()), Report.millis(p99Millis()),
				Report.decimal(requestsPerCycle())));
		if (this.processes.size() > 1) {
			line.append("  shares");
			for (int i = 0; i < this.processes.size(); i++) {
				line.append(String.format(" %.0f%%", share(i) * 100));
			}
		}
		if (this.scenario.crossProcess() && this.implementation.isLock()) {
			line.append(String.format("  hand-overs %.0f/s p50 %s ms p99 %s ms", handOversPerSecond(),
					Report.millis(handOverP50Millis()), Report.millis(handOverP99Millis())));
		}
		if (this.total.errors() > 0) {
			line.append("  errors ").append(this.total.errors()).append(" (").append(this.total.firstError()).append(')');
		}
		if (overlaps() > 0 && this.implementation.isLock()) {
			line.append("  OVERLAPS ").append(overlaps());
		}
		return line.toString();
	}

}
