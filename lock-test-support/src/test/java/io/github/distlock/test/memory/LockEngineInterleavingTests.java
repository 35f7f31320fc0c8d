package io.github.distlock.test.memory;

import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.github.distlock.test.memory.EngineScenarios.Refusal;
import io.github.distlock.test.memory.ObservedBackend.Rule;
import io.github.distlock.test.memory.ScheduleExplorer.Exploration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine's invariants hold in every schedule explored of each scenario (Fray, seeded): one
 * holder per key and kind, increasing fencing tokens, every loss and revocation request told,
 * no waiter stuck or woken too late (a wait time of an hour never runs out), nothing left once
 * the threads are done. See {@link InvariantLedger} and {@link EngineScenarios}.
 * <p>
 * {@code -Dfray.seed=N} explores other schedules, {@code -Dfray.iterations=N} more or fewer.
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
	}

	@Test
	void reentryKeepsTheOuterTokenBesideOtherHoldersInEverySchedule() {
		assertEverySchedulePasses("reentry", EngineScenarios::reentry);
	}

	@Test
	void lockLostWhileOthersWaitIsToldAndLetsTheNextHolderInInEverySchedule() {
		assertEverySchedulePasses("loss-while-others-wait",
				(rule) -> EngineScenarios.lossWhileOthersWait(rule, Refusal.LOST_BEFORE_HANDED_OUT));
	}

	@Test
	void revocationRequestedWhileWaitersQueueIsToldToTheHolderInEverySchedule() {
		assertEverySchedulePasses("revocation-while-waiters-queue", EngineScenarios::revocationWhileWaitersQueue);
	}

	@Test
	void deferredReleaseHoldsTheLockUntilItGoesAndThenLetsTheWaitersInInEverySchedule() {
		assertEverySchedulePasses("deferred-release", EngineScenarios::deferredRelease);
	}

	@Test
	void tryLockWithoutWaitAgainstAReleasingHolderGetsItOrFailsAtOnceInEverySchedule() {
		assertEverySchedulePasses("try-lock-without-wait",
				EngineScenarios::tryLockWithoutWaitAgainstAReleasingHolder);
	}

	private static void assertEverySchedulePasses(String name, Consumer<Rule> scenario) {
		Runnable sound = () -> scenario.accept(Rule.SOUND);
		Exploration exploration = ScheduleExplorer.explore(name, SEED, SCHEDULES, sound, sound);
		System.out.println("Explored " + exploration);
		assertThat(exploration.failure()).as(exploration.toString()).isNull();
		assertThat(exploration.schedules()).isEqualTo(SCHEDULES);
	}

}
