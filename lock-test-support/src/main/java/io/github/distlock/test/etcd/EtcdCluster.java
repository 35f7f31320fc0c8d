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

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.github.distlock.test.process.ProcessSignals;
import io.github.distlock.test.tls.TestCertificates;
import org.jspecify.annotations.Nullable;

/**
 * A real etcd cluster of several members, each a process of its own on free loopback ports with
 * a data directory of its own (deleted when the cluster is closed). Members can be killed
 * (SIGKILL) and restarted on their data, paused (SIGSTOP) and resumed, and the leader found
 * from each member's {@code etcd_server_is_leader} metric.
 *
 * @since 0.1.0
 */
public final class EtcdCluster implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

	private final Path directory;

	private final List<Member> members;

	private EtcdCluster(Path directory, List<Member> members) {
		this.directory = directory;
		this.members = members;
	}

	/**
	 * Starts a cluster and waits until every member listens and one leads.
	 * @param size the number of members
	 * @return the running cluster
	 * @throws IOException if a member cannot be started
	 * @throws InterruptedException if interrupted while waiting
	 */
	public static EtcdCluster start(int size) throws IOException, InterruptedException {
		return start(size, null);
	}

	/**
	 * Starts a cluster whose members serve clients over TLS only, with the given certificates,
	 * and require a client certificate signed by their authority; peers and metrics stay plain.
	 * @param size the number of members
	 * @param tls the certificates, or {@code null} for plain connections
	 * @return the running cluster
	 * @throws IOException if a member cannot be started
	 * @throws InterruptedException if interrupted while waiting
	 */
	public static EtcdCluster start(int size, @Nullable TestCertificates tls) throws IOException, InterruptedException {
		Path directory = Files.createTempDirectory("etcd-cluster");
		List<Member> members = new ArrayList<>();
		for (int i = 0; i < size; i++) {
			members.add(new Member("m" + i, freePort(), freePort(), freePort(), directory.resolve("m" + i), tls));
		}
		EtcdCluster cluster = new EtcdCluster(directory, members);
		try {
			for (Member member : members) {
				member.start(cluster.initialCluster(), "new");
			}
			for (Member member : members) {
				member.awaitListening();
			}
			cluster.awaitLeader(START_TIMEOUT);
			return cluster;
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			cluster.close();
			throw ex;
		}
	}

	private String initialCluster() {
		return this.members.stream().map((m) -> m.name + "=" + m.peerUrl()).collect(Collectors.joining(","));
	}

	/**
	 * The client URLs of every member, for a client's endpoints.
	 * @return the endpoints
	 */
	public List<String> endpoints() {
		return this.members.stream().map(Member::clientUrl).toList();
	}

	/**
	 * The number of members.
	 * @return the size
	 */
	public int size() {
		return this.members.size();
	}

	/**
	 * The plain HTTP URLs where the members serve their metrics.
	 * @return one URL per member
	 */
	public List<String> metricsUrls() {
		return this.members.stream().map(Member::metricsUrl).toList();
	}

	/**
	 * The process id of a member's current process.
	 * @param index the member
	 * @return the pid
	 */
	public long pid(int index) {
		return this.members.get(index).process.pid();
	}

	/**
	 * Waits until a running member says it leads.
	 * @param timeout how long to wait
	 * @return the leader's index
	 * @throws InterruptedException if interrupted while waiting
	 */
	public int awaitLeader(Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			for (int i = 0; i < this.members.size(); i++) {
				if (this.members.get(i).isLeader()) {
					return i;
				}
			}
			Thread.sleep(100);
		}
		throw new IllegalStateException("No etcd member led within " + timeout);
	}

	/**
	 * Kills a member (SIGKILL): its connections break at once.
	 * @param index the member
	 * @throws InterruptedException if interrupted while waiting for it to end
	 */
	public void kill(int index) throws InterruptedException {
		this.members.get(index).kill();
	}

	/**
	 * Starts a killed member again on its data, and waits until it listens.
	 * @param index the member
	 * @throws IOException if it cannot be started
	 * @throws InterruptedException if interrupted while waiting
	 */
	public void restart(int index) throws IOException, InterruptedException {
		Member member = this.members.get(index);
		member.start(initialCluster(), "existing");
		member.awaitListening();
	}

	/**
	 * Pauses a member (SIGSTOP) and returns once all its threads have stopped: it keeps its
	 * connections but answers nothing.
	 * @param index the member
	 * @throws IOException if {@code kill} cannot be run
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	public void pause(int index) throws IOException, InterruptedException {
		this.members.get(index).pause();
	}

	/**
	 * Lets a paused member go on (SIGCONT).
	 * @param index the member
	 * @throws IOException if {@code kill} cannot be run
	 * @throws InterruptedException if interrupted while waiting for it
	 */
	public void resume(int index) throws IOException, InterruptedException {
		this.members.get(index).resume();
	}

	/**
	 * Stops every member and deletes their data.
	 */
	@Override
	public void close() throws IOException, InterruptedException {
		try {
			for (Member member : this.members) {
				member.resume();
				member.stop();
			}
		}
		finally {
			try (Stream<Path> files = Files.walk(this.directory)) {
				files.sorted(Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
			}
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	private static final class Member {

		private final String name;

		private final int clientPort;

		private final int peerPort;

		private final int metricsPort;

		private final Path directory;

		private final @Nullable TestCertificates tls;

		private @Nullable Process process;

		Member(String name, int clientPort, int peerPort, int metricsPort, Path directory,
				@Nullable TestCertificates tls) {
			this.name = name;
			this.clientPort = clientPort;
			this.peerPort = peerPort;
			this.metricsPort = metricsPort;
			this.directory = directory;
			this.tls = tls;
		}

		String clientUrl() {
			return ((this.tls != null) ? "https" : "http") + "://127.0.0.1:" + this.clientPort;
		}

		String metricsUrl() {
			return "http://127.0.0.1:" + this.metricsPort + "/metrics";
		}

		String peerUrl() {
			return "http://127.0.0.1:" + this.peerPort;
		}

		void start(String initialCluster, String state) throws IOException {
			Files.createDirectories(this.directory);
			List<String> command = new ArrayList<>(List.of(EtcdServer.binary().toString(), "--name", this.name,
					"--data-dir", this.directory.resolve("data").toString(), "--logger=zap", "--log-level=warn",
					"--listen-client-urls", clientUrl(), "--advertise-client-urls", clientUrl(), "--listen-peer-urls",
					peerUrl(), "--initial-advertise-peer-urls", peerUrl(), "--initial-cluster", initialCluster,
					"--initial-cluster-state", state, "--initial-cluster-token", "distlock-test",
					"--listen-metrics-urls", "http://127.0.0.1:" + this.metricsPort));
			if (this.tls != null) {
				command.addAll(List.of("--cert-file", this.tls.serverCertificate().toString(), "--key-file",
						this.tls.serverKey().toString(), "--trusted-ca-file", this.tls.ca().toString(),
						"--client-cert-auth"));
			}
			this.process = new ProcessBuilder(command)
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(this.directory.resolve("etcd.log").toFile()))
				.start();
		}

		void awaitListening() throws IOException, InterruptedException {
			long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
			while (System.nanoTime() < deadline) {
				if (!this.process.isAlive()) {
					throw new IllegalStateException("etcd member " + this.name + " exited with "
							+ this.process.exitValue() + ": " + Files.readString(this.directory.resolve("etcd.log")));
				}
				try (Socket socket = new Socket("127.0.0.1", this.clientPort)) {
					return;
				}
				catch (IOException ex) {
					Thread.sleep(50);
				}
			}
			throw new IllegalStateException("etcd member " + this.name + " did not listen within " + START_TIMEOUT);
		}

		boolean isLeader() {
			if (this.process == null || !this.process.isAlive()) {
				return false;
			}
			try {
				String metrics = HTTP.send(HttpRequest.newBuilder(URI.create(metricsUrl()))
					.timeout(Duration.ofSeconds(1))
					.build(), HttpResponse.BodyHandlers.ofString()).body();
				return metrics.lines().anyMatch((line) -> line.equals("etcd_server_is_leader 1"));
			}
			catch (IOException ex) {
				return false;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
		}

		void pause() throws IOException, InterruptedException {
			if (this.process != null && this.process.isAlive()) {
				ProcessSignals.pause(this.process.pid());
			}
		}

		void resume() throws IOException, InterruptedException {
			if (this.process != null && this.process.isAlive()) {
				ProcessSignals.resume(this.process.pid());
			}
		}

		void kill() throws InterruptedException {
			if (this.process != null) {
				this.process.destroyForcibly().waitFor();
			}
		}

		void stop() throws InterruptedException {
			if (this.process != null && this.process.isAlive()) {
				this.process.destroy();
				if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
					this.process.destroyForcibly().waitFor();
				}
			}
		}

	}

}
