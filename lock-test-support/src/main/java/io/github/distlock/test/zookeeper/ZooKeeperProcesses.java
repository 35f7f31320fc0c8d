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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.StringJoiner;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.distlock.test.tls.TestCertificates;
import org.jspecify.annotations.Nullable;

/**
 * Real ZooKeeper servers, each in a JVM of its own: one standalone server, or an ensemble whose
 * members can be killed (SIGKILL), stopped and restarted on their data, and whose leader is
 * found from each member's {@code srvr} answer. Each server runs ZooKeeper's
 * {@code QuorumPeerMain} from the {@code org.apache.zookeeper:zookeeper} jar on the class path
 * (this JVM's by default, which must also hold the Dropwizard metrics and snappy-java jars that
 * the server declares {@code provided}), on 127.0.0.1 and free ports, and exits by itself when
 * this JVM is gone; {@link #close()} stops every process it started, and no other.
 * <pre>{@code
 * try (ZooKeeperProcesses zookeeper = ZooKeeperProcesses.builder().servers(3).start()) {
 *     int leader = zookeeper.awaitLeader(Duration.ofSeconds(10));
 *     zookeeper.kill(leader);
 *     ... zookeeper.connectString() ...
 *     zookeeper.restart(leader);
 * }
 * }</pre>
 * A server in a JVM of its own, rather than the in-process {@link ZooKeeperServerExtension}, is
 * what a test needs when it kills a server with its connections, measures a server apart from
 * its clients, or configures TLS or SASL, which ZooKeeper turns into JVM-wide state. Each server
 * keeps its {@code zoo.cfg}, {@code data} and {@code zookeeper.log} in {@code zk<id>} under the
 * directory. Half of its length is javadoc; one server's process and its files are classes of
 * their own.
 *
 * @since 0.1.0
 */
