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

package io.github.distlock.test.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Pausing a real process returns only once every thread of it is stopped, as {@code /proc}
 * shows; resuming lets each one run again.
 */
@EnabledOnOs(OS.LINUX)
class ProcessSignalsTests {

	private Process process;

	@AfterEach
	void stop() throws InterruptedException {
		if (this.process != null) {
			this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void pauseReturnsOnceEveryThreadOfABusyJvmIsStopped(@TempDir Path directory) throws Exception {
		// a JVM whose threads spin: each is running when the signal arrives
		Path program = Files.writeString(directory.resolve("Spin.java"), """
				class Spin {
					public static void main(String[] args) throws Exception {
						for (int i = 0; i < 4; i++) {
							new Thread(() -> { while (true) { Thread.onSpinWait(); } }).start();
						}
						System.out.println("spinning");
						Thread.sleep(600_000);
					}
				}
				""");
		this.process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				program.toString())
			.redirectErrorStream(true)
			.start();
		try (BufferedReader output = new BufferedReader(new InputStreamReader(this.process.getInputStream()))) {
			assertThat(output.readLine()).isEqualTo("spinning");
			ProcessSignals.pause(this.process.pid());
			assertThat(threadStates(this.process.pid())).hasSizeGreaterThan(4).containsOnly('T');
			ProcessSignals.resume(this.process.pid());
			assertThat(threadStates(this.process.pid())).doesNotContain('T');
		}
	}

	@Test
	void resumeLetsThePausedProcessGoOn() throws Exception {
		this.process = new ProcessBuilder("sleep", "0.5").start();
		ProcessSignals.pause(this.process.pid());
		Thread.sleep(1000);
		assertThat(this.process.isAlive()).as("a stopped sleep does not end").isTrue();
		assertThat(threadStates(this.process.pid())).containsOnly('T');
		ProcessSignals.resume(this.process.pid());
		assertThat(this.process.waitFor(10, TimeUnit.SECONDS)).as("the resumed sleep ends").isTrue();
	}

	@Test
	void aProcessThatIsNoMoreCannotBePaused() throws Exception {
		this.process = new ProcessBuilder("true").start();
		long pid = this.process.pid();
		this.process.waitFor();
		assertThatIllegalStateException().isThrownBy(() -> ProcessSignals.pause(pid)).withMessageContaining("kill -STOP " + pid);
	}

	private static List<Character> threadStates(long pid) throws IOException {
		try (Stream<Path> threads = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
			return threads.map((thread) -> {
				try {
					String stat = Files.readString(thread.resolve("stat"));
					return stat.substring(stat.lastIndexOf(')') + 1).trim().charAt(0);
				}
				catch (IOException ex) {
					return '?';
				}
			}).toList();
		}
	}

}
