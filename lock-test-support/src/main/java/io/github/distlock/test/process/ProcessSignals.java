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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * Pauses (SIGSTOP) and resumes (SIGCONT) a process by its id with the system's {@code kill}.
 * <p>
 * {@code kill} returns once the signal is sent, not once the process stopped: a thread in the
 * middle of a system call stops when it returns from it, and meanwhile the process can still
 * answer a request. {@link #pause(long)} therefore waits, where {@code /proc} shows the
 * process's threads, until each one is stopped.
 *
 * @since 0.1.0
 */
public final class ProcessSignals {

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

	private ProcessSignals() {
	}

	/**
	 * Stops a process (SIGSTOP) and returns once every one of its threads is stopped, or once it
	 * has ended.
	 * @param pid the process id
	 * @throws IOException if {@code kill} cannot be run
	 * @throws InterruptedException if interrupted while waiting
	 * @throws IllegalStateException if {@code kill} fails or a thread is still running after
	 * ten seconds
	 */
	public static void pause(long pid) throws IOException, InterruptedException {
		signal(pid, "STOP");
		Path tasks = Path.of("/proc", Long.toString(pid), "task");
		if (!Files.isDirectory(tasks)) {
			return;
		}
		long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
		List<String> running = runningThreads(tasks);
		while (!running.isEmpty()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("Process " + pid + " was sent SIGSTOP but its threads " + running
						+ " still ran after " + STOP_TIMEOUT);
			}
			Thread.sleep(5);
			running = runningThreads(tasks);
		}
	}

	/**
	 * Lets a stopped process go on (SIGCONT).
	 * @param pid the process id
	 * @throws IOException if {@code kill} cannot be run
	 * @throws InterruptedException if interrupted while waiting for {@code kill}
	 * @throws IllegalStateException if {@code kill} fails
	 */
	public static void resume(long pid) throws IOException, InterruptedException {
		signal(pid, "CONT");
	}

	private static void signal(long pid, String signal) throws IOException, InterruptedException {
		Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
		if (kill.waitFor() != 0) {
			throw new IllegalStateException("kill -" + signal + " " + pid + " failed with " + kill.exitValue());
		}
	}

	/** The ids of the threads not yet stopped; none once the process has ended. */
	private static List<String> runningThreads(Path tasks) {
		try (Stream<Path> threads = Files.list(tasks)) {
			return threads.filter((thread) -> !stopped(thread)).map((thread) -> thread.getFileName().toString()).toList();
		}
		catch (NoSuchFileException ex) {
			return List.of();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static boolean stopped(Path thread) {
		String stat;
		try {
			stat = Files.readString(thread.resolve("stat"));
		}
		catch (IOException ex) {
			// the thread (or the process) ended meanwhile
			return true;
		}
		// "tid (name) S ...": the name may hold spaces and parentheses, the state follows the last ')'
		String afterName = stat.substring(stat.lastIndexOf(')') + 1).trim();
		char state = afterName.isEmpty() ? '?' : afterName.charAt(0);
		return state == 'T' || state == 't' || state == 'Z' || state == 'X';
	}

}
