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

import java.util.List;
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

/**
 * A seed replays: exploring a scenario twice with one seed runs the same schedules, holder for
 * holder and token for token, and each exploration prints a digest of them, which is the same
 * in every JVM (compare two runs of {@code -Dit.test=SeedReplayInterleavingTests}). Nothing in
 * the engine may order its steps by identity hash codes, which Fray does not control.
 */
class SeedReplayInterleavingTests {

	private static final int SCHEDULES = 100;

	private static final Logger ENGINE_LOGGER = Logger.getLogger("io.github.distlock");

	@BeforeAll
	static void quietEngineLogs() {
		ENGINE_LOGGER.setLevel(Level.SEVERE);
	}

	@Test
	void localQueueAndHandOffRunTheSameSchedulesAgainWithTheSameSeed() {
		assertSameSchedulesTwice("replay-local-queue-and-hand-off", EngineScenarios::localQueueAndHandOff);
	}

	@Test
	void lossWhileOthersWaitRunsTheSameSchedulesAgainWithTheSameSeed() {
		assertSameSchedulesTwice("replay-loss-while-others-wait",
				(rule) -> EngineScenarios.lossWhileOthersWait(rule, Refusal.LOST_BEFORE_HANDED_OUT));
	}

	private static void assertSameSchedulesTwice(String name, Consumer<Rule> scenario) {
		List<String> first = explore(name, scenario);
		List<String> second = explore(name, scenario);
		System.out.println("Explored " + name + " twice (seed " + LockEngineInterleavingTests.SEED + "): "
				+ first.size() + " schedules, " + first.stream().distinct().count()
				+ " distinct orders of holders, digest " + Integer.toHexString(first.hashCode()));
		assertThat(first).hasSize(SCHEDULES);
		assertThat(first.stream().distinct().count()).as("distinct orders of holders").isGreaterThan(1);
		for (int i = 0; i < SCHEDULES; i++) {
			assertThat(second.get(i)).as("schedule %d of the second exploration", i).isEqualTo(first.get(i));
		}
	}

	private static List<String> explore(String name, Consumer<Rule> scenario) {
		Runnable sound = () -> scenario.accept(Rule.SOUND);
		Exploration exploration = ScheduleExplorer.explore(name, LockEngineInterleavingTests.SEED, SCHEDULES, sound,
				Tally.warmUp(sound));
		assertThat(exploration.failure()).as(exploration.toString()).isNull();
		return List.copyOf(Tally.HOLDERS);
	}

}
