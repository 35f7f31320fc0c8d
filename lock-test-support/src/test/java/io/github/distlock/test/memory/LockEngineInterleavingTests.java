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

package io.github.distlock.test.memory;

import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.github.distlock.test.memory.EngineScenario.Tally;
import io.github.distlock.test.memory.EngineScenarios.Refusal;
import io.github.distlock.test.memory.ObservedBackend.Rule;
import io.github.distlock.test.memory.ScheduleExplorer.Exploration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The engine's invariants hold in every schedule explored of each scenario (Fray, seeded): one
 * holder per key and kind, increasing fencing tokens, every loss and revocation request told,
 * no waiter stuck or woken too late (a wait time of an hour never runs out), nothing left once
 * the threads are done. See {@link InvariantLedger} and {@link EngineScenarios}.
 * <p>
 * {@code -Dfray.seed=N} explores other schedules, {@code -Dfray.iterations=N} more or fewer; a
 * failing schedule is saved in {@code target/fray/reports/<scenario>/recording}, and
 * {@code -Dfray.replay=<that directory>} runs just that schedule again, with the test that found
 * it (see docs/fault-campaign.md, "Controlled concurrency").
 */
class LockEngineInterleavingTests {

	static final long SEED = Long.getLong("fray.seed", 20L);

	static final int SCHEDULES = Integer.getInteger("fray.iterations", 300);

	private static final Logger ENGINE_LOGGER = Logger.getLogger("io.github.distlock");

	@BeforeAll
	static void quietEngineLogs() {
		// a warning per lost lock and schedule says nothing the assertions do not
		ENGINE_LOGGER.setLevel(Level.SEVERE);
	}

	@Test
	void localQueueAndHandOffKeepOneHolderAndIncreasingTokensInEverySchedule() {
		assertEverySchedulePasses("local-queue-and-hand-off", EngineScenarios::localQueueAndHandOff);
		assertThat(Tally.HAND_OFFS).as("locks handed off").hasPositiveValue();
	}

	@Test
	void cachedLockServesTheOtherProcessAndKeepsOneHolderAndIncreasingTokensInEverySchedule() {
		assertEverySchedulePasses("caching", EngineScenarios::caching);
		assertThat(Tally.CACHED).as("closes after which the lock was cached").hasPositiveValue();
	}

	@Test
	void reentryKeepsTheOuterTokenBesideOtherHoldersInEverySchedule() {
		assertEverySchedulePasses("reentry", EngineScenarios::reentry);
	}

	@Test
	void lockLostWhileOthersWaitIsToldAndLetsTheNextHolderInInEverySchedule() {
		assertEverySchedulePasses("loss-while-others-wait",
				(rule) -> EngineScenarios.lossWhileOthersWait(rule, Refusal.LOST_BEFORE_HANDED_OUT));
		assertThat(Tally.LOSSES_TOLD).as("losses told").hasPositiveValue();
	}

	@Test
	void revocationRequestedWhileWaitersQueueIsToldToRevocableHoldersOnlyAndStopsHandOffInEverySchedule() {
		assertEverySchedulePasses("revocation-while-waiters-queue", EngineScenarios::revocationWhileWaitersQueue);
		assertThat(Tally.REVOCATIONS_TOLD).as("revocation requests told").hasPositiveValue();
		assertThat(Tally.HAND_OFFS).as("locks handed off").hasPositiveValue();
	}

	@Test
	void deferredReleaseHoldsTheLockUntilItGoesAndThenLetsTheWaitersInInEverySchedule() {
		assertEverySchedulePasses("deferred-release", EngineScenarios::deferredRelease);
		assertThat(Tally.DEFERRED_RELEASES).as("locks released after their close").hasPositiveValue();
		assertThat(Tally.LOSSES_TOLD).as("losses told").hasPositiveValue();
	}

	@Test
	void lockHeldPastItsMaxHoldIsGivenUpOnceAndLetsTheWaitersInInEverySchedule() {
		assertEverySchedulePasses("max-hold-give-up", EngineScenarios::maxHoldGiveUp);
		assertThat(Tally.GIVEN_UP).as("handles given up while open").hasPositiveValue();
	}

	@Test
	void tryLockWithoutWaitAgainstAReleasingHolderGetsItOrFailsAtOnceInEverySchedule() {
		assertEverySchedulePasses("try-lock-without-wait",
				EngineScenarios::tryLockWithoutWaitAgainstAReleasingHolder);
		assertThat(Tally.BUSY).as("tries that found the lock held").hasPositiveValue();
		assertThat(Tally.HAND_OFFS).as("locks handed off").hasPositiveValue();
	}

	@Test
	void waiterWithTimeLeftIsNotRefusedALockLostBeforeItWasHandedOutInEverySchedule() {
		assertEverySchedulePasses("lost-before-handed-out",
				(rule) -> EngineScenarios.lossWhileOthersWait(rule, Refusal.NONE));
	}

	private static void assertEverySchedulePasses(String name, Consumer<Rule> scenario) {
		Runnable sound = () -> scenario.accept(Rule.SOUND);
		Runnable warmUp = Tally.warmUp(sound);
		String replay = System.getProperty("fray.replay");
		if (replay != null) {
			Throwable failure = ScheduleExplorer.replay(Path.of(replay), sound, warmUp);
			assertThat(failure).as("the schedule saved in " + replay).isNull();
			assumeTrue(false, "replayed the schedule saved in " + replay + " only: it passed");
		}
		Exploration exploration = ScheduleExplorer.explore(name, SEED, SCHEDULES, sound, warmUp);
		System.out.println("Explored " + exploration + "; handed off " + Tally.HAND_OFFS + ", losses told "
				+ Tally.LOSSES_TOLD + ", revocations told " + Tally.REVOCATIONS_TOLD + ", released after close "
				+ Tally.DEFERRED_RELEASES + ", tries busy " + Tally.BUSY + ", cached " + Tally.CACHED);
		assertThat(exploration.failure()).as(exploration.toString()).isNull();
		assertThat(exploration.schedules()).isEqualTo(SCHEDULES);
	}

}
