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

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a campaign did and found: its figures, and the checker with its violations.
 */
final class CampaignResult {

	private final Backend backend;

	private final long seed;

	/** The lock cache of the workers that cache: {@code on}, {@code off} or {@code broken}. */
	private final String cache;

	private final Duration faultTime;

	private final String database;

	private final Map<Nemesis.Fault, Integer> faults;

	private final List<String> faultLog;

	private final InvariantChecker checker = new InvariantChecker();

	private final Map<String, Map<String, Integer>> outcomesByKind = new TreeMap<>();

	/** Nodes the workers' registries found stray in their own session and deleted, as logged. */
	private final List<String> strayNodesDeleted = new ArrayList<>();

	private int operations;

	/** Counts of what the coordination workers did, and how soon work resumed after faults of the servers. */
	private final Map<String, Long> figures = new LinkedHashMap<>();

	CampaignResult(Backend backend, long seed, String cache, Duration faultTime, String database,
			Map<Nemesis.Fault, Integer> faults, List<String> faultLog) {
		this.cache = cache;
		this.backend = backend;
		this.seed = seed;
		this.faultTime = faultTime;
		this.database = database;
		this.faults = faults;
		this.faultLog = faultLog;
	}

	InvariantChecker checker() {
		return this.checker;
	}

	Map<Nemesis.Fault, Integer> faults() {
		return this.faults;
	}

	Map<String, Map<String, Integer>> outcomesByKind() {
		return this.outcomesByKind;
	}

	void strayNodesDeleted(List<String> logLines) {
		this.strayNodesDeleted.addAll(logLines);
	}

	void count(List<Operation> history) {
		this.operations = history.size();
		for (Operation operation : history) {
			this.outcomesByKind.computeIfAbsent(operation.kind().name(), (kind) -> new TreeMap<>())
				.merge(operation.outcome(), 1, Integer::sum);
		}
	}

	/**
	 * Records what the coordination workers did: revocation requests that found the lock held,
	 * revocable holders told, job runs, and periods a job ran twice in because its first run's
	 * lock was lost.
	 */
	void coordination(long requestsFound, long holdersTold, long jobRuns, long jobRunsAfterLoss) {
		this.figures.put("revocation requests that found the lock held", requestsFound);
		this.figures.put("revocable holders told", holdersTold);
		this.figures.put("scheduled job runs", jobRuns);
		this.figures.put("second runs in a period after the first run's lock was lost", jobRunsAfterLoss);
	}

	/**
	 * Records how often the workers' lock caches kept locks when looked at (every 50 ms), and
	 * the most one kept at once.
	 */
	void cached(long samples, long most) {
		this.figures.put("worker looks that found cached locks", samples);
		this.figures.put("most locks a worker cached at once", most);
	}

	/**
	 * Records how many faults of the servers there were, and the longest time from one's heal to
	 * the next commit.
	 */
	void resumedAfterServerFaults(int faults, long longestNanos) {
		this.figures.put("faults of the servers", (long) faults);
		this.figures.put("longest time from their heal to the next commit, ms", longestNanos / 1_000_000);
	}

	/** How many sections the fence refused, their holder's token lower than one that claimed it. */
	int staleWritesRefused() {
		return this.outcomesByKind.values()
			.stream()
			.mapToInt((outcomes) -> outcomes.entrySet()
				.stream()
				.filter((outcome) -> outcome.getKey().contains(GuardedCounter.Outcome.CLAIM_REFUSED.name()))
				.mapToInt(Map.Entry::getValue)
				.sum())
			.sum();
	}

	Map<String, Long> figures() {
		return this.figures;
	}

	String report() {
		StringBuilder report = new StringBuilder();
		report.append("# Fault campaign on ").append(this.backend.id()).append(", seed ").append(this.seed).append("\n\n");
		report.append("- faults for ").append(this.faultTime.toSeconds()).append(" s; guarded counters in ")
			.append(this.database)
			.append('\n');
		report.append("- lock cache of w1 and w2: ").append(this.cache).append('\n');
		report.append("- operations: ").append(this.operations).append('\n');
		report.append("- faults injected: ").append(this.faults.values().stream().mapToInt(Integer::intValue).sum())
			.append(' ')
			.append(this.faults)
			.append('\n');
		report.append("- violations: ").append(this.checker.violations().size()).append(' ')
			.append(this.checker.counts())
			.append("\n");
		report.append("- stale writes the JDBC fence refused (CLAIM_REFUSED): ").append(staleWritesRefused())
			.append("\n\n");
		this.figures.forEach((what, count) -> report.append("- ").append(what).append(": ").append(count).append('\n'));
		report.append("- stray nodes deleted by the registries' sweep: ").append(this.strayNodesDeleted.size())
			.append("\n\n");
		report.append("| operation | outcomes |\n| --- | --- |\n");
		this.outcomesByKind.forEach((kind, outcomes) -> report.append("| ").append(kind).append(" | ")
			.append(outcomes)
			.append(" |\n"));
		report.append("\nFaults, in order:\n\n```\n");
		this.faultLog.forEach((line) -> report.append(line).append('\n'));
		report.append("```\n");
		if (!this.strayNodesDeleted.isEmpty()) {
			report.append("\nStray nodes deleted:\n\n```\n");
			this.strayNodesDeleted.stream().limit(50).forEach((line) -> report.append(line).append('\n'));
			report.append("```\n");
		}
		if (!this.checker.violations().isEmpty()) {
			report.append("\nViolations:\n\n```\n");
			this.checker.violations().stream().limit(50).forEach((line) -> report.append(line).append('\n'));
			report.append("```\n");
		}
		report.append("\nReplay: ./mvnw -B -pl lock-fault-campaign -am verify -Pfault-campaign -Dtest=FaultCampaignTests "
				+ "-Dsurefire.failIfNoSpecifiedTests=false -Dcampaign.seed=")
			.append(this.seed)
			.append(" -Dcampaign.duration=")
			.append(this.faultTime.toSeconds())
			.append("s -Dcampaign.backend=")
			.append(this.backend.id())
			.append(" -Dcampaign.cache=")
			.append(this.cache)
			.append('\n');
		return report.toString();
	}

}
