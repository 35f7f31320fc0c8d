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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Thousands of virtual threads on a few keys, in an application with
 * {@code spring.threads.virtual.enabled=true} running on a JDK 21 or later (a JVM of its own,
 * the build's JDK being 17), against a real ZooKeeper: every task gets its lock, no two tasks are
 * inside the same key's lock at once, every task ran on a virtual thread, and (on JDK 24 or
 * later, whose recorder gives the reason) Java Flight Recorder records no pinning by a monitor
 * with the starter's code on the stack; the JVM's own brief pinnings (a method handle being
 * linked) are printed, not counted. That the starter takes no monitor at all, which is
 * what would pin on JDK 21 to 23, {@code NoMonitorsTests} checks in its bytecode.
 */
class VirtualThreadsCrossProcessTests {

	private static final int TASKS = 5000;

	private static final int KEYS = 5;

	private static final Pattern SUMMARY = Pattern.compile("java=(\\d+) completed=(\\d+) failures=(\\d+) overlaps=(\\d+) "
			+ "maxInside=(\\d+) virtual=(\\d+) pinned=(\\d+) pinnedByMonitorInStarter=(\\d+)");

	@TempDir
	Path directory;

	@Test
	void thousandsOfVirtualThreadsOnAFewKeysExcludeEachOtherWithoutPinningACarrier() throws Exception {
		Optional<Path> java = modernJava();
		assumeTrue(java.isPresent(), "no JDK 21 or later under /usr/lib/jvm or JAVA_21_HOME: virtual thread test skipped");
		try (TestingServer zookeeper = new TestingServer(true)) {
			List<String> command = new ArrayList<>(List.of(java.get().toString(), "-Xmx512m", "-cp",
					System.getProperty("java.class.path"), VirtualThreadsWorker.class.getName(),
					zookeeper.getConnectString(), String.valueOf(TASKS), String.valueOf(KEYS),
					this.directory.resolve("pinned.jfr").toString()));
			Path log = this.directory.resolve("worker.log");
			Process worker = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
			try {
				assertThat(worker.waitFor(6, TimeUnit.MINUTES)).as("worker finished").isTrue();
			}
			finally {
				worker.destroyForcibly();
			}
			String output = Files.readString(log);
			System.out.println(output);
			Matcher summary = SUMMARY.matcher(output);
			assertThat(summary.find()).as(output).isTrue();
			assertThat(Integer.parseInt(summary.group(1))).isGreaterThanOrEqualTo(21);
			assertThat(Integer.parseInt(summary.group(2))).as("completed").isEqualTo(TASKS);
			assertThat(Integer.parseInt(summary.group(3))).as("failures").isZero();
			assertThat(Integer.parseInt(summary.group(4))).as("overlaps").isZero();
			assertThat(Integer.parseInt(summary.group(5))).as("most tasks inside one key's lock at once").isEqualTo(1);
			assertThat(Integer.parseInt(summary.group(6))).as("tasks on virtual threads").isEqualTo(TASKS);
			if (Integer.parseInt(summary.group(1)) >= 24) {
				// from JDK 24 the recorder says why a thread pinned; none may be a monitor under the starter
				assertThat(Integer.parseInt(summary.group(8))).as("pinnings by a monitor with the starter's code on the stack")
					.isZero();
			}
			assertThat(worker.exitValue()).isZero();
		}
	}

	/** A {@code java} of release 21 or later: JAVA_21_HOME, or one under /usr/lib/jvm. */
	static Optional<Path> modernJava() throws IOException {
		List<Path> homes = new ArrayList<>();
		String configured = System.getenv("JAVA_21_HOME");
		if (configured != null) {
			homes.add(Path.of(configured));
		}
		Path jvms = Path.of("/usr/lib/jvm");
		if (Files.isDirectory(jvms)) {
			try (Stream<Path> entries = Files.list(jvms)) {
				entries.sorted().forEach(homes::add);
			}
		}
		for (Path home : homes) {
			Path release = home.resolve("release");
			Path java = home.resolve("bin/java");
			if (Files.isRegularFile(release) && Files.isExecutable(java) && feature(release) >= 21) {
				return Optional.of(java);
			}
		}
		return Optional.empty();
	}

	private static int feature(Path release) throws IOException {
		for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
			if (line.startsWith("JAVA_VERSION=")) {
				String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
				String major = version.split("[.+-]")[0];
				return Integer.parseInt(major);
			}
		}
		return 0;
	}

}
