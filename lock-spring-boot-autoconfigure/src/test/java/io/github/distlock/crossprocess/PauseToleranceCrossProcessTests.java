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
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.distlock.test.etcd.EtcdServerExtension;
import io.github.distlock.test.process.ProcessSignals;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A lock holder in its own JVM is stopped (SIGSTOP) for longer than its pause tolerance (1 s),
 * against a real ZooKeeper and a real etcd, and the first state it reads when it resumes is
 * IN_DOUBT, or HELD only once the lock service confirmed the lock (its confirmation can come
 * back before the holder's thread runs again). Stopped for 3 seconds, below its session timeout or lease time to live (15 s), the
 * lock is HELD again once the lock service confirmed it (ZooKeeper: a read of the node; etcd: a
 * renewal of the lease), the listener told of both; stopped past its session or lease, the lock
 * goes from doubt to LOST, never HELD in between. With the tolerance off, the holder stopped for
 * 3 seconds reads HELD at once: nothing in the client could tell a paused holder whose session
 * ended meanwhile before its client finds out.
 */
@EnabledOnOs(OS.LINUX)
class PauseToleranceCrossProcessTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	@ParameterizedTest(name = "{0}, pause tolerance {1}, session {2} s, paused {3} s")
	@CsvSource({ "zookeeper, 1s, 15, 3, IN_DOUBT, HELD", "etcd, 1s, 15, 3, IN_DOUBT, HELD",
			"zookeeper, 0, 15, 3, HELD, HELD", "etcd, 0, 15, 3, HELD, HELD", "zookeeper, 1s, 4, 9, IN_DOUBT, LOST",
			"etcd, 1s, 4, 9, IN_DOUBT, LOST" })
	void holderResumingFromAPauseReadsItsLockInDoubtUntilTheServiceSettlesIt(String backend, String tolerance,
			int sessionSeconds, int pauseSeconds, String firstRead, String settled, @TempDir Path dir)
			throws Exception {
		String address = backend.equals("etcd") ? etcd.endpoint() : zookeeper.connectString();
		Process worker = WorkerProcesses.start(dir, 0, PausedHolderWorker.class,
				List.of(backend, address, dir.toString(), tolerance, sessionSeconds + "s"));
		try {
			await().atMost(Duration.ofSeconds(120))
				.until(() -> Files.exists(dir.resolve("ready")) || !worker.isAlive());
			assertThat(worker.isAlive()).as("worker alive, log: %s", log(dir)).isTrue();
			ProcessSignals.pause(worker.pid());
			try {
				Thread.sleep(TimeUnit.SECONDS.toMillis(pauseSeconds));
			}
			finally {
				ProcessSignals.resume(worker.pid());
			}
			await().atMost(Duration.ofSeconds(30)).until(() -> lines(dir, "states").size() == 2);
			List<String> states = lines(dir, "states");
			assertThat(states).as("states read after the pause").hasSize(2);
			if (firstRead.equals("IN_DOUBT") && settled.equals("HELD")) {
				assertThat(states.get(0)).as("first state read").isIn("first IN_DOUBT", "first HELD confirmed");
			}
			else if (settled.equals("LOST")) {
				// never HELD: etcd's clock may have judged the lease lost before the first read
				assertThat(states.get(0)).as("first state read").isIn("first IN_DOUBT", "first LOST");
			}
			else {
				assertThat(states.get(0)).as("first state read").isEqualTo("first " + firstRead);
			}
			assertThat(states.get(1)).isEqualTo("settled " + settled);
			if (settled.equals("LOST")) {
				// etcd's lease may be judged lost by its clock before the doubt is told
				await().atMost(Duration.ofSeconds(10))
					.untilAsserted(() -> assertThat(lines(dir, "events")).last().asString().endsWith("->LOST"));
				assertThat(lines(dir, "events")).doesNotContain("IN_DOUBT->HELD");
			}
			else if (firstRead.equals("IN_DOUBT")) {
				// again when a busy machine ran the watch later than the tolerance, which counts as a pause
				await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
					List<String> events = lines(dir, "events");
					assertThat(events).isNotEmpty();
					assertThat(events.size() % 2).as("events %s", events).isZero();
					for (int i = 0; i < events.size(); i += 2) {
						assertThat(events.subList(i, i + 2)).as("events %s", events)
							.containsExactly("HELD->IN_DOUBT", "IN_DOUBT->HELD");
					}
				});
			}
			else {
				assertThat(lines(dir, "events")).isEmpty();
			}
			Files.createFile(dir.resolve("stop"));
			assertThat(worker.waitFor(60, TimeUnit.SECONDS)).isTrue();
			assertThat(worker.exitValue()).as("exit code, log: %s", log(dir)).isZero();
		}
		finally {
			worker.destroyForcibly();
		}
	}

	private static List<String> lines(Path dir, String file) throws Exception {
		Path path = dir.resolve(file);
		return Files.exists(path) ? Files.readAllLines(path) : List.of();
	}

	private static String log(Path dir) throws Exception {
		return Files.readString(dir.resolve("worker-0.log"));
	}

}
