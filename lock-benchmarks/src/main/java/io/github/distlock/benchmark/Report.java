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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;

import org.jspecify.annotations.Nullable;

/**
 * The results as Markdown: a table per scenario and summary tables. Every figure is the median
 * over the repetitions of that implementation in that scenario; ratios divide it by the
 * reference's median ({@link Implementation#REFERENCE}) and by the peer's
 * ({@link Implementation#PEER}, Redisson).
 */
final class Report {

	private final List<Scenario> scenarios;

	private final List<Implementation> implementations;

	private final List<Measurement> measurements;

	Report(List<Scenario> scenarios, List<Implementation> implementations, List<Measurement> measurements) {
		this.scenarios = scenarios;
		this.implementations = implementations;
		this.measurements = measurements;
	}

	String scenarioTables() {
		StringBuilder out = new StringBuilder();
		for (Scenario scenario : this.scenarios) {
			if (!hasResults(scenario)) {
				continue;
			}
			out.append("### ").append(scenario.label()).append(" (`").append(scenario.id()).append("`)\n\n");
			out.append(referenceNote(scenario)).append("\n\n");
			out.append(scenarioTable(scenario)).append('\n');
		}
		return out.toString();
	}

	private String scenarioTable(Scenario scenario) {
		List<String> header = new ArrayList<>(List.of("implementation", "cycles/s", "min–max", "p50 ms", "p99 ms",
				"requests/cycle", "writes", "reads", "fsyncs", "client CPU µs/cycle", "caller CPU µs/cycle",
				"cycles/s vs ref", "p50 vs ref", "p99 vs ref", "requests vs ref", "client CPU vs ref",
				"caller CPU vs ref", "cycles/s vs Redisson", "p99 vs Redisson"));
		boolean processes = scenario.processes() > 1;
		if (processes) {
			header.addAll(List.of("share of cycles per process", "p99 wait per process ms"));
		}
		if (scenario.crossProcess()) {
			header.addAll(List.of("cross-process hand-overs/s", "cross-process hand-over p50 ms",
					"cross-process hand-over p99 ms"));
		}
		header.addAll(List.of("overlaps", "errors"));
		MarkdownTable table = new MarkdownTable(header.toArray(String[]::new));
		Cell reference = cell(scenario, Implementation.REFERENCE);
		Cell peer = cell(scenario, Implementation.PEER);
		for (Implementation implementation : this.implementations) {
			Cell cell = cell(scenario, implementation);
			if (cell == null) {
				continue;
			}
			List<String> row = new ArrayList<>(List.of(implementation.label(), integer(cell.median(Measurement::cyclesPerSecond)),
					integer(cell.min(Measurement::cyclesPerSecond)) + "–" + integer(cell.max(Measurement::cyclesPerSecond)),
					millis(cell.median(Measurement::p50Millis)), millis(cell.median(Measurement::p99Millis)),
					decimal(cell.median(Measurement::requestsPerCycle)), decimal(cell.median(Measurement::writesPerCycle)),
					decimal(cell.median(Measurement::readsPerCycle)), decimal(cell.median(Measurement::fsyncsPerCycle)),
					integer(cell.median(Measurement::cpuMicrosPerCycle)),
					integer(cell.median(Measurement::callerCpuMicrosPerCycle)),
					ratio(cell, reference, Measurement::cyclesPerSecond), ratio(cell, reference, Measurement::p50Millis),
					ratio(cell, reference, Measurement::p99Millis), ratio(cell, reference, Measurement::requestsPerCycle),
					ratio(cell, reference, Measurement::cpuMicrosPerCycle),
					ratio(cell, reference, Measurement::callerCpuMicrosPerCycle),
					ratio(cell, peer, Measurement::cyclesPerSecond), ratio(cell, peer, Measurement::p99Millis)));
			if (processes) {
				row.add(perProcess(scenario, (p) -> String.format(Locale.ROOT, "%.0f%%",
						cell.median((m) -> m.share(p)) * 100)));
				row.add(perProcess(scenario, (p) -> millis(cell.median((m) -> m.p99WaitMillis(p)))));
			}
			if (scenario.crossProcess()) {
				row.add(implementation.isLock() ? integer(cell.median(Measurement::handOversPerSecond)) : "n/a");
				row.add(implementation.isLock() ? millis(cell.median(Measurement::handOverP50Millis)) : "n/a");
				row.add(implementation.isLock() ? millis(cell.median(Measurement::handOverP99Millis)) : "n/a");
			}
			long overlaps = cell.sum(Measurement::overlaps);
			row.add(implementation.isLock() ? String.valueOf(overlaps) : "n/a");
			row.add(String.valueOf(cell.sum((m) -> m.total().errors())));
			table.row(row);
		}
		return table.toString();
	}

	String summaryTables() {
		StringBuilder out = new StringBuilder();
		summarySection(out, "cycles/s", Measurement::cyclesPerSecond, Report::integer, true);
		summarySection(out, "p99 of a cycle, ms", Measurement::p99Millis, Report::millis, true);
		summarySection(out, "ZooKeeper requests per cycle", Measurement::requestsPerCycle, Report::decimal, false);
		summarySection(out, "client CPU per cycle, µs", Measurement::cpuMicrosPerCycle, Report::integer, true);
		summarySection(out, "caller-thread CPU per cycle, µs", Measurement::callerCpuMicrosPerCycle, Report::integer,
				true);
		if (this.scenarios.stream().anyMatch(this::hasHandOvers)) {
			summarySection(out, "cross-process hand-over p50, ms", Measurement::handOverP50Millis, Report::millis,
					true, this::hasHandOvers);
			summarySection(out, "cross-process hand-over p99, ms", Measurement::handOverP99Millis, Report::millis,
					true, this::hasHandOvers);
		}
		return out.toString();
	}

