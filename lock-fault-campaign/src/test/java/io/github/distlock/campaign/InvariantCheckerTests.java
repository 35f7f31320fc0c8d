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

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.distlock.campaign.CampaignDatabase.Commit;
import io.github.distlock.campaign.CampaignWorker.Kind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checker on hand-made histories: each kind of violation is found, and what a correct
 * lock produces under faults is accepted.
 */
class InvariantCheckerTests {

	@Test
	void lostUpdateIsFound() {
		InvariantChecker checker = check(List.of(), List.of(commit(1, "k", 10), commit(2, "k", 20)), Map.of("k", 1L));
		assertThat(checker.counts()).containsOnlyKeys("lost-update");
	}

	@Test
	void tokenRegressionIsFound() {
		InvariantChecker checker = check(List.of(), List.of(commit(1, "k", 20), commit(2, "k", 10)), Map.of("k", 2L));
		assertThat(checker.counts()).containsOnlyKeys("token-order");
	}

	@Test
	void untoldOverlapOfTwoWritersIsFound() {
		InvariantChecker checker = check(List.of(op("a", Kind.MUTEX, 100, 200, "COMMITTED", "HELD"),
				op("b", Kind.MUTEX, 150, 250, "COMMITTED", "HELD")), List.of(), Map.of());
		assertThat(checker.counts()).containsExactly(Map.entry("untold-overlap", 1));
	}

	@Test
	void untoldOverlapOfAnAsynchronousAndAThreadsMutexIsFound() {
		InvariantChecker checker = check(List.of(op("a", Kind.ASYNC_MUTEX, 100, 200, "COMMITTED", "HELD"),
				op("b", Kind.MUTEX, 150, 250, "COMMITTED", "HELD")), List.of(), Map.of());
		assertThat(checker.counts()).containsExactly(Map.entry("untold-overlap", 1));
	}

	@Test
	void writerOverlappingAReaderIsFoundButReadersMayShare() {
		assertThat(check(List.of(op("a", Kind.READ, 100, 200, "READ_CLEAN", "HELD"),
				op("b", Kind.WRITE, 150, 250, "COMMITTED", "HELD")), List.of(), Map.of()).counts())
			.containsOnlyKeys("untold-overlap");
		assertThat(check(List.of(op("a", Kind.READ, 100, 200, "READ_CLEAN", "HELD"),
				op("b", Kind.READ, 150, 250, "READ_CLEAN", "HELD")), List.of(), Map.of()).violations())
			.isEmpty();
	}

	@Test
	void asynchronousReadersShareWithReadersButNotWithWriters() {
		assertThat(check(List.of(op("a", Kind.ASYNC_READ, 100, 200, "READ_CLEAN", "HELD"),
				op("b", Kind.READ, 150, 250, "READ_CLEAN", "HELD")), List.of(), Map.of()).violations())
			.isEmpty();
		assertThat(check(List.of(op("a", Kind.ASYNC_READ, 100, 200, "READ_CLEAN", "HELD"),
				op("b", Kind.ASYNC_WRITE, 150, 250, "COMMITTED", "HELD")), List.of(), Map.of()).counts())
			.containsOnlyKeys("untold-overlap");
	}

	@Test
	void overlapIsAcceptedWhenAHolderWasTold() {
		for (String told : List.of("CLAIM_REFUSED", "FENCED", "ROLLED_BACK_NOT_HELD", "LockLostException")) {
			assertThat(check(List.of(op("a", Kind.MUTEX, 100, 200, told, "HELD"),
					op("b", Kind.MUTEX, 150, 250, "COMMITTED", "HELD")), List.of(), Map.of()).violations())
				.as(told)
				.isEmpty();
		}
		for (String endState : List.of("LOST", "IN_DOUBT")) {
			assertThat(check(List.of(op("a", Kind.MUTEX, 100, 200, "COMMITTED", endState),
					op("b", Kind.MUTEX, 150, 250, "COMMITTED", "HELD")), List.of(), Map.of()).violations())
				.as(endState)
				.isEmpty();
		}
	}

	@Test
	void overlapOfAPausedHolderIsLeftToTheFencingToken() {
		List<Operation> operations = List.of(op("a", Kind.MUTEX, 100, 200, "COMMITTED", "HELD"),
				op("b", Kind.MUTEX, 150, 250, "COMMITTED", "HELD"));
		assertThat(new InvariantChecker()
			.check(operations, List.of(), Map.of(), Map.of("a", List.of(new long[] { 120, 140 })))
			.violations()).isEmpty();
	}

