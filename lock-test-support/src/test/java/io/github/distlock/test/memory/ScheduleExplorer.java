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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Random;

import kotlin.Unit;
import org.jspecify.annotations.Nullable;
import org.pastalab.fray.core.TestRunner;
import org.pastalab.fray.core.command.Configuration;
import org.pastalab.fray.core.command.ExecutionInfo;
import org.pastalab.fray.core.command.LambdaExecutor;
import org.pastalab.fray.core.command.NetworkDelegateType;
import org.pastalab.fray.core.command.SystemTimeDelegateType;
import org.pastalab.fray.core.observers.TimelineCoverageType;
import org.pastalab.fray.core.randomness.ControlledRandom;
import org.pastalab.fray.core.randomness.Randomness;
import org.pastalab.fray.core.randomness.RandomnessProvider;
import org.pastalab.fray.core.randomness.RecordedRandomProvider;
import org.pastalab.fray.core.scheduler.POSScheduler;
import org.pastalab.fray.core.scheduler.Scheduler;

/**
 * Runs a scenario under Fray's control: every thread it starts runs one step at a time, in an
 * order the scheduler picks (partial order sampling), and every wait, lock and timed wait is
 * Fray's to resolve. A schedule that throws from any thread, or in which every thread waits
 * for good (a deadlock: a lost wake-up, a stuck waiter), is a failure; Fray saves the random
 * choices that made it, which replay it.
 * <p>
 * Time is virtual: {@link System#nanoTime()} advances a little with each step, and jumps to the
 * next deadline when every thread waits, so a timed wait ends exactly when nothing else can
 * happen first, and a wait time of an hour never runs out while a waiter can still be woken.
 * <p>
 * Exploration is seeded: the seed picks the scheduler's random choices, so the same seed explores
 * the same schedules, in any JVM ({@code SeedReplayInterleavingTests}; the engine orders nothing
 * by identity hash codes, which Fray does not control). A failing schedule is also saved as the
 * recording of its choices, which replays it alone ({@link #replay}).
 * <p>
 * Run it in a JVM that Fray instruments: the {@code fray} profile of this module's build sets
 * that up for failsafe ({@code -Dit.test=…}; under surefire, {@code -Dtest=…}, it is refused).
 */
final class ScheduleExplorer {

	/** Virtual nanoseconds per step, as Fray's default. */
	private static final long VIRTUAL_NANOS_PER_STEP = 100_000L;

	/** A bound on the wall-clock time of one exploration, in seconds. */
	private static final int TIMEOUT_SECONDS = 300;

	private static final long WARM_UP_MILLIS = 30_000;

	private ScheduleExplorer() {
	}

	/**
	 * Explores schedules of a scenario until one fails or the iterations are done.
	 * @param name names the report directory
	 * @param seed picks the schedules
	 * @param iterations how many schedules to run at most
	 * @param scenario what runs in each schedule: starts threads, joins them, asserts
	 * @param warmUp runs once before, without Fray (see {@link #warmUp})
	 * @return what was explored, and the failure if one was found
	 */
	static Exploration explore(String name, long seed, int iterations, Runnable scenario, Runnable warmUp) {
		requireFray();
		warmUp(warmUp);
		Random seeds = new Random(seed);
		Path report = reportDirectory(name);
		POSScheduler scheduler = new POSScheduler(seededRandomness(seeds.nextLong()));
		RandomnessProvider provider = () -> seededRandomness(seeds.nextLong());
		Configuration config = configuration(scenario, report, iterations, scheduler, provider, false);
		Throwable failure = new TestRunner(config).run();
		int explored = config.getCurrentIteration() + ((failure != null) ? 1 : 0);
		int timelines = (config.getTimelineCoverage() != null) ? config.getTimelineCoverage().getCoverage() : 0;
		Path recording = report.resolve("recording");
		return new Exploration(name, seed, explored, timelines, failure,
				(failure != null && Files.isDirectory(recording)) ? recording : null);
	}

