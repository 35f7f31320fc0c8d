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

package io.github.distlock.leader;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockState;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Leader elections on the in-memory backend, one client (session) per participant, each with
 * its {@link LeaderElections} told of its registry's state changes, as the auto-configuration
 * wires them.
 */
class LockLeaderElectionTests {

	private static final Duration LONG = Duration.ofSeconds(10);

	private final InMemoryLockService service = new InMemoryLockService();

	private final List<Participant> participants = new ArrayList<>();

	@AfterEach
	void close() {
		this.participants.forEach(Participant::close);
	}

	@Test
	void oneParticipantLeadsAndEachNextLeaderHasAGreaterEpoch() {
		List<Participant> all = List.of(participant("a"), participant("b"), participant("c"));
		all.forEach((participant) -> participant.join("jobs"));
		Participant first = awaitSoleLeader(all, "jobs");
		long firstEpoch = first.election("jobs").leadership().orElseThrow().epoch();
		first.close();
		List<Participant> rest = new ArrayList<>(all);
		rest.remove(first);
		Participant second = awaitSoleLeader(rest, "jobs");
		assertThat(second.election("jobs").leadership().orElseThrow().epoch()).isGreaterThan(firstEpoch);
		assertThat(first.events).containsExactly("granted " + firstEpoch, "revoked " + firstEpoch + " LEFT");
	}

	@Test
	void everyParticipantReadsTheCurrentLeadersIdAndNobodysOnceNobodyLeads() {
		Participant a = participant("a");
		a.join("who");
		await().atMost(LONG).until(() -> a.election("who").isLeader());
		Participant b = participant("b");
		b.join("who");
		await().atMost(LONG).until(() -> b.registry.waiters().size() == 1);
		assertThat(b.election("who").isLeader()).isFalse();
		assertThat(b.election("who").currentLeader()).contains(a.election("who").participantId());
		assertThat(a.election("who").currentLeader()).contains(a.election("who").participantId());
		a.close();
		await().atMost(LONG).until(() -> b.election("who").isLeader());
		assertThat(b.election("who").currentLeader()).contains(b.election("who").participantId());
		b.close();
		Participant c = participant("c");
		assertThat(c.registry.ownerOf("leader:who", LockType.MUTEX)).isEmpty();
	}

	@Test
	void leaderIsRevokedAtOnceWhileInDoubtAndLeadsAgainInTheSameTermWhenItIsHeldAgain() {
		Participant leader = participant("a");
		leader.join("doubt");
		await().atMost(LONG).until(() -> leader.election("doubt").isLeader());
		long epoch = leader.election("doubt").leadership().orElseThrow().epoch();
		leader.backend.suspendConnection();
		assertThat(leader.election("doubt").isLeader()).isFalse();
		await().atMost(LONG).until(() -> leader.events.contains("revoked " + epoch + " IN_DOUBT"));
		leader.backend.resumeConnection();
		await().atMost(LONG).until(() -> leader.election("doubt").isLeader());
		assertThat(leader.election("doubt").leadership().orElseThrow().epoch()).isEqualTo(epoch);
		await().atMost(LONG).untilAsserted(() -> assertThat(leader.events).containsExactly("granted " + epoch,
				"revoked " + epoch + " IN_DOUBT", "granted " + epoch));
	}

	@Test
	void leaderWhoseSessionEndsIsRevokedAnotherLeadsWithAGreaterEpochAndItQueuesAgain() {
		Participant a = participant("a");
		a.join("lost");
		await().atMost(LONG).until(() -> a.election("lost").isLeader());
		Participant b = participant("b");
		b.join("lost");
		// b waits in the queue before a's session ends, so that it is next
		await().atMost(LONG).until(() -> b.registry.waiters().size() == 1);
		long epoch = a.election("lost").leadership().orElseThrow().epoch();
		a.backend.expireSession();
		assertThat(a.election("lost").isLeader()).isFalse();
		await().atMost(LONG).until(() -> b.election("lost").isLeader());
		long next = b.election("lost").leadership().orElseThrow().epoch();
		assertThat(next).isGreaterThan(epoch);
		await().atMost(LONG).until(() -> a.events.contains("revoked " + epoch + " LOST"));
		b.close();
		await().atMost(LONG).until(() -> a.election("lost").isLeader());
		assertThat(a.election("lost").leadership().orElseThrow().epoch()).isGreaterThan(next);
	}

