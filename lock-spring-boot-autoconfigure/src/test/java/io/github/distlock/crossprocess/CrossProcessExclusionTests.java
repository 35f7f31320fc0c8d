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
import java.util.ArrayList;
import java.util.List;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three separate JVM processes increment one counter in a shared file by read, pause, write.
 * Under {@code @DistributedLock} no update is lost; without it updates are lost, which shows
 * the test can fail.
 */
class CrossProcessExclusionTests {

	private static final int PROCESSES = 3;

	private static final int ITERATIONS = 40;

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	@Test
	void lockedProcessesLoseNoUpdateAndSeeGrowingUniqueTokens(@TempDir Path dir) throws Exception {
		assertThat(race(dir, "locked")).isEqualTo(PROCESSES * ITERATIONS);
		List<Long> tokens = new ArrayList<>();
		for (int i = 0; i < PROCESSES; i++) {
			List<Long> ofProcess = Files.readAllLines(dir.resolve("tokens-" + i)).stream().map(Long::valueOf).toList();
			assertThat(ofProcess).hasSize(ITERATIONS).isSorted();
			tokens.addAll(ofProcess);
		}
		assertThat(tokens).doesNotHaveDuplicates();
	}

	@Test
	void unlockedProcessesLoseUpdates(@TempDir Path dir) throws Exception {
		assertThat(race(dir, "unlocked")).isLessThan(PROCESSES * ITERATIONS);
	}

	private long race(Path dir, String mode) throws Exception {
		Path counter = dir.resolve("counter");
		Files.write(counter, new byte[Long.BYTES]);
		WorkerProcesses.run(dir, PROCESSES, CounterWorker.class, (id) -> List.of(zookeeper.connectString(),
				dir.toString(), Integer.toString(id), Integer.toString(ITERATIONS), mode), 120);
		return ByteBuffer.wrap(Files.readAllBytes(counter)).getLong();
	}

}
