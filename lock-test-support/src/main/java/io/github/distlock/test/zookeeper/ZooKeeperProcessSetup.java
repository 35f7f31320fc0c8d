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

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

import io.github.distlock.test.tls.TestCertificates;
import org.jspecify.annotations.Nullable;

/**
 * What {@link ZooKeeperProcesses.Builder} was told, turned into files and command lines: each
 * server's {@code zoo.cfg} (and {@code myid} in an ensemble) on free loopback ports, the TLS key
 * store and JAAS file they share, and the JVM that runs {@link ZooKeeperProcessMain} on them.
 *
 * @param servers how many
 * @param fsync whether they force their transaction logs to disk
 * @param properties more {@code zoo.cfg} lines, replacing defaults of the same key
 * @param systemProperties system properties of their JVMs
 * @param jvmOptions options of their JVMs
 * @param classPath their class path
 * @param tls certificates for a TLS-only client port, or {@code null}
 * @param saslUsers users that must authenticate with SASL, or {@code null}
 */
record ZooKeeperProcessSetup(int servers, boolean fsync, Map<String, String> properties,
		Map<String, String> systemProperties, List<String> jvmOptions, String classPath,
		@Nullable TestCertificates tls, @Nullable Map<String, String> saslUsers) {

	/**
	 * Writes every server's files under {@code zk<id>} of a directory.
	 * @param root the directory
	 * @return the servers, not started
	 * @throws IOException if a file cannot be written or no free port is found
	 */
	List<ZooKeeperProcess> write(Path root) throws IOException {
		Map<String, String> common = commonProperties(root);
		List<String> jvm = jvm(root);
		int[] clientPorts = new int[this.servers];
		StringJoiner serverLines = new StringJoiner("\n");
		for (int id = 1; id <= this.servers; id++) {
			clientPorts[id - 1] = freePort();
			if (this.servers > 1) {
				serverLines.add("server." + id + "=127.0.0.1:" + freePort() + ":" + freePort());
			}
		}
		List<ZooKeeperProcess> written = new ArrayList<>();
		for (int id = 1; id <= this.servers; id++) {
			Path directory = root.resolve("zk" + id);
			Path data = Files.createDirectories(ZooKeeperProcess.dataDirectory(directory));
			if (this.servers > 1) {
				Files.writeString(data.resolve("myid"), Integer.toString(id));
			}
			List<String> lines = new ArrayList<>(List.of("dataDir=" + data,
					((this.tls != null) ? "secureClientPort=" : "clientPort=") + clientPorts[id - 1]));
			common.forEach((key, value) -> lines.add(key + "=" + value));
			lines.add(serverLines.toString());
			Path config = ZooKeeperProcess.config(directory);
			Files.writeString(config, String.join("\n", lines) + "\n");
			List<String> command = new ArrayList<>(jvm);
			command.add(config.toString());
			written.add(new ZooKeeperProcess(id, clientPorts[id - 1], this.tls != null, directory, command));
		}
		return written;
	}

	private Map<String, String> commonProperties(Path root) throws IOException {
		Map<String, String> common = new LinkedHashMap<>();
		common.put("tickTime", "2000");
		common.put("initLimit", "10");
		common.put("syncLimit", "5");
		common.put((this.tls != null) ? "secureClientPortAddress" : "clientPortAddress", "127.0.0.1");
		common.put("admin.enableServer", "false");
		common.put("4lw.commands.whitelist", "srvr,mntr,ruok");
		if (!this.fsync) {
			common.put("forceSync", "no");
		}
		if (this.tls != null) {
			Path store = root.resolve("server-store.pem");
			Files.writeString(store, Files.readString(this.tls.serverKey()) + "\n"
					+ Files.readString(this.tls.serverCertificate()), StandardCharsets.US_ASCII);
			common.put("serverCnxnFactory", "org.apache.zookeeper.server.NettyServerCnxnFactory");
			common.put("ssl.keyStore.location", store.toString());
			common.put("ssl.keyStore.type", "PEM");
			common.put("ssl.trustStore.location", this.tls.ca().toString());
			common.put("ssl.trustStore.type", "PEM");
			common.put("ssl.clientAuth", "need");
		}
		if (this.saslUsers != null) {
			common.put("authProvider.1", "org.apache.zookeeper.server.auth.SASLAuthenticationProvider");
			common.put("sessionRequireClientSASLAuth", "true");
		}
		common.putAll(this.properties);
		return common;
	}

	/** A server's command line but the path of its configuration. */
	private List<String> jvm(Path root) throws IOException {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
		command.addAll(this.jvmOptions);
		Map<String, String> system = new LinkedHashMap<>();
		if (this.saslUsers != null) {
			StringBuilder users = new StringBuilder();
			this.saslUsers.forEach((user, password) -> users.append(" user_")
				.append(user)
				.append("=\"")
				.append(password)
				.append('"'));
			Path jaas = root.resolve("server-jaas.conf");
			Files.writeString(jaas, "Server {\n  org.apache.zookeeper.server.auth.DigestLoginModule required" + users
					+ ";\n};\n", StandardCharsets.UTF_8);
			system.put("java.security.auth.login.config", jaas.toString());
		}
		system.putAll(this.systemProperties);
		system.forEach((key, value) -> command.add("-D" + key + "=" + value));
		command.addAll(List.of("-cp", withOwnClasses(this.classPath), ZooKeeperProcessMain.class.getName()));
		return command;
	}

	/** The class path, with this module's classes (the main class) if it lacks them. */
	private static String withOwnClasses(String classPath) {
		CodeSource source = ZooKeeperProcessMain.class.getProtectionDomain().getCodeSource();
		if (source == null) {
			return classPath;
		}
		try {
			String own = Path.of(source.getLocation().toURI()).toString();
			return Arrays.asList(classPath.split(File.pathSeparator)).contains(own) ? classPath
					: classPath + File.pathSeparator + own;
		}
		catch (URISyntaxException | IllegalArgumentException ex) {
			return classPath;
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

}
