package io.github.distlock.autoconfigure;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.distlock.test.tls.TestCertificates;

/**
 * A ZooKeeper server in a JVM of its own ({@code ZooKeeperServerMain} from the
 * {@code org.apache.zookeeper:zookeeper} jar) that serves clients over TLS only, on its secure
 * client port through Netty, with the test's server certificate, and requires a client
 * certificate signed by the test's authority. Its own JVM, because ZooKeeper turns a server's
 * {@code ssl.*} settings into system properties, which would change every later server and
 * client of the test JVM.
 */
final class TlsZooKeeperServer implements AutoCloseable {

	private final Process process;

	private final int port;

	private final Path log;

	private TlsZooKeeperServer(Process process, int port, Path log) {
		this.process = process;
		this.port = port;
		this.log = log;
	}

	static TlsZooKeeperServer start(Path directory, TestCertificates certificates)
			throws IOException, InterruptedException {
		Path data = Files.createDirectories(directory.resolve("data"));
		Path serverStore = directory.resolve("server-store.pem");
		Files.writeString(serverStore, Files.readString(certificates.serverKey()) + "\n"
				+ Files.readString(certificates.serverCertificate()), StandardCharsets.US_ASCII);
		int port = freePort();
		Path config = directory.resolve("zoo.cfg");
		Files.writeString(config, String.join("\n", "tickTime=2000", "dataDir=" + data, "secureClientPort=" + port,
				"secureClientPortAddress=127.0.0.1", "admin.enableServer=false",
				"serverCnxnFactory=org.apache.zookeeper.server.NettyServerCnxnFactory",
				"ssl.keyStore.location=" + serverStore, "ssl.keyStore.type=PEM",
				"ssl.trustStore.location=" + certificates.ca(), "ssl.trustStore.type=PEM", "ssl.clientAuth=need", ""));
		Path log = directory.resolve("zookeeper.log");
		List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
				"-cp", System.getProperty("java.class.path"), "org.apache.zookeeper.server.ZooKeeperServerMain",
				config.toString());
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		TlsZooKeeperServer server = new TlsZooKeeperServer(process, port, log);
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
