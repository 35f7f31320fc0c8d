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

package io.github.distlock.sample;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * An instance of the sample app in a JVM of its own ({@code java -cp … SampleApplication}), so
 * that it can be paused with a signal while the others go on: the test JVM's class path without
 * the test classes, its output in a log file.
 */
final class AppProcess implements AutoCloseable {

	private final Process process;

	private final Path log;

	private final URI uri;

	private AppProcess(Process process, Path log, URI uri) {
		this.process = process;
		this.log = log;
		this.uri = uri;
	}

	/**
	 * Starts an instance; does not wait for it to serve.
	 * @param name its name, for its log file and connection pool
	 * @param logs the directory of its log
	 * @param arguments its application arguments (database, lock service, settings)
	 */
	static AppProcess start(String name, Path logs, List<String> arguments) throws IOException {
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		String classPath = Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
			.filter((entry) -> !entry.endsWith("test-classes"))
			.collect(Collectors.joining(java.io.File.pathSeparator));
		String java = ProcessHandle.current().info().command().orElse("java");
		List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
				"-cp", classPath, SampleApplication.class.getName(), "--server.port=" + port,
				"--spring.datasource.hikari.pool-name=" + name, "--spring.main.banner-mode=off",
				"--logging.level.root=WARN"));
		command.addAll(arguments);
		Path log = logs.resolve(name + ".log");
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		return new AppProcess(process, log, URI.create("http://127.0.0.1:" + port));
	}

	long pid() {
		return this.process.pid();
	}

	URI uri() {
		return this.uri;
	}

	boolean isAlive() {
		return this.process.isAlive();
	}

	/** The last lines of its log, for a failure's message. */
	String logTail() {
		try {
			List<String> lines = Files.readAllLines(this.log);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
		}
		catch (IOException ex) {
			return "(log unreadable: " + ex.getMessage() + ")";
		}
	}

	@Override
	public void close() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
		}
	}

}
