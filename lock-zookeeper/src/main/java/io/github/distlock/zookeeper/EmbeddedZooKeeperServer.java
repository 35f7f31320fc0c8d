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

package io.github.distlock.zookeeper;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.zookeeper.server.ServerConfig;
import org.apache.zookeeper.server.ZooKeeperServerMain;
import org.springframework.util.ClassUtils;
import org.springframework.util.FileSystemUtils;

/**
 * A standalone ZooKeeper server in this JVM, on the loopback address, with its data in a
 * temporary folder that is deleted on close. For development and tests only: it is a single
 * point of failure and its data does not survive the process.
 *
 * @since 0.1.0
 */
public final class EmbeddedZooKeeperServer implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(EmbeddedZooKeeperServer.class);

	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	private final Path dataDir;

	private final int port;

	private final ServerMain server = new ServerMain();

	private final Thread thread;

	private final AtomicReference<Throwable> failure = new AtomicReference<>();

	private EmbeddedZooKeeperServer(int port) throws IOException {
		this.port = (port != 0) ? requireFree(port) : freePort();
		this.dataDir = Files.createTempDirectory("embedded-zookeeper");
		Path config = this.dataDir.resolve("zoo.cfg");
		Files.writeString(config, String.join("\n", "tickTime=2000", "dataDir=" + this.dataDir.resolve("data"),
				"clientPort=" + this.port, "clientPortAddress=127.0.0.1", "maxClientCnxns=0",
				"admin.enableServer=false", "4lw.commands.whitelist=srvr,ruok", ""));
		ServerConfig serverConfig = new ServerConfig();
		try {
			serverConfig.parse(config.toString());
		}
		catch (Exception ex) {
			throw new IOException("Invalid embedded ZooKeeper configuration: " + ex.getMessage(), ex);
		}
		this.thread = new Thread(() -> run(serverConfig), "embedded-zookeeper-" + this.port);
		this.thread.setDaemon(true);
	}

	/**
	 * Starts a server and waits until it accepts connections.
	 * @param port the client port, or {@code 0} for a free one
	 * @return the running server
	 * @throws IOException if the server does not start
	 */
	public static EmbeddedZooKeeperServer start(int port) throws IOException {
		requireServerLibraries();
		EmbeddedZooKeeperServer server = new EmbeddedZooKeeperServer(port);
		server.thread.start();
		server.awaitStarted();
		logger.warn("Started an embedded ZooKeeper server on " + server.getConnectString()
				+ " (distributed-lock.zookeeper.embedded.enabled=true): for development and tests only");
		return server;
	}

	private void run(ServerConfig config) {
		try {
			this.server.runFromConfig(config);
		}
		catch (Throwable ex) {
			this.failure.set(ex);
			logger.error("Embedded ZooKeeper server on port " + this.port + " stopped", ex);
		}
	}

	/**
	 * The ZooKeeper server needs two libraries that its POM declares {@code provided}.
	 */
	private static void requireServerLibraries() {
		ClassLoader classLoader = EmbeddedZooKeeperServer.class.getClassLoader();
		for (String[] library : new String[][] { { "com.codahale.metrics.Reservoir", "io.dropwizard.metrics:metrics-core" },
				{ "org.xerial.snappy.SnappyInputStream", "org.xerial.snappy:snappy-java" } }) {
			if (!ClassUtils.isPresent(library[0], classLoader)) {
				throw new IllegalStateException("The embedded ZooKeeper server (distributed-lock.zookeeper.embedded.enabled"
						+ "=true) needs " + library[1] + " on the class path, which the ZooKeeper server declares "
						+ "'provided': add io.github.distlock:lock-spring-boot-embedded-zookeeper (runtime scope), which "
						+ "brings it, or connect to an external ZooKeeper");
			}
		}
	}

	private static int requireFree(int port) throws IOException {
		try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
			return port;
		}
		catch (IOException ex) {
			throw new IOException("Port " + port + " of the embedded ZooKeeper server "
					+ "(distributed-lock.zookeeper.embedded.port) is already in use", ex);
		}
	}

	private void awaitStarted() throws IOException {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (System.nanoTime() < deadline) {
			if (this.failure.get() != null || !this.thread.isAlive()) {
				close();
				throw new IOException("Embedded ZooKeeper server failed to start on port " + this.port,
						this.failure.get());
			}
			if (awaitServerStarted()) {
				return;
			}
		}
		close();
		throw new IOException("Embedded ZooKeeper server did not start on port " + this.port + " within "
				+ START_TIMEOUT.toSeconds() + "s");
	}

	/** Waits a little for the server's started signal, between looks at its thread. */
	private boolean awaitServerStarted() throws IOException {
		try {
			return this.server.started.await(50, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("Interrupted while waiting for the embedded ZooKeeper server", ex);
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	/**
	 * The connect string of this server.
	 * @return {@code 127.0.0.1:port}
	 */
	public String getConnectString() {
		return "127.0.0.1:" + this.port;
	}

	/**
	 * The client port.
	 * @return the port
	 */
	public int getPort() {
		return this.port;
	}

	@Override
	public void close() {
		this.server.stop();
		try {
			this.thread.join(10_000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		FileSystemUtils.deleteRecursively(this.dataDir.toFile());
	}

	private static final class ServerMain extends ZooKeeperServerMain {

		/**
		 * Counted down once the server has loaded its database and serves clients. Asking it
		 * before (a four-letter command, as this class once did) made ZooKeeper log an error
		 * with a stack trace while it closed the command's socket.
		 */
		private final CountDownLatch started = new CountDownLatch(1);

		@Override
		protected void serverStarted() {
			this.started.countDown();
		}

		void stop() {
			shutdown();
		}

	}

}