	@Test
	void readThatSawTheCommitOfAPausedWriterIsLeftToTheToken() {
		List<Operation> read = List.of(op("reader", Kind.READ, 100, 200, "READ_CHANGED", "HELD"));
		assertThat(new InvariantChecker()
			.check(read, List.of(), Map.of(), Map.of("writer", List.of(new long[] { 50, 90 })))
			.violations()).isEmpty();
		assertThat(check(read, List.of(), Map.of()).counts()).containsOnlyKeys("read-changed");
	}

	@Test
	void overlapOfAHolderWhoseSessionWasClosedFromOutsideIsLeftToTheFencingToken() {
		List<Operation> operations = List.of(op("a", Kind.MUTEX, 100, 200, "COMMITTED", "HELD"),
				op("b", Kind.MUTEX, 150, 250, "COMMITTED", "HELD"));
		assertThat(new InvariantChecker().check(operations, List.of(), Map.of(), expired("EXPIRED\ta\t120\t140"))
			.violations()).isEmpty();
		assertThat(new InvariantChecker().check(operations, List.of(), Map.of(), expired("EXPIRED\tc\t120\t140"))
			.counts()).containsExactly(Map.entry("untold-overlap", 1));
	}

	@Test
	void sessionClosedFromOutsideExcusesOnlyUntilItsNoticeArrived() {
		long start = 5 * FaultCampaign.EXPIRY_NOTICE_NANOS;
		List<Operation> operations = List.of(op("a", Kind.MUTEX, start, start + 100, "COMMITTED", "HELD"),
				op("b", Kind.MUTEX, start + 50, start + 150, "COMMITTED", "HELD"));
		long closedJustInTime = start - FaultCampaign.EXPIRY_NOTICE_NANOS + 10;
		assertThat(new InvariantChecker()
			.check(operations, List.of(), Map.of(), expired("EXPIRED\ta\t100\t" + closedJustInTime))
			.violations()).isEmpty();
		long closedTooEarly = start - FaultCampaign.EXPIRY_NOTICE_NANOS - 10;
		assertThat(new InvariantChecker()
			.check(operations, List.of(), Map.of(), expired("EXPIRED\ta\t100\t" + closedTooEarly))
			.counts()).containsExactly(Map.entry("untold-overlap", 1));
	}

	@Test
	void sectionsOneAfterTheOtherAreAccepted() {
		assertThat(check(List.of(op("a", Kind.MUTEX, 100, 200, "COMMITTED", "HELD"),
				op("b", Kind.MUTEX, 200, 300, "COMMITTED", "HELD")), List.of(commit(1, "k", 10), commit(2, "k", 20)),
				Map.of("k", 2L)).violations()).isEmpty();
	}

	@Test
	void readThatSawACommitAndANestedTokenMismatchAreFound() {
		Operation changed = op("a", Kind.READ, 100, 200, "READ_CHANGED", "HELD");
		Operation nested = new Operation("b", 0, 2, "k", Kind.READ_IN_WRITE, 10, 11, 300, 400, "COMMITTED+READ_CLEAN",
				"HELD");
		assertThat(check(List.of(changed, nested), List.of(), Map.of()).counts()).containsOnlyKeys("read-changed",
				"nested-token");
	}

	@Test
	void epochLedByTwoProcessesIsFound() {
		assertThat(check(List.of(leader("a", 10, 100, 200, "COMMITTED", "HELD"),
				leader("b", 10, 300, 400, "CLAIM_REFUSED", "HELD")), List.of(), Map.of()).counts())
			.containsExactly(Map.entry("epoch-shared", 1));
	}

	@Test
	void leaderWorkUnderAnOlderEpochAfterALaterOneBeganIsFoundUnlessItsProcessWasPaused() {
		List<Operation> work = List.of(leader("a", 10, 100, 200, "COMMITTED", "HELD"),
				leader("b", 20, 300, 400, "COMMITTED", "HELD"), leader("a", 10, 500, 600, "COMMITTED", "HELD"));
		assertThat(check(work, List.of(), Map.of()).counts()).containsExactly(Map.entry("stale-epoch-work", 1));
		assertThat(new InvariantChecker()
			.check(work, List.of(), Map.of(), Map.of("a", List.<long[]>of(new long[] { 450, 550 })))
			.violations()).isEmpty();
		assertThat(check(List.of(work.get(0), work.get(1), leader("a", 10, 500, 600, "LeadershipLostException",
				"REVOKED")), List.of(), Map.of()).violations()).isEmpty();
	}