public final class ZooKeeperProcesses implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

	private final Path directory;

	private final boolean temporary;

	private final List<ZooKeeperProcess> servers;

	private boolean closed;

	private ZooKeeperProcesses(Path directory, boolean temporary, List<ZooKeeperProcess> servers) {
		this.directory = directory;
		this.temporary = temporary;
		this.servers = List.copyOf(servers);
	}

	/**
	 * Options of the servers, to {@link Builder#start() start} them with.
	 * @return a builder of one standalone server with ZooKeeper's defaults
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * The number of servers.
	 * @return the size; the servers' ids are 1 to it
	 */
	public int size() {
		return this.servers.size();
	}

	/**
	 * The connect string of every server, as a client lists an ensemble.
	 * @return {@code 127.0.0.1:<port>,…}
	 */
	public String connectString() {
		StringJoiner connect = new StringJoiner(",");
		this.servers.forEach((server) -> connect.add("127.0.0.1:" + server.clientPort()));
		return connect.toString();
	}

	/**
	 * The connect string of one server.
	 * @param id the server's id, 1 to {@link #size()}
	 * @return {@code 127.0.0.1:<port>}
	 */
	public String connectString(int id) {
		return "127.0.0.1:" + server(id).clientPort();
	}

	/**
	 * The client port of every server, in id order: its TLS port when it serves over TLS only.
	 * @return the ports
	 */
	public List<Integer> clientPorts() {
		return this.servers.stream().map(ZooKeeperProcess::clientPort).toList();
	}

	/**
	 * Where the servers keep their configuration, data and logs.
	 * @return the directory
	 */
	public Path directory() {
		return this.directory;
	}

	/**
	 * A server's data directory ({@code dataDir}).
	 * @param id the server's id
	 * @return the directory
	 */
	public Path dataDirectory(int id) {
		return ZooKeeperProcess.dataDirectory(server(id).directory());
	}

	/**
	 * A server's log: the output of each of its processes, appended.
	 * @param id the server's id
	 * @return the file
	 */
	public Path log(int id) {
		return server(id).log();
	}

	/**
	 * The process id of a server's latest process.
	 * @param id the server's id
	 * @return the pid
	 */
	public long pid(int id) {
		return server(id).pid();
	}

	/**
	 * Whether a server's process runs.
	 * @param id the server's id
	 * @return {@code false} once it was killed or stopped, until it is restarted
	 */
	public boolean isRunning(int id) {
		return server(id).isRunning();
	}

	/**
	 * A server's mode, from its {@code srvr} answer.
	 * @param id the server's id
	 * @return {@code standalone}, {@code leader} or {@code follower}; {@code down} when its
	 * process does not run or does not answer; {@code unknown} when it does not serve yet
	 */
	public String mode(int id) {
		return server(id).mode();
	}

	/**
	 * Sends a four-letter word to a server: {@code srvr}, {@code mntr} or {@code ruok}, which
	 * its {@code 4lw.commands.whitelist} allows.
	 * @param id the server's id
	 * @param word the word
	 * @return the server's answer
	 * @throws IOException if the server cannot be reached or does not answer within 10 s
	 * @throws IllegalStateException if the server serves over TLS only
	 */
	public String fourLetterWord(int id, String word) throws IOException {
		return server(id).fourLetterWord(word);
	}

	/**
	 * Waits until a server serves clients: in a serving mode or, over TLS only, accepting
	 * connections.
	 * @param id the server's id
	 * @param timeout how long to wait
	 * @throws InterruptedException if interrupted while waiting
	 * @throws IllegalStateException if it does not serve within the timeout, or its process
	 * ends, with the end of its log
	 */
	public void awaitServing(int id, Duration timeout) throws InterruptedException {
		ZooKeeperProcess server = server(id);
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!server.isServing()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("ZooKeeper server " + id + " did not serve within " + timeout
						+ "; the end of " + server.log() + ":\n" + ZooKeeperProcess.tail(server.log()));
			}
			Thread.sleep(100);
		}
	}

	/**
	 * Waits until every server serves clients, within one timeout.
	 * @param timeout how long to wait for all of them
	 * @throws InterruptedException if interrupted while waiting
	 * @throws IllegalStateException if one does not serve in time, or its process ends
	 */
	public void awaitAllServing(Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		for (ZooKeeperProcess server : this.servers) {
			awaitServing(server.id(), Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
		}
	}

	/**
	 * Waits until a running server of the ensemble says it leads.
	 * @param timeout how long to wait
	 * @return the leader's id
	 * @throws InterruptedException if interrupted while waiting
	 * @throws IllegalStateException if none leads within the timeout, or this is a standalone
	 * server, which has no leader
	 */
	public int awaitLeader(Duration timeout) throws InterruptedException {
		if (size() == 1) {
			throw new IllegalStateException("A standalone ZooKeeper server has no leader; start servers(3) for one");
		}
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			for (ZooKeeperProcess server : this.servers) {
				if ("leader".equals(server.mode())) {
					return server.id();
				}
			}
			Thread.sleep(100);
		}
		throw new IllegalStateException("No ZooKeeper server led within " + timeout + " (modes "
				+ this.servers.stream().map((server) -> server.id() + "=" + server.mode()).collect(Collectors.joining(", "))
				+ "); logs in " + this.directory);
	}

	/**
	 * A running server of the ensemble that follows the leader, without waiting.
	 * @return the lowest such id, or empty if none follows now
	 */
	public OptionalInt follower() {
		return this.servers.stream()
			.filter((server) -> "follower".equals(server.mode()))
			.mapToInt(ZooKeeperProcess::id)
			.findFirst();
	}

	/**
	 * Kills a server with SIGKILL: its connections break at once, it writes nothing more.
	 * @param id the server's id
	 * @throws InterruptedException if interrupted while waiting for the process to end
	 */
	public void kill(int id) throws InterruptedException {
		server(id).kill();
	}

	/**
	 * Stops a server with SIGTERM, and with SIGKILL if it has not ended after 10 s.
	 * @param id the server's id
	 * @throws InterruptedException if interrupted while waiting for the process to end
	 */
	public void stop(int id) throws InterruptedException {
		ZooKeeperProcess server = server(id);
		server.terminate();
		server.awaitEnd();
	}

	/**
	 * Starts a killed or stopped server again, on its data and ports; does not wait for it to
	 * serve ({@link #awaitServing}).
	 * @param id the server's id
	 * @throws IOException if its process cannot be started
	 * @throws IllegalStateException if it still runs
	 */
	public void restart(int id) throws IOException {
		server(id).start();
	}

	/**
	 * Stops every server this started (SIGTERM, then SIGKILL after 10 s), and deletes the
	 * directory if it was a temporary one of its own; safe to call more than once, and from a
	 * shutdown hook.
	 */
	@Override
	public void close() {
		synchronized (this) {
			if (this.closed) {
				return;
			}
			this.closed = true;
		}
		this.servers.forEach(ZooKeeperProcess::terminate);
		try {
			for (ZooKeeperProcess server : this.servers) {
				server.awaitEnd();
			}
		}
		catch (InterruptedException ex) {
			for (ZooKeeperProcess server : this.servers) {
				try {
					server.kill();
				}
				catch (InterruptedException again) {
					// killed; not waited for
				}
			}
			Thread.currentThread().interrupt();
		}
		if (this.temporary) {
			try (Stream<Path> files = Files.walk(this.directory)) {
				files.sorted(Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
			}
			catch (IOException ex) {
				// left in the temporary directory
			}
		}
	}

	@Override
	public String toString() {
		return "ZooKeeper servers " + connectString() + " in " + this.directory;
	}

	private ZooKeeperProcess server(int id) {
		if (id < 1 || id > this.servers.size()) {
			throw new IllegalArgumentException(
					"No ZooKeeper server " + id + ": the servers' ids are 1 to " + this.servers.size());
		}
		return this.servers.get(id - 1);
	}

	/**
	 * Options of {@link ZooKeeperProcesses}: how many servers, where, and what else their
	 * {@code zoo.cfg} and JVMs hold.
	 *
	 * @since 0.1.0
	 */
	public static final class Builder {

		private static final List<String> PER_SERVER = List.of("dataDir", "clientPort", "secureClientPort");

		private int servers = 1;

		private @Nullable Path directory;

		private boolean fsync = true;

		private final Map<String, String> properties = new LinkedHashMap<>();

		private final Map<String, String> systemProperties = new LinkedHashMap<>();

		private List<String> jvmOptions = List.of("-Xmx128m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

		private String classPath = System.getProperty("java.class.path");

		private @Nullable TestCertificates tls;

		private @Nullable Map<String, String> saslUsers;

		private Builder() {
		}

		/**
		 * The number of servers: 1 (the default) for a standalone server, 3 or more for an
		 * ensemble.
		 * @param count how many
		 * @return this builder
		 */
		public Builder servers(int count) {
			if (count < 1) {
				throw new IllegalArgumentException("servers(" + count + "): at least one ZooKeeper server");
			}
			this.servers = count;
			return this;
		}

		/**
		 * Where the servers keep their configuration, data and logs ({@code zk<id>} each), used
		 * as it is and kept after {@link ZooKeeperProcesses#close()}; by default a temporary
		 * directory, deleted then.
		 * @param directory the directory, created if missing
		 * @return this builder
		 */
		public Builder directory(Path directory) {
			this.directory = directory;
			return this;
		}

		/**
		 * Whether a server forces its transaction log to disk before it acknowledges a write;
		 * on by default, as in ZooKeeper ({@code forceSync}).
		 * @param fsync {@code false} for faster tests that do not care about durability
		 * @return this builder
		 */
		public Builder fsync(boolean fsync) {
			this.fsync = fsync;
			return this;
		}

		/**
		 * A line of every server's {@code zoo.cfg}, after (and replacing) the defaults
		 * {@code tickTime=2000}, {@code initLimit=10}, {@code syncLimit=5},
		 * {@code clientPortAddress=127.0.0.1}, {@code admin.enableServer=false} and
		 * {@code 4lw.commands.whitelist=srvr,mntr,ruok}. The data directory, ports and server
		 * list are each server's own, and not set here.
		 * @param key the key, such as {@code tickTime}
		 * @param value its value
		 * @return this builder
		 */
		public Builder property(String key, String value) {
			if (PER_SERVER.contains(key) || key.startsWith("server.")) {
				throw new IllegalArgumentException("'" + key + "' is set for each server by ZooKeeperProcesses; "
						+ "read the ports from clientPorts() and the data from dataDirectory(id)");
			}
			this.properties.put(key, value);
			return this;
		}

		/**
		 * A system property of every server JVM ({@code -Dkey=value}), such as ZooKeeper's
		 * {@code znode.container.checkIntervalMs}, which is not read from {@code zoo.cfg}.
		 * @param key the property
		 * @param value its value
		 * @return this builder
		 */
		public Builder systemProperty(String key, String value) {
			this.systemProperties.put(key, value);
			return this;
		}

		/**
		 * The options of every server JVM before its system properties, instead of the default
		 * {@code -Xmx128m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC}, which keeps a test's
		 * servers small and quick to start.
		 * @param options the options, such as {@code -Xms1g -Xmx1g}
		 * @return this builder
		 */
		public Builder jvmOptions(List<String> options) {
			this.jvmOptions = List.copyOf(options);
			return this;
		}

		/**
		 * The class path of the server JVMs, instead of this JVM's: it must hold the
		 * {@code org.apache.zookeeper:zookeeper} jar and what the server needs beside it
		 * (Dropwizard metrics, snappy-java, logging); this module's own classes are added.
		 * @param classPath the class path
		 * @return this builder
		 */
		public Builder classPath(String classPath) {
			this.classPath = classPath;
			return this;
		}

		/**
		 * Serves clients over TLS only, on a {@code secureClientPort} through Netty, with the
		 * certificates' server key and certificate, and requires a client certificate signed by
		 * their authority ({@code ssl.clientAuth=need}); the servers talk to each other in
		 * plain. Such a server answers no four-letter word: it serves once it accepts
		 * connections, and an ensemble's leader cannot be asked for.
		 * @param certificates the certificates
		 * @return this builder
		 */
		public Builder tls(TestCertificates certificates) {
			this.tls = certificates;
			return this;
		}

		/**
		 * Requires every client to authenticate with SASL (DIGEST-MD5) as one of the given
		 * users, through a JAAS {@code Server} section of the server JVMs.
		 * @param users user name to password
		 * @return this builder
		 */
		public Builder sasl(Map<String, String> users) {
			this.saslUsers = Map.copyOf(users);
			return this;
		}

		/**
		 * Starts the servers and waits until every one serves clients (an ensemble then has a
		 * leader), within 60 s.
		 * @return the running servers
		 * @throws IOException if a directory, a file or a process cannot be made
		 * @throws InterruptedException if interrupted while waiting
		 * @throws IllegalStateException if a server does not serve in time or its process ends,
		 * with the end of its log; every process started is stopped then
		 */
		public ZooKeeperProcesses start() throws IOException, InterruptedException {
			Path root = (this.directory != null) ? Files.createDirectories(this.directory)
					: Files.createTempDirectory("zookeeper");
			ZooKeeperProcesses started = new ZooKeeperProcesses(root, this.directory == null, List.of());
			try {
				started = new ZooKeeperProcesses(root, this.directory == null,
						new ZooKeeperProcessSetup(this.servers, this.fsync, this.properties, this.systemProperties,
								this.jvmOptions, this.classPath, this.tls, this.saslUsers)
							.write(root));
				for (ZooKeeperProcess server : started.servers) {
					server.start();
				}
				started.awaitAllServing(START_TIMEOUT);
				return started;
			}
			catch (IOException | InterruptedException | RuntimeException ex) {
				started.close();
				throw ex;
			}
		}

	}

}