	private boolean hasHandOvers(Scenario scenario) {
		return scenario.crossProcess() && hasResults(scenario);
	}

	private void summarySection(StringBuilder out, String title, ToDoubleFunction<Measurement> metric,
			DoubleFunction<String> format, boolean peerHasIt) {
		summarySection(out, title, metric, format, peerHasIt, this::hasResults);
	}

	/**
	 * One summary table: the metric's median and its ratio to the reference, per scenario (those
	 * it is shown for) and implementation, and its ratio to the peer where the peer has the metric
	 * and was measured.
	 */
	private void summarySection(StringBuilder out, String title, ToDoubleFunction<Measurement> metric,
			DoubleFunction<String> format, boolean peerHasIt, Predicate<Scenario> shown) {
		if (!out.isEmpty()) {
			out.append('\n');
		}
		boolean toPeer = peerHasIt
				&& this.measurements.stream().anyMatch((m) -> m.implementation() == Implementation.PEER);
		out.append("### Summary: ").append(title)
			.append(toPeer ? " (ratio to the reference; to Redisson)\n\n" : " (ratio to the reference)\n\n")
			.append(summary((cell, reference, peer) -> Double.isFinite(cell.median(metric))
					? format.apply(cell.median(metric)) + " (" + ratio(cell, reference, metric)
							+ (toPeer ? "; Redisson " + ratio(cell, peer, metric) : "") + ")"
					: "—", shown));
	}

	private String summary(SummaryCell format, Predicate<Scenario> shown) {
		List<String> header = new ArrayList<>(List.of("scenario"));
		this.implementations.forEach((implementation) -> header.add(implementation.label()));
		MarkdownTable table = new MarkdownTable(header.toArray(String[]::new));
		for (Scenario scenario : this.scenarios) {
			if (!shown.test(scenario)) {
				continue;
			}
			List<String> row = new ArrayList<>(List.of(scenario.label()));
			Cell reference = cell(scenario, Implementation.REFERENCE);
			Cell peer = cell(scenario, Implementation.PEER);
			for (Implementation implementation : this.implementations) {
				Cell cell = cell(scenario, implementation);
				row.add((cell != null) ? format.apply(cell, reference, peer) : "—");
			}
			table.row(row);
		}
		return table.toString();
	}

	private static String referenceNote(Scenario scenario) {
		String note = "Reference for the ratios: " + Implementation.REFERENCE.label();
		if (scenario.threads() == 1 && scenario.processes() == 1) {
			note += scenario.fixedKeys()
					? " (with one thread, the one instance it reuses: the two Curator rows run the same code)"
					: " (a new instance for every key; the shared variant keeps one per key in a map, never evicted)";
		}
		else {
			note += " (each thread its own instance on the same path)";
		}
		return note + ". Floor: not a lock (no mutual exclusion), the least a lock node costs. Peer for the "
				+ "\"vs Redisson\" columns: " + Implementation.PEER.label() + ", one Redis server, whose requests, "
				+ "writes, reads and fsyncs ZooKeeper does not count (—).";
	}

	private String perProcess(Scenario scenario, Function<Integer, String> value) {
		return String.join(" / ", IntStream.range(0, scenario.processes()).mapToObj(value::apply).toList());
	}

	private boolean hasResults(Scenario scenario) {
		return this.measurements.stream().anyMatch((m) -> m.scenario() == scenario);
	}

	private @Nullable Cell cell(Scenario scenario, Implementation implementation) {
		List<Measurement> of = this.measurements.stream()
			.filter((m) -> m.scenario() == scenario && m.implementation() == implementation)
			.toList();
		return of.isEmpty() ? null : new Cell(of);
	}

	private static String ratio(Cell cell, @Nullable Cell reference, ToDoubleFunction<Measurement> metric) {
		if (reference == null) {
			return "—";
		}
		double base = reference.median(metric);
		double value = cell.median(metric);
		return (base > 0 && Double.isFinite(value)) ? String.format(Locale.ROOT, "×%.2f", value / base) : "—";
	}

	static String integer(double value) {
		return Double.isFinite(value) ? String.format(Locale.ROOT, "%.0f", value) : "—";
	}

	static String decimal(double value) {
		return Double.isFinite(value) ? String.format(Locale.ROOT, "%.2f", value) : "—";
	}

	static String millis(double value) {
		if (!Double.isFinite(value)) {
			return "—";
		}
		return String.format(Locale.ROOT, (value < 1) ? "%.3f" : (value < 10) ? "%.2f" : "%.1f", value);
	}

	@FunctionalInterface
	private interface SummaryCell {

		String apply(Cell cell, @Nullable Cell reference, @Nullable Cell peer);

	}

	/** The repetitions of one implementation in one scenario. */
	private record Cell(List<Measurement> repetitions) {

		double median(ToDoubleFunction<Measurement> metric) {
			double[] values = this.repetitions.stream().mapToDouble(metric).filter(Double::isFinite).sorted().toArray();
			if (values.length == 0) {
				return Double.NaN;
			}
			int middle = values.length / 2;
			return (values.length % 2 == 1) ? values[middle] : (values[middle - 1] + values[middle]) / 2;
		}

		double min(ToDoubleFunction<Measurement> metric) {
			return this.repetitions.stream().mapToDouble(metric).min().orElse(Double.NaN);
		}

		double max(ToDoubleFunction<Measurement> metric) {
			return this.repetitions.stream().mapToDouble(metric).max().orElse(Double.NaN);
		}

		long sum(ToLongFunction<Measurement> metric) {
			return this.repetitions.stream().mapToLong(metric).sum();
		}

	}

}