	@Test
	void theEndOfATermIsToldWithItsReasonAndAtOnceOnceItEnded() {
		Participant leader = participant("a");
		leader.join("end");
		await().atMost(LONG).until(() -> leader.election("end").isLeader());
		Leadership term = leader.election("end").leadership().orElseThrow();
		CompletableFuture<RevocationReason> end = leader.election("end").whenEnded(term).toCompletableFuture();
		CompletableFuture<RevocationReason> cancelled = leader.election("end").whenEnded(term).toCompletableFuture();
		cancelled.cancel(false);
		assertThat(end).as("a caller's cancel is its own").isNotDone();
		leader.backend.suspendConnection();
		assertThat(end).succeedsWithin(LONG).isEqualTo(RevocationReason.IN_DOUBT);
		assertThat(leader.election("end").whenEnded(term)).succeedsWithin(Duration.ZERO)
			.isEqualTo(RevocationReason.IN_DOUBT);
		leader.backend.resumeConnection();
	}

	@Test
	void workAsLeaderRunsWithItsTermAndIsRefusedToOthers() {
		Participant a = participant("a");
		a.join("work");
		await().atMost(LONG).until(() -> a.election("work").isLeader());
		Participant b = participant("b");
		b.join("work");
		Leadership term = a.election("work").executeAsLeader((leadership) -> LeaderContext.current());
		assertThat(term).isEqualTo(a.election("work").leadership().orElseThrow());
		assertThat(LeaderContext.current()).isNull();
		assertThatExceptionOfType(NotLeaderException.class)
			.isThrownBy(() -> b.election("work").executeAsLeader((leadership) -> "never"))
			.withMessageContaining("'work'");
	}

