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

package io.github.distlock.test.zookeeper;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * One server of {@link ZooKeeperProcesses}: its {@code zoo.cfg}, data and log in a directory of
 * its own, and the JVM that runs it, started again on the same data after it was killed or
 * stopped. What it is doing is asked through the four-letter words on its plain client port.
 */
final class ZooKeeperProcess {

	private static final Set<String> SERVING = Set.of("standalone", "leader", "follower");

	private final int id;

	private final int clientPort;

	private final boolean secureClientPort;

	private final Path directory;

	private final List<String> command;

	private volatile @Nullable Process process;

	/**
	 * A server not started yet.
	 * @param id its id ({@code myid}, {@code server.<id>})
	 * @param clientPort the port where it serves clients
	 * @param secureClientPort whether that port speaks TLS only (then it answers no four-letter
	 * word, and serves as soon as it accepts connections)
	 * @param directory its configuration, data and log
	 * @param command the command line that runs it
	 */
	ZooKeeperProcess(int id, int clientPort, boolean secureClientPort, Path directory, List<String> command) {
		this.id = id;
		this.clientPort = clientPort;
		this.secureClientPort = secureClientPort;
		this.directory = directory;
		this.command = List.copyOf(command);
	}

	int id() {
		return this.id;
	}

	int clientPort() {
		return this.clientPort;
	}

	Path directory() {
		return this.directory;
	}

	static Path config(Path directory) {
		return directory.resolve("zoo.cfg");
	}

	static Path dataDirectory(Path directory) {
		return directory.resolve("data");
	}

	Path log() {
		return this.directory.resolve("zookeeper.log");
	}

	/** Starts its JVM, its output appended to its log; does not wait for it to serve. */
	synchronized void start() throws IOException {
		Process running = this.process;
		if (running != null && running.isAlive()) {
			throw new IllegalStateException(
					"ZooKeeper server " + this.id + " runs already (pid " + running.pid() + "); kill or stop it first");
		}
		this.process = new ProcessBuilder(this.command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(log().toFile()))
			.start();
	}

	boolean isRunning() {
		Process running = this.process;
		return running != null && running.isAlive();
	}

	long pid() {
		Process running = this.process;
		if (running == null) {
			throw new IllegalStateException("ZooKeeper server " + this.id + " was never started");
		}
		return running.pid();
	}

	/** SIGKILL, and waits until the process is gone. */
	void kill() throws InterruptedException {
		Process running = this.process;
		if (running != null) {
			running.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
		}
	}

	/** SIGTERM, without waiting. */
	void terminate() {
		Process running = this.process;
		if (running != null) {
			running.destroy();
		}
	}

	/** Waits up to 10 s for a terminated process to end, then kills it. */
	void awaitEnd() throws InterruptedException {
		Process running = this.process;
		if (running != null && !running.waitFor(10, TimeUnit.SECONDS)) {
			kill();
		}
	}

	/**
	 * Whether it serves clients: it answers {@code srvr} in a serving mode, or, on a TLS-only
	 * port, accepts connections.
	 * @throws IllegalStateException if its process has ended, with the end of its log
	 */
	boolean isServing() {
		Process running = this.process;
		if (running == null || !running.isAlive()) {
			throw new IllegalStateException("ZooKeeper server " + this.id + " is not running"
					+ ((running != null) ? " (exit value " + running.exitValue() + ")" : "") + "; the end of " + log()
					+ ":\n" + tail(log()));
		}
		if (!this.secureClientPort) {
			return SERVING.contains(mode());
		}
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.clientPort), 1_000);
			return true;
		}
		catch (IOException notYet) {
			return false;
		}
	}

	/**
	 * Its mode from {@code srvr}: {@code standalone}, {@code leader}, {@code follower}, or
	 * {@code down} when its process does not run or does not answer, {@code unknown} when it
	 * answers without a mode (it does not serve yet).
	 */
	String mode() {
		if (!isRunning()) {
			return "down";
		}
		try {
			return field(fourLetterWord("srvr"), "Mode").orElse("unknown");
		}
		catch (IOException ex) {
			return "down";
		}
	}

	String fourLetterWord(String word) throws IOException {
		if (this.secureClientPort) {
			throw new IllegalStateException("ZooKeeper server " + this.id
					+ " serves clients over TLS only: four-letter words need a plain client port");
		}
		return fourLetterWord(this.clientPort, word);
	}

	/**
	 * Sends a four-letter word ({@code srvr}, {@code mntr}, {@code ruok}: what the server's
	 * {@code 4lw.commands.whitelist} allows) to a server on this host, and reads its answer.
	 * @param port the server's plain client port
	 * @param word the word
	 * @return the answer
	 * @throws IOException if the server cannot be reached or does not answer within 10 s
	 */
	static String fourLetterWord(int port, String word) throws IOException {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 2_000);
			socket.setSoTimeout(10_000);
			socket.getOutputStream().write(word.getBytes(StandardCharsets.US_ASCII));
			socket.getOutputStream().flush();
			return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	/**
	 * A field of a {@code srvr} answer ({@code Mode: leader}).
	 * @param answer the answer
	 * @param name the field's name
	 * @return its value, if the answer has it
	 */
	static Optional<String> field(String answer, String name) {
		return answer.lines()
			.filter((line) -> line.startsWith(name + ": "))
			.map((line) -> line.substring(name.length() + 2).trim())
			.findFirst();
	}

	/** The last 30 lines of a log, for a message. */
	static String tail(Path log) {
		try {
			List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
		}
		catch (IOException ex) {
			return "(unreadable: " + ex + ")";
		}
	}

}