	@Test
	void noLeaderWorkSoonAfterTheFaultsHealedIsFound() {
		List<Operation> work = List.of(leader("a", 10, 100, 200, "COMMITTED", "HELD"),
				leader("b", 20, 1_500, 1_600, "COMMITTED", "HELD"));
		assertThat(new InvariantChecker().checkLeaderAfterHeal(work, 1_000, 1_000).violations()).isEmpty();
		assertThat(new InvariantChecker().checkLeaderAfterHeal(work, 1_000, 400).counts())
			.containsExactly(Map.entry("no-leader-after-heal", 1));
	}

	@Test
	void revocableHolderNotToldOfARequestIsFound() {
		long s = 1_000_000_000L;
		InvariantChecker.RevocationRequest request = new InvariantChecker.RevocationRequest("b", "rv-0", 2 * s,
				2 * s + 10, "true");
		InvariantChecker.RevocableHold untold = new InvariantChecker.RevocableHold("a", 1, "rv-0", s, 6 * s, 0, true);
		assertThat(new InvariantChecker().checkRevocations(List.of(untold), List.of(request), Map.of())).isZero();
		InvariantChecker checker = new InvariantChecker();
		checker.checkRevocations(List.of(untold), List.of(request), Map.of());
		assertThat(checker.counts()).containsExactly(Map.entry("revocation-untold", 1));
		InvariantChecker late = new InvariantChecker();
		late.checkRevocations(List.of(new InvariantChecker.RevocableHold("a", 1, "rv-0", s, 6 * s, 5 * s + 20, true)),
				List.of(request), Map.of());
		assertThat(late.counts()).containsExactly(Map.entry("revocation-untold", 1));
		InvariantChecker paused = new InvariantChecker();
		paused.checkRevocations(List.of(untold), List.of(request), Map.of("a", List.of(new long[] { 3 * s, 4 * s })));
		assertThat(paused.violations()).isEmpty();
	}

	@Test
	void revocationIsAcceptedWhenTheHolderWasToldOrCouldNotBeAsked() {
		long s = 1_000_000_000L;
		InvariantChecker.RevocationRequest request = new InvariantChecker.RevocationRequest("b", "rv-0", 2 * s,
				2 * s + 10, "true");
		List<InvariantChecker.RevocableHold> holds = List.of(
				// told soon after the request
				new InvariantChecker.RevocableHold("a", 1, "rv-0", s, 2 * s + 50, 2 * s + 40, true),
				// its lock in doubt meanwhile: the request may have waited for it
				new InvariantChecker.RevocableHold("a", 2, "rv-0", s, 6 * s, 0, false),
				// another key, or acquired after the request was sent
				new InvariantChecker.RevocableHold("a", 3, "rv-1", s, 6 * s, 0, true),
				new InvariantChecker.RevocableHold("a", 4, "rv-0", 3 * s, 8 * s, 0, true));
		InvariantChecker checker = new InvariantChecker();
		assertThat(checker.checkRevocations(holds, List.of(request,
				new InvariantChecker.RevocationRequest("c", "rv-1", 2 * s, 2 * s + 10, "false")), Map.of()))
			.isEqualTo(1);
		assertThat(checker.violations()).isEmpty();
	}

