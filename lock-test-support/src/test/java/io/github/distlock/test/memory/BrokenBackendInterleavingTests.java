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
 * The exploration of {@link LockEngineInterleavingTests} finds a backend that breaks one rule,
 * with the same seed and number of schedules, and the schedule it saves replays the failure.
 */
class BrokenBackendInterleavingTests {

	private static final Logger ENGINE_LOGGER = Logger.getLogger("io.github.distlock");

	@BeforeAll
	static void quietEngineLogs() {
		ENGINE_LOGGER.setLevel(Level.SEVERE);
	}

	@Test
	void handOffThatRepeatsTheHoldersTokenIsFoundAndItsSavedScheduleReplaysIt() {
		assertFoundAndReplayed("broken-hand-off-token", EngineScenarios::localQueueAndHandOff,
				Rule.HAND_OFF_REPEATS_TOKEN, "is not greater than");
	}

	@Test
	void backendThatLosesLocksWithoutTellingTheEngineIsFoundAndItsSavedScheduleReplaysIt() {
		assertFoundAndReplayed("broken-loss-not-told",
				(rule) -> EngineScenarios.lossWhileOthersWait(rule, Refusal.LOST_BEFORE_HANDED_OUT), Rule.LOSS_NOT_TOLD,
				"its listener was not told");
	}

	private static void assertFoundAndReplayed(String name, Consumer<Rule> scenario, Rule broken, String violation) {
		Runnable brokenScenario = () -> scenario.accept(broken);
		Runnable sound = () -> scenario.accept(Rule.SOUND);
		Exploration exploration = ScheduleExplorer.explore(name, LockEngineInterleavingTests.SEED,
				LockEngineInterleavingTests.SCHEDULES, brokenScenario, sound);
		System.out.println("Explored " + exploration);
		assertThat(exploration.failure()).as(exploration.toString())
			.isInstanceOf(AssertionError.class)
			.hasMessageContaining(violation);
		assertThat(exploration.recording()).isNotNull();

		Throwable replayed = ScheduleExplorer.replay(exploration.recording(), brokenScenario, sound);
		System.out.println("Replayed " + exploration.recording() + ": " + replayed);
		assertThat(replayed).as("the replay of " + exploration.recording())
			.isInstanceOf(AssertionError.class)
			.hasMessage(exploration.failure().getMessage());
	}

}
