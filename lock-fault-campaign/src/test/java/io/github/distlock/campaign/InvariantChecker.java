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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks a campaign's history against what a lock must guarantee:
 * <ol>
 * <li>no lost update: each counter equals the number of committed sections of its key;</li>
 * <li>committed tokens strictly increase per key, in commit order (a leader's epoch, which its
 * term's work shares, never decreases);</li>
 * <li>two sections of one key that overlapped in time (an exclusive one with any other) were
 * not both carried out by holders that were never told: one of them ended with a lock
 * exception, a refused claim, a fenced write, a rolled-back transaction or its lock lost. A
 * section during which its own process could not know its session was gone is left to the
 * fencing token (1 and 2): while it was paused (SIGSTOP), since a holder cannot know its lock
 * is gone before it talks to the lock service again, after its ZooKeeper session was closed
 * from outside, since another process may be granted the lock before the server's disconnect
 * reaches it, and after its etcd lease was revoked from outside, until the answer to its next
 * renewal can have told it;</li>
 * <li>a READ section saw no commit by a writer while its lock was held (unless a process could
 * not know meanwhile: readers do not claim the row, so only writers are fenced);</li>
 * <li>a nested lock carries the token of the lock around it;</li>
 * <li>election: each epoch was led by one process, and no leader work began under an epoch
 * after work under a later epoch had begun (outside the windows in 3, which the token checks
 * cover: 2 for the epochs as tokens);</li>
 * <li>election: after the faults healed, a leader did work within a bound
 * ({@link #checkLeaderAfterHeal});</li>
 * <li>progress: after every fault of the servers (a member killed, the quorum lost) healed, some
 * section committed within a bound, unless the next fault of the servers began first
 * ({@link #checkProgressAfterServerFaults});</li>
 * <li>revocation: a revocable holder whose lock stayed {@code HELD} throughout a request was
 * told within {@link #REVOCATION_NOTICE_NANOS} of the request's answer, and a holder that is not
 * revocable never was ({@link #checkRevocations});</li>
 * <li>{@code holdAtLeast}: each scheduled job ran at most once per period across all processes,
 * unless the first run's process was told its lock was in doubt or lost, could not know, or was
 * killed before the second run began ({@link #checkJobRuns}).</li>
 * </ol>
 * Multi-key locks are checked as one section per key by 1 to 3, and by the stuck-key check.
 * What the campaign finds itself is added as it is: stuck keys, leftover nodes, stuck threads,
 * a nested lock reported held inside a lost one, and ZooKeeper's event thread blocked.
 */
final class InvariantChecker {

	/** How long after such a window a process may still land a commit it had prepared. */
	private static final long RESUME_NANOS = 1_000_000_000L;

	/** How soon after a revocation request was answered its revocable holder must have been told. */
	static final long REVOCATION_NOTICE_NANOS = 3_000_000_000L;

	private final List<String> violations = new ArrayList<>();

	private final Map<String, Integer> counts = new TreeMap<>();

	List<String> violations() {
		return this.violations;
	}

	/** Violations by invariant. */
	Map<String, Integer> counts() {
		return this.counts;
	}

	/**
	 * Checks a history.
	 * @param unawareByWorker per worker, the windows ({@code [from, to]} in
	 * {@link System#nanoTime()}) in which it could not know its session was gone: its pauses,
	 * and its outside session expiries with the time for the notice to reach it
	 */
	InvariantChecker check(List<Operation> operations, List<CampaignDatabase.Commit> commits, Map<String, Long> counters,
			Map<String, List<long[]>> unawareByWorker) {
		checkNoLostUpdate(commits, counters);
		checkTokensIncrease(commits);
		checkExclusion(operations, unawareByWorker);
		checkEpochs(operations, unawareByWorker);
		for (Operation operation : operations) {
			if (operation.outcome().contains("READ_CHANGED") && operation.actedUntold()
					&& !anyUnawareNear(operation, unawareByWorker)) {
				add("read-changed", "a writer committed during a READ section: " + operation);
			}
			if (operation.innerToken() != 0 && operation.innerToken() != operation.token()) {
				add("nested-token", "a nested lock's token differs from its outer lock's: " + operation + " inner="
						+ operation.innerToken());
			}
		}
		return this;
	}

	private void checkNoLostUpdate(List<CampaignDatabase.Commit> commits, Map<String, Long> counters) {
		Map<String, Long> committed = new HashMap<>();
		commits.forEach((commit) -> committed.merge(commit.key(), 1L, Long::sum));
		counters.forEach((key, value) -> {
			long expected = committed.getOrDefault(key, 0L);
			if (value != expected) {
				add("lost-update", "counter " + key + " is " + value + " after " + expected + " committed sections");
			}
		});
	}

	private void checkTokensIncrease(List<CampaignDatabase.Commit> commits) {
		Map<String, CampaignDatabase.Commit> last = new HashMap<>();
		for (CampaignDatabase.Commit commit : commits) {
			CampaignDatabase.Commit previous = last.put(commit.key(), commit);
			if (previous != null && commit.token() <= previous.token()
					&& !(commit.key().equals(LeaderWorkload.KEY) && commit.token() == previous.token())) {
				add("token-order", "key " + commit.key() + ": commit " + commit + " after " + previous);
			}
		}
	}

	private void checkExclusion(List<Operation> operations, Map<String, List<long[]>> unawareByWorker) {
		Map<String, List<Operation>> byKey = new HashMap<>();
		for (Operation operation : operations) {
			if (operation.actedUntold() && !unawareDuring(operation, unawareByWorker)) {
				byKey.computeIfAbsent(operation.key(), (key) -> new ArrayList<>()).add(operation);
			}
		}
		for (List<Operation> sections : byKey.values()) {
			sections.sort(Comparator.comparingLong(Operation::start));
			List<Operation> open = new ArrayList<>();
			for (Operation section : sections) {
				open.removeIf((earlier) -> earlier.end() <= section.start());
				for (Operation earlier : open) {
					if (earlier.exclusive() || section.exclusive()) {
						add("untold-overlap", "two holders acted at once, neither told: " + earlier + " | " + section);
					}
				}
				open.add(section);
			}
		}
	}

	/**
	 * Each epoch led by one process; no leader work begun under an epoch once work under a later
	 * one had begun, unless its process could not know meanwhile.
	 */
	private void checkEpochs(List<Operation> operations, Map<String, List<long[]>> unawareByWorker) {
		Map<Long, String> leaderOfEpoch = new HashMap<>();
		List<Operation> work = new ArrayList<>();
		for (Operation operation : operations) {
			if (operation.kind() == CampaignWorker.Kind.LEADER && operation.ran()) {
				String first = leaderOfEpoch.putIfAbsent(operation.token(), operation.worker());
				if (first != null && !first.equals(operation.worker())) {
					add("epoch-shared", "epoch " + operation.token() + " led by " + first + " and by " + operation);
				}
				if (operation.actedUntold() && !unawareDuring(operation, unawareByWorker)) {
					work.add(operation);
				}
			}
		}
		work.sort(Comparator.comparingLong(Operation::start));
		Operation latest = null;
		for (Operation operation : work) {
			if (latest != null && operation.token() < latest.token()) {
				add("stale-epoch-work", "leader work under an older epoch began after work under a later one: "
						+ latest + " | " + operation);
			}
			else {
				latest = operation;
			}
		}
	}

	/**
	 * Whether a leader did work within a bound after the faults healed: some leader work that
	 * began between {@code healedNanos} and {@code healedNanos + boundNanos} committed.
	 */
	InvariantChecker checkLeaderAfterHeal(List<Operation> operations, long healedNanos, long boundNanos) {
		boolean led = operations.stream()
			.anyMatch((operation) -> operation.kind() == CampaignWorker.Kind.LEADER
					&& operation.outcome().equals("COMMITTED") && operation.start() >= healedNanos
					&& operation.start() <= healedNanos + boundNanos);
		if (!led) {
			add("no-leader-after-heal", "no leader work committed within " + boundNanos / 1_000_000
					+ " ms after the faults healed");
		}
		return this;
	}

	/**
	 * Every revocable holder whose lock stayed {@code HELD} from before a request (that found the
	 * lock held) was sent until {@link #REVOCATION_NOTICE_NANOS} after it was answered was told
	 * by then, unless its process was paused meanwhile (it could not look).
	 * @param unawareByWorker per worker, the windows in which it could not know
	 * @return how many revocable holders were told
	 */
	int checkRevocations(List<RevocableHold> holds, List<RevocationRequest> requests,
			Map<String, List<long[]>> unawareByWorker) {
		for (RevocationRequest request : requests) {
			if (!request.found()) {
				continue;
			}
			long deadline = request.answered() + REVOCATION_NOTICE_NANOS;
			for (RevocableHold hold : holds) {
				if (hold.key().equals(request.key()) && hold.steady() && hold.start() < request.sent()
						&& hold.end() > deadline && (hold.told() == 0 || hold.told() > deadline)
						&& !unawareBetween(hold.worker(), request.sent(), deadline, unawareByWorker)) {
					add("revocation-untold", "a revocable holder held on for more than "
							+ REVOCATION_NOTICE_NANOS / 1_000_000 + " ms after a request: " + hold + " | " + request);
				}
			}
		}
		return (int) holds.stream().filter((hold) -> hold.told() != 0).count();
	}

	/**
	 * At most one run of each job per period, unless the earlier run's process was told its lock
	 * was in doubt or lost, or could not know (paused, its session ended from outside), or was
	 * killed, before the later run began.
	 * @param states the state changes the processes were told of, for the jobs' keys
	 * @param killed when each killed worker generation was killed
	 * @return how many periods a job ran twice in for one of those reasons
	 */
	int checkJobRuns(List<CampaignDatabase.JobRun> runs, List<StateChange> states,
			Map<String, List<long[]>> unawareByWorker, Map<String, Long> killed) {
		Map<String, List<CampaignDatabase.JobRun>> byPeriod = new TreeMap<>();
		runs.forEach((run) -> byPeriod.computeIfAbsent(run.job() + "@" + run.period(), (period) -> new ArrayList<>())
			.add(run));
		int excused = 0;
		for (List<CampaignDatabase.JobRun> period : byPeriod.values()) {
			period.sort(Comparator.comparingLong(CampaignDatabase.JobRun::started));
			for (int i = 1; i < period.size(); i++) {
				CampaignDatabase.JobRun earlier = period.get(i - 1);
				CampaignDatabase.JobRun later = period.get(i);
				if (firstRunGone(earlier, later.started(), states, unawareByWorker, killed)) {
					excused++;
				}
				else {
					add("job-run-twice", "job " + earlier.job() + " ran twice in period " + earlier.period()
							+ ", the first run's lock never lost: " + earlier + " | " + later);
				}
			}
		}
		return excused;
	}

	private static boolean unawareBetween(String worker, long from, long to, Map<String, List<long[]>> unawareByWorker) {
		for (long[] window : unawareByWorker.getOrDefault(worker, List.of())) {
			if (window[0] < to && from < window[1]) {
				return true;
			}
		}
		return false;
	}

	private static boolean firstRunGone(CampaignDatabase.JobRun run, long until, List<StateChange> states,
			Map<String, List<long[]>> unawareByWorker, Map<String, Long> killed) {
		Long killedAt = killed.get(run.worker());
		if (killedAt != null && killedAt < until) {
			return true;
		}
		if (unawareBetween(run.worker(), run.started(), until, unawareByWorker)) {
			return true;
		}
		return states.stream()
			.anyMatch((state) -> state.worker().equals(run.worker()) && state.key().equals(run.job())
					&& state.at() >= run.started() && state.at() < until && state.previous().equals("HELD")
					&& (state.current().equals("IN_DOUBT") || state.current().equals("LOST")));
	}

	/**
	 * Whether work resumed after each fault of the servers: some section committed between the
	 * moment every member served again and {@code boundNanos} later, unless another fault of the
	 * servers began within that time.
	 * @param serverFaults when each began and when every member served again
	 * @return the longest time from a heal to the first commit after it, in nanoseconds
	 */
	long checkProgressAfterServerFaults(List<Operation> operations, List<long[]> serverFaults, long boundNanos) {
		long[] commits = operations.stream()
			.filter((operation) -> operation.outcome().startsWith("COMMITTED"))
			.mapToLong(Operation::end)
			.sorted()
			.toArray();
		long longest = 0;
		for (int i = 0; i < serverFaults.size(); i++) {
			long healed = serverFaults.get(i)[1];
			long until = healed + boundNanos;
			if (i + 1 < serverFaults.size() && serverFaults.get(i + 1)[0] < until) {
				continue;
			}
			int first = Arrays.binarySearch(commits, healed);
			first = (first < 0) ? -first - 1 : first;
			if (first >= commits.length || commits[first] > until) {
				add("no-progress-after-heal", "nothing committed within " + boundNanos / 1_000_000
						+ " ms after the servers served again at " + healed);
			}
			else {
				longest = Math.max(longest, commits[first] - healed);
			}
		}
		return longest;
	}

	/**
	 * Whether any process could not know its session was gone during the section, or just
	 * before it ended: readers do not claim the row, so a writer whose lock was lost meanwhile
	 * may still commit under a reader before it learns. Only the fencing token can refuse it,
	 * and it only refuses a writer whose row a newer writer has claimed.
	 */
	private static boolean anyUnawareNear(Operation operation, Map<String, List<long[]>> unawareByWorker) {
		for (List<long[]> windows : unawareByWorker.values()) {
			for (long[] window : windows) {
				if (window[0] < operation.end() && operation.start() < window[1] + RESUME_NANOS) {
					return true;
				}
			}
		}
		return false;
	}

	/** Whether the section's own process could not know its session was gone during it. */
	private static boolean unawareDuring(Operation operation, Map<String, List<long[]>> unawareByWorker) {
		for (long[] window : unawareByWorker.getOrDefault(operation.worker(), List.of())) {
			if (window[0] < operation.end() && operation.start() < window[1]) {
				return true;
			}
		}
		return false;
	}

	void add(String invariant, String violation) {
		this.counts.merge(invariant, 1, Integer::sum);
		this.violations.add(invariant + ": " + violation);
	}

	/**
	 * A revocable holder, as its worker recorded it ({@code REVOCABLE} line).
	 *
	 * @param told when it saw the request ({@link System#nanoTime()}), {@code 0} if never
	 * @param steady whether its lock was {@code HELD} at every look
	 */
	record RevocableHold(String worker, long op, String key, long start, long end, long told, boolean steady) {

		static RevocableHold parse(String line) {
			String[] f = line.split("\t", -1);
			return new RevocableHold(f[1], Long.parseLong(f[2]), f[3], Long.parseLong(f[4]), Long.parseLong(f[5]),
					Long.parseLong(f[6]), Boolean.parseBoolean(f[7]));
		}

	}

	/**
	 * A revocation request, as its worker recorded it ({@code REVOKE} line).
	 *
	 * @param result {@code true} if the lock was found held, {@code false} if not, or the
	 * exception's simple name
	 */
	record RevocationRequest(String worker, String key, long sent, long answered, String result) {

		static RevocationRequest parse(String line) {
			String[] f = line.split("\t", -1);
			return new RevocationRequest(f[1], f[2], Long.parseLong(f[3]), Long.parseLong(f[4]), f[5]);
		}

		boolean found() {
			return "true".equals(this.result);
		}

	}

	/**
	 * A state change of a job's lock its worker was told of ({@code STATE} line).
	 */
	record StateChange(String worker, String key, long at, String previous, String current) {

		static StateChange parse(String line) {
			String[] f = line.split("\t", -1);
			return new StateChange(f[1], f[2], Long.parseLong(f[3]), f[4], f[5]);
		}

	}

}