	@Test
	void jobRunTwiceInOnePeriodIsFoundUnlessTheFirstRunsLockWasGone() {
		CampaignDatabase.JobRun first = new CampaignDatabase.JobRun("job-0", 7, "a", 10, 1_000);
		CampaignDatabase.JobRun second = new CampaignDatabase.JobRun("job-0", 7, "b", 11, 1_300);
		CampaignDatabase.JobRun nextPeriod = new CampaignDatabase.JobRun("job-0", 8, "b", 12, 2_000);
		InvariantChecker twice = new InvariantChecker();
		assertThat(twice.checkJobRuns(List.of(first, second, nextPeriod), List.of(), Map.of(), Map.of())).isZero();
		assertThat(twice.counts()).containsExactly(Map.entry("job-run-twice", 1));
		// released before its holdAtLeast passed: still a violation
		InvariantChecker released = new InvariantChecker();
		released.checkJobRuns(List.of(first, second),
				List.of(new InvariantChecker.StateChange("a", "job-0", 1_100, "HELD", "RELEASED")), Map.of(), Map.of());
		assertThat(released.counts()).containsExactly(Map.entry("job-run-twice", 1));
		// told too late
		InvariantChecker late = new InvariantChecker();
		late.checkJobRuns(List.of(first, second),
				List.of(new InvariantChecker.StateChange("a", "job-0", 1_400, "HELD", "LOST")), Map.of(), Map.of());
		assertThat(late.counts()).containsExactly(Map.entry("job-run-twice", 1));
		for (InvariantChecker.StateChange told : List.of(
				new InvariantChecker.StateChange("a", "job-0", 1_100, "HELD", "IN_DOUBT"),
				new InvariantChecker.StateChange("a", "job-0", 1_200, "HELD", "LOST"))) {
			InvariantChecker checker = new InvariantChecker();
			assertThat(checker.checkJobRuns(List.of(first, second), List.of(told), Map.of(), Map.of())).isEqualTo(1);
			assertThat(checker.violations()).as(told.toString()).isEmpty();
		}
		InvariantChecker paused = new InvariantChecker();
		paused.checkJobRuns(List.of(first, second), List.of(), Map.of("a", List.of(new long[] { 1_050, 1_250 })),
				Map.of());
		assertThat(paused.violations()).isEmpty();
		InvariantChecker killed = new InvariantChecker();
		killed.checkJobRuns(List.of(first, second), List.of(), Map.of(), Map.of("a", 1_200L));
		assertThat(killed.violations()).isEmpty();
	}

	@Test
	void noCommitSoonAfterAServerFaultHealedIsFoundUnlessTheNextOneBegan() {
		List<Operation> work = List.of(op("a", Kind.MUTEX, 1_000, 1_100, "COMMITTED", "HELD"),
				op("b", Kind.MUTEX, 5_000, 5_200, "COMMITTED", "HELD"));
		InvariantChecker resumed = new InvariantChecker();
		assertThat(resumed.checkProgressAfterServerFaults(work, List.of(new long[] { 100, 900 }), 500)).isEqualTo(200);
		assertThat(resumed.violations()).isEmpty();
		InvariantChecker stalled = new InvariantChecker();
		stalled.checkProgressAfterServerFaults(work, List.of(new long[] { 100, 1_200 }), 1_000);
		assertThat(stalled.counts()).containsExactly(Map.entry("no-progress-after-heal", 1));
		InvariantChecker next = new InvariantChecker();
		next.checkProgressAfterServerFaults(work, List.of(new long[] { 100, 1_200 }, new long[] { 1_500, 4_500 }), 1_000);
		assertThat(next.violations()).isEmpty();
	}

	@Test
	void aSectionsHistoryLineReadsBackAsTheSameSection() {
		Operation section = new Operation("w1.2", 3, 42, "rw-hot-0", Kind.READ_IN_WRITE, 1024, 1024, 100, 200,
				"COMMITTED+READ_CLEAN", "HELD");
		assertThat(Operation.parse(section.line())).isEqualTo(section);
	}

	private static InvariantChecker check(List<Operation> operations, List<Commit> commits, Map<String, Long> counters) {
		return new InvariantChecker().check(operations, commits, counters, Map.of());
	}

	private static Map<String, List<long[]>> expired(String line) {
		Map<String, List<long[]>> unawareByWorker = new HashMap<>();
		FaultCampaign.addExpiry(line, unawareByWorker);
		return unawareByWorker;
	}

	private static Operation op(String worker, Kind kind, long start, long end, String outcome, String endState) {
		return new Operation(worker, 0, 1, "k", kind, 10, 0, start, end, outcome, endState);
	}

	private static Operation leader(String worker, long epoch, long start, long end, String outcome,
			String endState) {
		return new Operation(worker, 3, 1, LeaderWorkload.KEY, Kind.LEADER, epoch, 0, start, end, outcome, endState);
	}

	private static Commit commit(long id, String key, long token) {
		return new Commit(id, key, token, "w", id);
	}

}
