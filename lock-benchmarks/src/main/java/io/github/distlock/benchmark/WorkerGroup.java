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

package io.github.distlock.benchmark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * The worker processes of a multi-process scenario, seen from the harness: started together,
 * held behind a barrier until every one is connected, then driven window by window through
 * command files; each window starts at one wall-clock instant in every process.
 */
final class WorkerGroup implements AutoCloseable {

	/** Lead time between writing a command and the window's start, so that every worker has read it. */
	private static final long START_LEAD_MILLIS = 100;

	private final Path directory;

	private final List<Process> processes;

	private int next;

	private boolean closed;

	private WorkerGroup(Path directory, List<Process> processes) {
		this.directory = directory;
		this.processes = processes;
	}

	/**
	 * Starts the workers and waits until every one is connected.
	 * @param directory where they and the harness exchange files; emptied first
	 * @param count how many processes
	 * @param connectString the server
	 * @param starterProperties more properties of the workers' Spring contexts
	 * @param redis the Redis server of the Redisson peer, or {@code null} when the run has none
	 * @param withCache whether the workers start the context with lock caching on as well
	 * @return the ready group
	 * @throws IOException if a process cannot be started
	 * @throws InterruptedException if interrupted while waiting
	 */
	static WorkerGroup start(Path directory, int count, String connectString, Map<String, String> starterProperties,
			@Nullable String redis, boolean withCache) throws IOException, InterruptedException {
		LockBenchmark.deleteRecursively(directory);
		Files.createDirectories(directory);
		List<Process> processes = new ArrayList<>();
		WorkerGroup group = new WorkerGroup(directory, processes);
		try {
			for (int id = 0; id < count; id++) {
				List<String> command = new ArrayList<>(List.of(
						Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xms512m", "-Xmx512m", "-cp",
						System.getProperty("java.class.path"), ProcessWorker.class.getName(), "--connect=" + connectString,
						"--dir=" + directory, "--id=" + id, "--starter=" + BenchmarkOptions.format(starterProperties)));
				if (redis != null) {
					command.add("--redis=" + redis);
				}
				if (withCache) {
					command.add("--cached=true");
				}
				processes.add(new ProcessBuilder(command).redirectErrorStream(true)
					.redirectOutput(directory.resolve("worker-" + id + ".log").toFile())
					.start());
			}
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
			for (int id = 0; id < count; id++) {
				while (!Files.exists(directory.resolve("ready-" + id))) {
					group.checkAlive(deadline, "connecting");
					Thread.sleep(20);
				}
			}
			return group;
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			group.close();
			throw ex;
		}
	}

	/**
	 * Runs one window in every worker.
	 * @param implementation what they run
	 * @param scenario which keys and how many threads
	 * @param duration how long they start new cycles
	 * @return each worker's result, in worker order
	 * @throws IOException if a command or a result cannot be exchanged
	 * @throws InterruptedException if interrupted while waiting
	 */
	List<WindowResult> run(Implementation implementation, Scenario scenario, Duration duration)
			throws IOException, InterruptedException {
		int n = this.next++;
		long start = System.currentTimeMillis() + START_LEAD_MILLIS;
		write("command-" + n, "run " + implementation.id() + " " + scenario.id() + " " + start + " "
				+ duration.toNanos());
		long deadline = System.nanoTime() + duration.toNanos() + TimeUnit.SECONDS.toNanos(120);
		List<WindowResult> results = new ArrayList<>();
		for (int id = 0; id < this.processes.size(); id++) {
			Path result = this.directory.resolve("result-" + id + "-" + n);
			while (!Files.exists(result)) {
				checkAlive(deadline, "running " + implementation.id());
				Thread.sleep(5);
			}
			results.add(WindowResult.readFrom(result));
		}
		return results;
	}

	private void checkAlive(long deadline, String doing) {
		for (int id = 0; id < this.processes.size(); id++) {
			Process process = this.processes.get(id);
			Path log = this.directory.resolve("worker-" + id + ".log");
			if (!process.isAlive()) {
				throw new IllegalStateException("Worker " + id + " exited with " + process.exitValue() + " while "
						+ doing + "; see " + log + ":\n" + tail(log));
			}
		}
		if (System.nanoTime() > deadline) {
			throw new IllegalStateException("Workers too slow while " + doing + "; see the logs in " + this.directory);
		}
	}

	private static String tail(Path file) {
		try {
			List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
		}
		catch (IOException ex) {
			return "(unreadable: " + ex.getMessage() + ")";
		}
	}

	private void write(String name, String content) throws IOException {
		Path partial = this.directory.resolve(name + ".partial");
		Files.writeString(partial, content, StandardCharsets.UTF_8);
		Files.move(partial, this.directory.resolve(name), StandardCopyOption.ATOMIC_MOVE);
	}

	/** Asks every worker to stop, and stops those that do not; safe to call more than once. */
	@Override
	public synchronized void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		try {
			write("command-" + this.next, "stop");
		}
		catch (IOException ex) {
			// destroyed below
		}
		for (Process process : this.processes) {
			try {
				if (!process.waitFor(20, TimeUnit.SECONDS)) {
					process.destroy();
					if (!process.waitFor(10, TimeUnit.SECONDS)) {
						process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
					}
				}
			}
			catch (InterruptedException ex) {
				process.destroyForcibly();
				Thread.currentThread().interrupt();
			}
		}
	}

}
