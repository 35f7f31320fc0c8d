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

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs worker JVMs of a cross-process test: starts them, waits until each wrote
 * {@code ready-<id>} in the work directory, writes {@code go}, and waits until each ended with
 * exit code 0 (its log, {@code worker-<id>.log}, is in the failure message otherwise). Every
 * process is destroyed when it returns.
 */
final class WorkerProcesses {

	private WorkerProcesses() {
	}

	static void run(Path dir, int count, Class<?> mainClass, IntFunction<List<String>> arguments, int finishSeconds)
			throws Exception {
		List<Process> processes = new ArrayList<>();
		try {
			for (int i = 0; i < count; i++) {
				processes.add(start(dir, i, mainClass, arguments.apply(i)));
			}
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
			for (int i = 0; i < count; i++) {
				while (!Files.exists(dir.resolve("ready-" + i))) {
					assertThat(System.nanoTime()).as("worker %d started in time, see %s", i, dir).isLessThan(deadline);
					assertThat(processes.get(i).isAlive()).as("worker %d is alive, see its log in %s", i, dir).isTrue();
					Thread.sleep(20);
				}
			}
			Files.createFile(dir.resolve("go"));
			for (int i = 0; i < count; i++) {
				Process process = processes.get(i);
				assertThat(process.waitFor(finishSeconds, TimeUnit.SECONDS)).as("worker %d finished", i).isTrue();
				assertThat(process.exitValue()).as("worker %d exit code, log: %s", i,
						Files.readString(dir.resolve("worker-" + i + ".log"))).isZero();
			}
		}
		finally {
			processes.forEach(Process::destroyForcibly);
		}
	}

	/**
	 * Starts one worker JVM with the test's class path, its output in {@code worker-<id>.log}.
	 */
	static Process start(Path dir, int id, Class<?> mainClass, List<String> arguments) throws Exception {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		List<String> command = new ArrayList<>(List.of(java, "-XX:TieredStopAtLevel=1", "-Xmx256m", "-cp",
				System.getProperty("java.class.path"), mainClass.getName()));
		command.addAll(arguments);
		File log = dir.resolve("worker-" + id + ".log").toFile();
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log).start();
	}

}
