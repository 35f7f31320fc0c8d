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

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three separate JVM processes of three threads each lock random, overlapping sets of two or
 * three of five keys with one {@code @DistributedLock} call whose key expression gives a list,
 * and increment each key's counter file by read, pause, write. Every call gets its locks (a
 * deadlock would end a worker when its 60 s wait elapsed) and no key loses an update.
 */
class MultiKeyCrossProcessTests {

	private static final int PROCESSES = 3;

	private static final int THREADS = 3;

	private static final int ITERATIONS = 25;

	private static final int KEYS = 5;

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	@Test
	void processesLockingOverlappingKeySetsNeitherDeadlockNorLoseUpdates(@TempDir Path dir) throws Exception {
		for (int k = 0; k < KEYS; k++) {
			Files.write(dir.resolve("counter-" + k), new byte[Long.BYTES]);
		}
		WorkerProcesses.run(dir, PROCESSES, MultiKeyWorker.class,
				(id) -> List.of(zookeeper.connectString(), dir.toString(), Integer.toString(id), Integer.toString(THREADS),
						Integer.toString(ITERATIONS), Integer.toString(KEYS)),
				180);
		Map<String, Integer> chosen = new HashMap<>();
		for (int i = 0; i < PROCESSES; i++) {
			for (String line : Files.readAllLines(dir.resolve("chosen-" + i))) {
				String[] parts = line.split("=");
				chosen.merge(parts[0], Integer.parseInt(parts[1]), Integer::sum);
			}
		}
		assertThat(chosen.values().stream().mapToInt(Integer::intValue).sum())
			.as("increments chosen, 2 or 3 per call").isBetween(2 * PROCESSES * THREADS * ITERATIONS,
					3 * PROCESSES * THREADS * ITERATIONS);
		for (int k = 0; k < KEYS; k++) {
			String file = "counter-" + k;
			long counted = ByteBuffer.wrap(Files.readAllBytes(dir.resolve(file))).getLong();
			assertThat(counted).as("updates of %s", file).isEqualTo(chosen.getOrDefault(file, 0).longValue());
		}
	}

}
