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

package io.github.distlock.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;

import io.github.distlock.test.process.ProcessSignals;

/**
 * A client process of the campaign, as the orchestrator sees it: one worker slot whose process
 * may be paused, killed and replaced (each replacement is a new generation, with a history of
 * its own), behind its own {@link ClientProxy}.
 */
final class WorkerProcess implements AutoCloseable {

	private final String slot;

	private final String mode;

	private final boolean localQueue;

	private final int handoffs;

	/** Its lock cache: {@code off}, {@code on}, or {@code broken} (deliberately). */
	private final String cache;

	private final ClientProxy proxy;

	private final List<String> commonArgs;

	private final Path dir;

	private int generation;

	private Process process;

	WorkerProcess(String slot, String mode, boolean localQueue, int handoffs, String cache, ClientProxy proxy,
			Path dir, List<String> commonArgs) {
		this.slot = slot;
		this.mode = mode;
		this.localQueue = localQueue;
		this.handoffs = handoffs;
		this.cache = cache;
		this.proxy = proxy;
		this.dir = dir;
		this.commonArgs = commonArgs;
	}

	/** The name of the current generation, as in its history. */
	String name() {
		return this.slot + "." + this.generation;
	}

	String describe() {
		return this.slot + " (" + this.mode + ", local queue " + this.localQueue + ", max hand-offs " + this.handoffs
				+ ", lock cache " + this.cache + ")";
	}

	ClientProxy proxy() {
		return this.proxy;
	}

	void start() throws IOException {
		this.generation++;
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		List<String> command = new ArrayList<>(List.of(java, "-Xmx192m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
				"-cp", System.getProperty("java.class.path"), CampaignWorker.class.getName(), "worker=" + name(),
				"mode=" + this.mode, "localQueue=" + this.localQueue, "handoffs=" + this.handoffs, "cache=" + this.cache,
				"connect=" + this.proxy.connectString()));
		command.addAll(this.commonArgs);
		this.process = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(this.dir.resolve(logFile()).toFile()))
			.start();
	}

	void awaitReady(Duration timeout) throws Exception {
		awaitFile("ready-" + name(), timeout);
	}

	boolean awaitFile(String name, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!Files.exists(this.dir.resolve(name))) {
			if (System.nanoTime() > deadline || !this.process.isAlive()) {
				return Files.exists(this.dir.resolve(name));
			}
			Thread.sleep(50);
		}
		return true;
	}

	/** The file, in the run directory, that every generation's output goes to. */
	String logFile() {
		return "worker-" + this.slot + ".log";
	}

	/**
	 * How the current generation ended, if it did.
	 * @return its exit code, or empty while it runs
	 */
	OptionalInt exitCode() {
		return this.process.isAlive() ? OptionalInt.empty() : OptionalInt.of(this.process.exitValue());
	}

	/** Stops the current generation (SIGSTOP) and returns once its threads have stopped. */
	void pause() throws IOException, InterruptedException {
		signalUnlessEnded(true);
	}

	/** Lets the current generation go on (SIGCONT). */
	void resume() throws IOException, InterruptedException {
		signalUnlessEnded(false);
	}

	private void signalUnlessEnded(boolean pause) throws IOException, InterruptedException {
		long pid = this.process.pid();
		try {
			if (pause) {
				ProcessSignals.pause(pid);
			}
			else {
				ProcessSignals.resume(pid);
			}
		}
		catch (IllegalStateException ex) {
			// a generation that ended meanwhile needs no signal; one that is alive does
			if (this.process.isAlive()) {
				throw ex;
			}
		}
	}

	void kill() throws InterruptedException {
		this.process.destroyForcibly();
		this.process.waitFor(30, TimeUnit.SECONDS);
	}

	void expireSession() throws IOException {
		Files.writeString(this.dir.resolve("expire-" + name()), "expire");
	}

	/**
	 * Waits for a graceful stop after the {@code stop} file was written.
	 * @return whether the process ended in time
	 */
	boolean awaitExit(Duration timeout) throws InterruptedException {
		return this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
	}

	@Override
	public void close() {
		if (this.process != null && this.process.isAlive()) {
			try {
				resume();
			}
			catch (Exception ex) {
				// it is killed next
			}
			this.process.destroyForcibly();
		}
		this.proxy.close();
	}

}
