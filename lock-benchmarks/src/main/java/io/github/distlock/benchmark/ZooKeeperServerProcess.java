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
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A standalone ZooKeeper server in its own JVM ({@code ZooKeeperServerMain} from the
 * {@code org.apache.zookeeper:zookeeper} jar on this JVM's class path), on 127.0.0.1 and a free
 * port, with its data in a fresh directory, fsync on (ZooKeeper's default), and the
 * {@code srvr}, {@code mntr} and {@code ruok} four-letter words enabled so that its own counters
 * can be read.
 */
final class ZooKeeperServerProcess implements AutoCloseable {

	private final Process process;

	private final int port;

	private final Path directory;

	private ZooKeeperServerProcess(Process process, int port, Path directory) {
		this.process = process;
		this.port = port;
		this.directory = directory;
	}

	/**
	 * Starts a server and waits until it serves.
	 * @param directory its configuration, data and log; emptied first
	 * @param jvmOptions options of the server JVM (heap, {@code -Dznode.container...})
	 * @return the running server
	 * @throws IOException if it cannot be started
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	static ZooKeeperServerProcess start(Path directory, List<String> jvmOptions)
			throws IOException, InterruptedException {
		deleteRecursively(directory);
		Path data = Files.createDirectories(directory.resolve("data"));
		int port = freePort();
		Path config = directory.resolve("zoo.cfg");
		Files.writeString(config, String.join("\n", "tickTime=2000", "dataDir=" + data, "clientPort=" + port,
				"clientPortAddress=127.0.0.1", "admin.enableServer=false", "4lw.commands.whitelist=srvr,mntr,ruok",
				""));
		List<String> command = new ArrayList<>(List.of(javaBinary()));
		command.addAll(jvmOptions);
		command.addAll(List.of("-Dzookeeper.admin.enableServer=false", "-cp", System.getProperty("java.class.path"),
				ZooKeeperServerLauncher.class.getName(), config.toString()));
		Path log = directory.resolve("zookeeper.log");
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		ZooKeeperServerProcess server = new ZooKeeperServerProcess(process, port, directory);
		try {
			server.awaitServing(log);
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			server.close();
			throw ex;
		}
		return server;
	}

	private void awaitServing(Path log) throws IOException, InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (true) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("ZooKeeper server exited with " + this.process.exitValue() + "; see "
						+ log + ":\n" + tail(log));
			}
			try {
				if (fourLetterWord("ruok").startsWith("imok") && fourLetterWord("srvr").contains("Mode: standalone")) {
					return;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("ZooKeeper server not serving within 60s; see " + log + ":\n"
						+ tail(log));
			}
			Thread.sleep(100);
		}
	}

	String connectString() {
		return "127.0.0.1:" + this.port;
	}

	long pid() {
		return this.process.pid();
	}

	Path directory() {
		return this.directory;
	}

	/**
	 * Reads the server's counters ({@code mntr}).
	 * @return name to value, in the server's order
	 * @throws IOException if the server does not answer
	 */
	Map<String, String> mntr() throws IOException {
		Map<String, String> values = new LinkedHashMap<>();
		for (String line : fourLetterWord("mntr").split("\n")) {
			int tab = line.indexOf('\t');
			if (tab > 0) {
				values.put(line.substring(0, tab), line.substring(tab + 1).trim());
			}
		}
		return values;
	}

	ServerCounters counters() throws IOException {
		return ServerCounters.of(mntr());
	}

	String fourLetterWord(String word) throws IOException {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), this.port), 5000);
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			out.write(word.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	/** Stops the server process (and only it); safe to call more than once. */
	@Override
	public void close() {
		this.process.destroy();
		try {
			if (!this.process.waitFor(15, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			this.process.destroyForcibly();
			Thread.currentThread().interrupt();
		}
	}

	static String javaBinary() {
		return Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

	static String tail(Path file) {
		try {
			List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
		}
		catch (IOException ex) {
			return "(unreadable: " + ex.getMessage() + ")";
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	static void deleteRecursively(Path directory) throws IOException {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> files = Files.walk(directory)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(file);
			}
		}
	}

}