	@Test
	void workDuringWhichLeadershipIsRevokedEndsWithLeadershipLostException() {
		Participant a = participant("a");
		a.join("revoked-work");
		await().atMost(LONG).until(() -> a.election("revoked-work").isLeader());
		assertThatExceptionOfType(LeadershipLostException.class).isThrownBy(() -> a.election("revoked-work")
			.executeAsLeader((leadership) -> {
				a.backend.expireSession();
				return null;
			}))
			.withMessageContaining("'revoked-work'")
			.withMessageContaining("LOST")
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(RevocationReason.LOST));
	}

	@Test
	void workIsInterruptedWhenLeadershipIsRevokedIfAsked() throws Exception {
		Participant a = participant("a", new LockLeaderElection.Options(true, Duration.ofMillis(100)));
		a.join("interrupt");
		await().atMost(LONG).until(() -> a.election("interrupt").isLeader());
		CountDownLatch working = new CountDownLatch(1);
		CompletableFuture<Throwable> worker = CompletableFuture.supplyAsync(() -> {
			try {
				return a.election("interrupt").executeAsLeader((leadership) -> {
					working.countDown();
					try {
						Thread.sleep(60_000);
						return null;
					}
					catch (InterruptedException ex) {
						return ex;
					}
				});
			}
			catch (LeadershipLostException ex) {
				return ex;
			}
		});
		assertThat(working.await(10, TimeUnit.SECONDS)).isTrue();
		a.backend.expireSession();
		assertThat(worker.get(10, TimeUnit.SECONDS)).isInstanceOf(LeadershipLostException.class);
	}

	@Test
	void interruptForARevocationDoesNotOutliveTheWork() throws Exception {
		Participant a = participant("a", new LockLeaderElection.Options(true, Duration.ofMillis(100)));
		a.join("interrupt-cleared");
		await().atMost(LONG).until(() -> a.election("interrupt-cleared").isLeader());
		CompletableFuture<Boolean> interruptedAfterwards = CompletableFuture.supplyAsync(() -> {
			try {
				a.election("interrupt-cleared").executeAsLeader((leadership) -> {
					a.backend.expireSession();
					while (!Thread.currentThread().isInterrupted()) {
						Thread.onSpinWait();
					}
					return null;
				});
			}
			catch (LeadershipLostException expected) {
				// the work ran into the revocation
			}
			return Thread.currentThread().isInterrupted();
		});
		assertThat(interruptedAfterwards.get(10, TimeUnit.SECONDS)).isFalse();
	}

	@Test
	void electionsStoppedAndStartedAgainTakePartAgain() {
		Participant a = participant("a");
		a.join("restart");
		await().atMost(LONG).until(() -> a.election("restart").isLeader());
		long epoch = a.election("restart").leadership().orElseThrow().epoch();
		a.elections.stop();
		assertThat(a.election("restart").isLeader()).isFalse();
		assertThat(this.service.entriesOf(LockLeaderElection.KEY_PREFIX + "restart")).isEmpty();
		a.elections.start();
		await().atMost(LONG).until(() -> a.election("restart").isLeader());
		assertThat(a.election("restart").leadership().orElseThrow().epoch()).isGreaterThan(epoch);
	}

	@Test
	void selectorTaskRunsOnEachParticipantInTurnWithGrowingEpochs() throws Exception {
		List<Long> epochs = new CopyOnWriteArrayList<>();
		List<String> leaders = new CopyOnWriteArrayList<>();
		List<Participant> all = List.of(participant("a"), participant("b"), participant("c"));
		for (Participant participant : all) {
			participant.elections.election("rounds", (leadership) -> {
				if (leaders.isEmpty()) {
					// the first leader waits until the two others queue, so that the turns follow the queue
					await().atMost(LONG)
						.until(() -> this.service.entriesOf(LockLeaderElection.KEY_PREFIX + "rounds").size() == 3);
				}
				if (leaders.size() < 6) {
					leaders.add(leadership.participantId());
					epochs.add(leadership.epoch());
				}
				Thread.sleep(20);
			});
		}
		all.forEach((participant) -> participant.elections.start());
		await().atMost(LONG).until(() -> leaders.size() >= 6);
		assertThat(epochs).isSorted().doesNotHaveDuplicates();
		assertThat(leaders.subList(0, 3)).containsExactlyInAnyOrder("a", "b", "c");
		assertThat(leaders.subList(3, 6)).containsExactlyElementsOf(leaders.subList(0, 3));
	}

	/**
	 * A {@code stop()} that returns before the election's thread ended (its caller was
	 * interrupted, or a selector task ignores its interrupt past the stop's wait) does not keep
	 * a later {@code start()} from taking part again.
	 */
	@Test
	void electionWhoseStopOutlivedItsWaitTakesPartAgainWhenStartedAgain() {
		Participant a = participant("a");
		CountDownLatch finish = new CountDownLatch(1);
		AtomicInteger runs = new AtomicInteger();
		a.elections.election("restart-stubborn", (leadership) -> {
			if (runs.incrementAndGet() == 1) {
				awaitIgnoringInterrupts(finish);
			}
			else {
				Thread.sleep(10);
			}
		});
		a.elections.start();
		await().atMost(LONG).until(() -> runs.get() == 1);
		// a stop() whose wait for the election's thread ends at once: its caller is interrupted
		Thread.currentThread().interrupt();
		try {
			a.elections.stop();
		}
		finally {
			Thread.interrupted();
		}
		a.elections.start();
		finish.countDown();
		await().atMost(LONG).until(() -> runs.get() >= 2);
		assertThat(a.elections.isRunning()).isTrue();
	}

	/**
	 * A selector task that ignores the interrupt of its revocation keeps the election's lock
	 * until it ends, however long that takes: the next participant does not lead beside it.
	 */
	@Test
	void selectorTaskThatIgnoresItsInterruptKeepsTheLockUntilItEnds() throws Exception {
		CountDownLatch finish = new CountDownLatch(1);
		AtomicInteger running = new AtomicInteger();
		AtomicInteger overlaps = new AtomicInteger();
		List<String> leaders = new CopyOnWriteArrayList<>();
		Participant a = participant("a");
		Participant b = participant("b");
		for (Participant participant : List.of(a, b)) {
			participant.elections.election("stubborn", (leadership) -> {
				if (running.incrementAndGet() > 1) {
					overlaps.incrementAndGet();
				}
				try {
					leaders.add(leadership.participantId());
					if (leadership.participantId().equals("a")) {
						awaitIgnoringInterrupts(finish);
					}
				}
				finally {
					running.decrementAndGet();
				}
			});
		}
		a.elections.start();
		await().atMost(LONG).until(() -> leaders.contains("a"));
		b.elections.start();
		await().atMost(LONG).until(() -> b.registry.waiters().size() == 1);
		// a's term is revoked, its task interrupted, and the task goes on all the same
		a.backend.suspendConnection();
		await().atMost(LONG).until(() -> a.events.contains("revoked " + epochOf(a, "granted") + " IN_DOUBT"));
		a.backend.resumeConnection();
		await().pollDelay(Duration.ofSeconds(11)).atMost(Duration.ofSeconds(12)).until(() -> true);
		assertThat(leaders).as("the participants that led, while a's task still runs").containsExactly("a");
		finish.countDown();
		await().atMost(LONG).until(() -> leaders.contains("b"));
		assertThat(overlaps).as("tasks that ran beside another").hasValue(0);
	}

	/** Waits for the latch, swallowing interrupts, as a task that ignores them does. */
	private static void awaitIgnoringInterrupts(CountDownLatch latch) {
		while (latch.getCount() > 0) {
			try {
				latch.await();
			}
			catch (InterruptedException ignored) {
				// as a stubborn task does
			}
		}
	}

	private static String epochOf(Participant participant, String event) {
		return participant.events.stream()
			.filter((recorded) -> recorded.startsWith(event + " "))
			.findFirst()
			.map((recorded) -> recorded.split(" ")[1])
			.orElse("none");
	}

	private Participant awaitSoleLeader(List<Participant> candidates, String election) {
		AtomicReference<Participant> leader = new AtomicReference<>();
		await().atMost(LONG).until(() -> {
			List<Participant> leading = candidates.stream().filter((p) -> p.election(election).isLeader()).toList();
			leader.set(leading.isEmpty() ? null : leading.get(0));
			return leading.size() == 1;
		});
		return leader.get();
	}

	private Participant participant(String id) {
		return participant(id, new LockLeaderElection.Options(false, Duration.ofMillis(100)));
	}

	private Participant participant(String id, LockLeaderElection.Options options) {
		Participant participant = new Participant(this.service, id, options);
		this.participants.add(participant);
		return participant;
	}

	/**
	 * One process: a client of the service and its elections, which record their events.
	 */
	private static final class Participant {

		final List<String> events = new CopyOnWriteArrayList<>();

		final InMemoryLockBackend backend;

		final LockEngine registry;

		final LeaderElections elections;

		Participant(InMemoryLockService service, String id, LockLeaderElection.Options options) {
			AtomicReference<LeaderElections> forward = new AtomicReference<>();
			this.backend = new InMemoryLockBackend(service);
			this.registry = new LockEngine(this.backend, new LockListener() {
				@Override
				public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
					forward.get().onStateChanged(lock, previous, current);
				}
			}, LockEngine.Options.DEFAULTS);
			this.elections = new LeaderElections(this.registry, id, options, new LeadershipListener() {
				@Override
				public void granted(Leadership leadership) {
					Participant.this.events.add("granted " + leadership.epoch());
				}

				@Override
				public void revoked(Leadership leadership, RevocationReason reason) {
					Participant.this.events.add("revoked " + leadership.epoch() + " " + reason);
				}
			});
			forward.set(this.elections);
		}

		void join(String election) {
			this.elections.election(election);
			this.elections.start();
		}

		LeaderElection election(String name) {
			return this.elections.election(name);
		}

		void close() {
			this.elections.close();
			this.registry.close();
			this.backend.close();
		}

	}

}