	/**
	 * Runs the one schedule a failing exploration saved: the scheduler it used, fed the random
	 * choices it made.
	 * @param recording the recording directory of a failure ({@link Exploration#recording()})
	 * @param scenario the scenario that failed
	 * @param warmUp as for the exploration
	 * @return the failure of the replayed schedule, or {@code null} if it passed
	 */
	static @Nullable Throwable replay(Path recording, Runnable scenario, Runnable warmUp) {
		requireFray();
		warmUp(warmUp);
		try {
			String schedulerClass = Files.readString(recording.resolve("scheduler")).trim();
			Randomness recorded = new RecordedRandomProvider(recording.resolve("random.json").toString())
				.getRandomness();
			Scheduler scheduler = (Scheduler) Class.forName(schedulerClass)
				.getConstructor(Randomness.class)
				.newInstance(recorded);
			Path report = reportDirectory(recording.getParent().getFileName() + "-replay");
			Configuration config = configuration(scenario, report, 1, scheduler,
					() -> new RecordedRandomProvider(recording.resolve("random.json").toString()).getRandomness(),
					true);
			return new TestRunner(config).run();
		}
		catch (ReflectiveOperationException | java.io.IOException ex) {
			throw new IllegalStateException("Cannot replay " + recording, ex);
		}
	}

	private static void requireFray() {
		if (System.getProperty("fray.reports") == null) {
			throw new IllegalStateException("Not in a JVM that Fray instruments: run the interleaving tests with "
					+ "-Dit.test=... -DskipITs=false (failsafe, the fray profile of lock-test-support), not -Dtest=...");
		}
	}

	/**
	 * Runs a scenario once, outside Fray's control, so that the classes it uses are initialized
	 * before the first schedule: a schedule then takes the same steps whether it runs first in its
	 * JVM (a replay) or after others (in an exploration). Given up on after a while, should it
	 * hang.
	 */
	private static void warmUp(Runnable warmUp) {
		Thread.UncaughtExceptionHandler handler = Thread.getDefaultUncaughtExceptionHandler();
		// outside Fray, on its JDK, timed waits may end early: the warm-up's failures mean nothing
		Thread.setDefaultUncaughtExceptionHandler((failed, ex) -> {
		});
		Thread thread = new Thread(() -> {
			try {
				warmUp.run();
			}
			catch (Throwable ex) {
				// only the classes it loaded matter
			}
		}, "fray-warm-up");
		thread.setDaemon(true);
		thread.start();
		try {
			thread.join(WARM_UP_MILLIS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			Thread.setDefaultUncaughtExceptionHandler(handler);
		}
	}

	private static Configuration configuration(Runnable scenario, Path report, int iterations, Scheduler scheduler,
			RandomnessProvider randomness, boolean replay) {
		LambdaExecutor executor = new LambdaExecutor(() -> {
			scenario.run();
			return Unit.INSTANCE;
		});
		return new Configuration(new ExecutionInfo(executor, false, false, -1), report, iterations, TIMEOUT_SECONDS,
				scheduler, randomness, true, false, true, replay, false, false, NetworkDelegateType.NONE,
				SystemTimeDelegateType.MOCK, VIRTUAL_NANOS_PER_STEP, false, false, false, false, false, false,
				TimelineCoverageType.RESOURCE_ORDERING);
	}

	private static ControlledRandom seededRandomness(long seed) {
		return new ControlledRandom(new ArrayList<>(), new ArrayList<>(), new Random(seed));
	}

	private static Path reportDirectory(String name) {
		return Path.of(System.getProperty("fray.reports")).resolve(name);
	}

	/**
	 * What an exploration did.
	 * @param name the scenario's name
	 * @param seed the seed that picked the schedules
	 * @param schedules how many schedules ran
	 * @param timelines how many distinct orders of operations on shared resources they covered
	 * @param failure the first failure, or {@code null}
	 * @param recording where the failing schedule's random choices are saved, or {@code null}
	 */
	record Exploration(String name, long seed, int schedules, int timelines, @Nullable Throwable failure,
			@Nullable Path recording) {

		@Override
		public String toString() {
			return this.name + " (seed " + this.seed + "): " + this.schedules + " schedules, " + this.timelines
					+ " distinct timelines" + ((this.failure != null)
							? ", failed: " + this.failure + " (recording " + this.recording + ")" : ", no failure");
		}

	}

}
