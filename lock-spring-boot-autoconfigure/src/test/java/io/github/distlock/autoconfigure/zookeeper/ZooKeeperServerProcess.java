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

package io.github.distlock.autoconfigure.zookeeper;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.distlock.test.tls.TestCertificates;

/**
 * A ZooKeeper server in a JVM of its own ({@code ZooKeeperServerMain} from the
 * {@code org.apache.zookeeper:zookeeper} jar on the test's class path), for the security tests:
 * its own JVM, because ZooKeeper turns a server's {@code ssl.*} and authentication settings, and
 * its JAAS configuration, into JVM-wide state, which would change every later server and client
 * of the test JVM.
 */
final class ZooKeeperServerProcess implements AutoCloseable {

	private final Process process;

	private final int port;

	private final Path log;

	private ZooKeeperServerProcess(Process process, int port, Path log) {
		this.process = process;
		this.port = port;
		this.log = log;
	}

	/**
	 * A server that serves clients over TLS only, on its secure client port through Netty, with
	 * the test's server certificate, and requires a client certificate signed by the test's
	 * authority.
	 */
	static ZooKeeperServerProcess startTls(Path directory, TestCertificates certificates)
			throws IOException, InterruptedException {
		Path serverStore = Files.createDirectories(directory).resolve("server-store.pem");
		Files.writeString(serverStore, Files.readString(certificates.serverKey()) + "\n"
				+ Files.readString(certificates.serverCertificate()), StandardCharsets.US_ASCII);
		int port = freePort();
		return start(directory, port, List.of("secureClientPort=" + port, "secureClientPortAddress=127.0.0.1",
				"serverCnxnFactory=org.apache.zookeeper.server.NettyServerCnxnFactory",
				"ssl.keyStore.location=" + serverStore, "ssl.keyStore.type=PEM",
				"ssl.trustStore.location=" + certificates.ca(), "ssl.trustStore.type=PEM", "ssl.clientAuth=need"),
				List.of());
	}

	/**
	 * A server that requires every client to authenticate with SASL (DIGEST-MD5), and knows the
	 * given users.
	 * @param users user name to password
	 */
	static ZooKeeperServerProcess startSasl(Path directory, Map<String, String> users)
			throws IOException, InterruptedException {
		Path jaas = Files.createDirectories(directory).resolve("server-jaas.conf");
		StringBuilder entries = new StringBuilder();
		users.forEach((user, password) -> entries.append(" user_").append(user).append("=\"").append(password).append('"'));
		Files.writeString(jaas, "Server {\n  org.apache.zookeeper.server.auth.DigestLoginModule required" + entries
				+ ";\n};\n", StandardCharsets.UTF_8);
		int port = freePort();
		return start(directory, port, List.of("clientPort=" + port, "clientPortAddress=127.0.0.1",
				"authProvider.1=org.apache.zookeeper.server.auth.SASLAuthenticationProvider",
				"sessionRequireClientSASLAuth=true"), List.of("-Djava.security.auth.login.config=" + jaas));
	}

	private static ZooKeeperServerProcess start(Path directory, int port, List<String> settings,
			List<String> jvmOptions) throws IOException, InterruptedException {
		Path data = Files.createDirectories(directory.resolve("data"));
		Path config = directory.resolve("zoo.cfg");
		List<String> lines = new ArrayList<>(List.of("tickTime=2000", "dataDir=" + data, "admin.enableServer=false"));
		lines.addAll(settings);
		Files.writeString(config, String.join("\n", lines) + "\n");
		Path log = directory.resolve("zookeeper.log");
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m"));
		command.addAll(jvmOptions);
		command.addAll(List.of("-cp", System.getProperty("java.class.path"),
				"org.apache.zookeeper.server.ZooKeeperServerMain", config.toString()));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		ZooKeeperServerProcess server = new ZooKeeperServerProcess(process, port, log);
		try {
			server.awaitListening();
		}
		catch (IOException | InterruptedException | RuntimeException ex) {
			server.close();
			throw ex;
		}
		return server;
	}

	String connectString() {
		return "127.0.0.1:" + this.port;
	}

	private void awaitListening() throws IOException, InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
		while (true) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("ZooKeeper exited with " + this.process.exitValue() + ":\n"
						+ Files.readString(this.log));
			}
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress("127.0.0.1", this.port), 500);
				return;
			}
			catch (IOException notYet) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException("ZooKeeper not listening within 60s:\n" + Files.readString(this.log));
				}
				Thread.sleep(100);
			}
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	@Override
	public void close() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
			this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
		}
	}

}
