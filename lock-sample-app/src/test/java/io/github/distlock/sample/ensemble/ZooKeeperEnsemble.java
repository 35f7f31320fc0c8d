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

package io.github.distlock.sample.ensemble;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;

/**
 * A ZooKeeper ensemble of separate server processes ({@code QuorumPeerMain} from the
 * {@code org.apache.zookeeper:zookeeper} jar on this JVM's class path), on loopback ports only.
 * It stops exactly the processes it started.
 */
public final class ZooKeeperEnsemble implements AutoCloseable {

	private final Path dir;

	private final List<Member> members = new ArrayList<>();

	private ZooKeeperEnsemble(Path dir, int size) throws IOException {
		this.dir = dir;
		for (int id = 1; id <= size; id++) {
			this.members.add(new Member(id, freePort(), freePort(), freePort()));
		}
		StringJoiner servers = new StringJoiner("\n");
		for (Member member : this.members) {
			servers.add("server." + member.id + "=127.0.0.1:" + member.quorumPort + ":" + member.electionPort);
		}
		for (Member member : this.members) {
			Path data = dir.resolve("zk" + member.id);
			Files.createDirectories(data);
			Files.writeString(data.resolve("myid"), Integer.toString(member.id));
			Files.writeString(member.config(dir), String.join("\n", "tickTime=1000", "initLimit=10", "syncLimit=5",
					"dataDir=" + data, "clientPort=" + member.clientPort, "clientPortAddress=127.0.0.1",
					"admin.enableServer=false", "4lw.commands.whitelist=srvr,ruok", servers.toString(), ""));
		}
	}

	/**
	 * Starts an ensemble and waits until it has a leader.
	 * @param dir where configurations, data and logs go
	 * @param size the number of servers
	 * @return the running ensemble
	 */
	public static ZooKeeperEnsemble start(Path dir, int size) throws Exception {
		ZooKeeperEnsemble ensemble = new ZooKeeperEnsemble(dir, size);
		try {
			for (Member member : ensemble.members) {
				ensemble.startMember(member);
			}
			ensemble.awaitLeader(Duration.ofSeconds(60));
			return ensemble;
		}
		catch (Exception ex) {
			ensemble.close();
			throw ex;
		}
	}

	private void startMember(Member member) throws IOException {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		ProcessBuilder builder = new ProcessBuilder(java, "-Xmx128m", "-XX:TieredStopAtLevel=1",
				"-Dzookeeper.admin.enableServer=false", "-cp", System.getProperty("java.class.path"),
				"org.apache.zookeeper.server.quorum.QuorumPeerMain", member.config(this.dir).toString());
		builder.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(this.dir.resolve("zk" + member.id + ".log").toFile()));
		member.process = builder.start();
	}

	/**
	 * The client connect string of every member.
	 * @return the connect string
	 */
	public String connectString() {
		StringJoiner connect = new StringJoiner(",");
		this.members.forEach((member) -> connect.add("127.0.0.1:" + member.clientPort));
		return connect.toString();
	}

	/**
	 * Waits until one member is the leader.
	 * @param timeout how long to wait
	 * @return the leader's id
	 */
	public int awaitLeader(Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			for (Member member : this.members) {
				if (member.isRunning() && "leader".equals(mode(member.clientPort))) {
					return member.id;
				}
			}
			Thread.sleep(100);
		}
		throw new IllegalStateException("The ensemble elected no leader within " + timeout + "; logs in " + this.dir);
	}

	/**
	 * Kills a member with SIGKILL.
	 * @param id the member's id
	 */
	public void kill(int id) throws InterruptedException {
		Member member = this.members.get(id - 1);
		member.process.destroyForcibly();
		member.process.waitFor(30, TimeUnit.SECONDS);
	}

	/**
	 * Starts a killed member again, with its data.
	 * @param id the member's id
	 */
	public void restart(int id) throws IOException {
		startMember(this.members.get(id - 1));
	}

	/**
	 * The process id of a member, for the record.
	 * @param id the member's id
	 * @return the pid
	 */
	public long pid(int id) {
		return this.members.get(id - 1).process.pid();
	}

	@Override
	public void close() {
		for (Member member : this.members) {
			if (member.process != null) {
				member.process.destroyForcibly();
			}
		}
		for (Member member : this.members) {
			if (member.process != null) {
				try {
					member.process.waitFor(30, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
		}
	}

	private static String mode(int port) {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
			socket.setSoTimeout(2_000);
			socket.getOutputStream().write("srvr".getBytes(StandardCharsets.US_ASCII));
			socket.getOutputStream().flush();
			String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
			return answer.lines()
				.filter((line) -> line.startsWith("Mode: "))
				.map((line) -> line.substring("Mode: ".length()).trim())
				.findFirst()
				.orElse("unknown");
		}
		catch (IOException ex) {
			return "down";
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	private static final class Member {

		private final int id;

		private final int clientPort;

		private final int quorumPort;

		private final int electionPort;

		private Process process;

		Member(int id, int clientPort, int quorumPort, int electionPort) {
			this.id = id;
			this.clientPort = clientPort;
			this.quorumPort = quorumPort;
			this.electionPort = electionPort;
		}

		Path config(Path dir) {
			return dir.resolve("zoo" + this.id + ".cfg");
		}

		boolean isRunning() {
			return this.process != null && this.process.isAlive();
		}

	}

}
