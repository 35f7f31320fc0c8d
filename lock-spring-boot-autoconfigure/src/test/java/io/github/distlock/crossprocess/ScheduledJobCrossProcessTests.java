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

package io.github.distlock.crossprocess;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three instances of an application fire the same {@code @Scheduled} job every second, their
 * clocks 150 ms apart, and the job takes 20 ms. With {@code holdAtLeast = 500} ms,
 * {@code waitTime = 0} and {@code onFailure = SKIP} on its {@code @DistributedLock}, the job
 * runs once a second across the three: the instances whose clocks run late skip. (Without
 * {@code holdAtLeast}, each second runs up to three times: the first instance has released the
 * lock when the others fire.)
 */
class ScheduledJobCrossProcessTests {

	private static final int INSTANCES = 3;

	private static final int SECONDS = 6;

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	@Test
	void jobHeldAtLeastAWhileRunsOnceAScheduleAcrossInstancesWhoseClocksDiffer(@TempDir Path dir) throws Exception {
		NavigableMap<Long, List<String>> runsBySecond = runInstances(dir, "hold-at-least");
		long start = Files.getLastModifiedTime(dir.resolve("go")).toInstant().getEpochSecond();
		NavigableMap<Long, List<String>> watched = runsBySecond.headMap(start + SECONDS, false);
		watched.forEach((second, instances) -> assertThat(instances)
			.as("instances that ran the job of second %d (all runs: %s)", second, runsBySecond)
			.hasSize(1));
		assertThat(watched.tailMap(start, true)).as("seconds the job ran, from the start signal").hasSizeGreaterThanOrEqualTo(SECONDS / 2);
	}

	/**
	 * Starts the instances, and reads which of them ran the job for which second.
	 */
	private static NavigableMap<Long, List<String>> runInstances(Path dir, String mode) throws Exception {
		WorkerProcesses.run(dir, INSTANCES, ScheduledJobWorker.class, (id) -> List.of(zookeeper.connectString(),
				dir.toString(), Integer.toString(id), Integer.toString(SECONDS), mode), 120);
		NavigableMap<Long, List<String>> runs = new TreeMap<>();
		for (String line : Files.readAllLines(dir.resolve("runs"))) {
			String[] parts = line.split(" ");
			runs.computeIfAbsent(Long.parseLong(parts[1]), (second) -> new ArrayList<>()).add(parts[0]);
		}
		return runs;
	}

}
