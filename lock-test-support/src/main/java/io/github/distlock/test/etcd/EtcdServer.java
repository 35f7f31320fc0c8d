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

package io.github.distlock.test.etcd;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.github.distlock.test.tls.TestCertificates;

/**
 * A real single-member etcd server in a process of its own, on free loopback ports with a data
 * directory of its own, deleted when it is closed. The binary is the one the {@code ETCD_BIN}
 * environment variable names, else {@code etcd} on the {@code PATH}, else {@code /usr/bin/etcd}
 * (Debian's {@code etcd-server} package).
 *
 * @since 0.1.0
 */
public final class EtcdServer implements AutoCloseable {

	private final EtcdCluster cluster;

	private EtcdServer(EtcdCluster cluster) {
		this.cluster = cluster;
	}

	/**
	 * The etcd binary this class and {@link EtcdCluster} start.
	 * @return its path, which may not exist
	 */
	public static Path binary() {
		String configured = System.getenv("ETCD_BIN");
		if (configured != null && !configured.isBlank()) {
			return Path.of(configured);
		}
		String path = System.getenv().getOrDefault("PATH", "");
		for (String directory : path.split(File.pathSeparator)) {
			if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, "etcd"))) {
				return Path.of(directory, "etcd");
			}
		}
		return Path.of("/usr/bin/etcd");
	}

	/**
	 * Whether {@link #binary()} can be run.
	 * @return whether an etcd server can be started here
	 */
	public static boolean isAvailable() {
		return Files.isExecutable(binary());
	}

	/**
	 * Starts a server and waits until it listens and leads.
	 * @return the running server
	 * @throws IOException if it cannot be started
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	public static EtcdServer start() throws IOException, InterruptedException {
		return new EtcdServer(EtcdCluster.start(1));
	}

	/**
	 * Starts a server that serves clients over TLS only and requires a client certificate.
	 * @param certificates the server's certificate and the authority it trusts for clients
	 * @return the running server
	 * @throws IOException if it cannot be started
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	public static EtcdServer startTls(TestCertificates certificates) throws IOException, InterruptedException {
		return new EtcdServer(EtcdCluster.start(1, certificates));
	}

	/**
	 * The server's client URL.
	 * @return the endpoint
	 */
	public String endpoint() {
		return this.cluster.endpoints().get(0);
	}

	/**
	 * The plain HTTP URL of the server's Prometheus metrics.
	 * @return the URL
	 */
	public String metricsUrl() {
		return this.cluster.metricsUrls().get(0);
	}

	/**
	 * The server's process id.
	 * @return the pid
	 */
	public long pid() {
		return this.cluster.pid(0);
	}

	/**
	 * Stops the server process (SIGSTOP) and returns once all its threads have stopped: it keeps
	 * its connections but answers nothing.
	 * @throws IOException if {@code kill} cannot be run
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	public void pause() throws IOException, InterruptedException {
		this.cluster.pause(0);
	}

	/**
	 * Lets a paused server process go on (SIGCONT).
	 * @throws IOException if {@code kill} cannot be run
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	public void resume() throws IOException, InterruptedException {
		this.cluster.resume(0);
	}

	/**
	 * Kills the server process (SIGKILL); its data stays for {@link #restart()}.
	 * @throws InterruptedException if interrupted while waiting for it to end
	 */
	public void kill() throws InterruptedException {
		this.cluster.kill(0);
	}

	/**
	 * Starts a killed server again on its data and port, and waits until it listens.
	 * @throws IOException if it cannot be started
	 * @throws InterruptedException if interrupted while waiting
	 */
	public void restart() throws IOException, InterruptedException {
		this.cluster.restart(0);
	}

	/**
	 * Stops the server (resumed first if paused) and deletes its data directory.
	 */
	@Override
	public void close() throws IOException, InterruptedException {
		this.cluster.close();
	}

}
