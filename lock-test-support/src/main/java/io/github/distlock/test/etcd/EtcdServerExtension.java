package io.github.distlock.test.etcd;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real single-member etcd server, started as a separate process for a test class on free
 * loopback ports with a data directory of its own, and stopped (its directory deleted) after.
 * The binary is {@code etcd} from the {@code ETCD_BINARY} environment variable, or
 * {@code /usr/bin/etcd} (Debian's {@code etcd-server} package); without it the tests are skipped.
 */
public final class EtcdServerExtension implements BeforeAllCallback, AfterAllCallback {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	private Process process;

	private Path dataDirectory;

	private int clientPort;

	@Override
	public void beforeAll(ExtensionContext context) throws Exception {
		Path binary = Path.of(System.getenv().getOrDefault("ETCD_BINARY", "/usr/bin/etcd"));
		Assumptions.assumeTrue(Files.isExecutable(binary),
				"etcd not found at " + binary + " (apt-get install etcd-server, or set ETCD_BINARY): etcd tests skipped");
		this.dataDirectory = Files.createTempDirectory("etcd-test");
		this.clientPort = freePort();
		int peerPort = freePort();
		String client = "http://127.0.0.1:" + this.clientPort;
		String peer = "http://127.0.0.1:" + peerPort;
		this.process = new ProcessBuilder(List.of(binary.toString(), "--name", "test", "--data-dir",
				this.dataDirectory.resolve("data").toString(), "--logger=zap", "--log-level=warn",
				"--listen-client-urls", client, "--advertise-client-urls", client, "--listen-peer-urls", peer,
				"--initial-advertise-peer-urls", peer, "--initial-cluster", "test=" + peer,
				"--initial-cluster-state", "new"))
			.redirectErrorStream(true)
			.redirectOutput(this.dataDirectory.resolve("etcd.log").toFile())
			.start();
		awaitListening();
	}

	private void awaitListening() throws Exception {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException("etcd exited with " + this.process.exitValue() + ": "
						+ Files.readString(this.dataDirectory.resolve("etcd.log")));
			}
			try (Socket socket = new Socket("127.0.0.1", this.clientPort)) {
				return;
			}
			catch (IOException ex) {
				Thread.sleep(50);
			}
		}
		throw new IllegalStateException("etcd did not listen on " + endpoint() + " within " + START_TIMEOUT);
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		if (this.process != null) {
			resume();
			this.process.destroy();
			if (!this.process.waitFor(10, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor();
			}
		}
		if (this.dataDirectory != null) {
			try (Stream<Path> files = Files.walk(this.dataDirectory)) {
				files.sorted(Comparator.reverseOrder()).forEach((file) -> file.toFile().delete());
			}
		}
	}

	/**
	 * The server's client URL.
	 * @return the endpoint
	 */
	public String endpoint() {
		return "http://127.0.0.1:" + this.clientPort;
	}

	/**
	 * Stops the server process (SIGSTOP): it keeps its connections but answers nothing.
	 */
	public void pause() throws Exception {
		signal("STOP");
	}

	/**
	 * Lets a paused server process go on (SIGCONT).
	 */
	public void resume() throws Exception {
		signal("CONT");
	}

	private void signal(String signal) throws Exception {
		Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(this.process.pid())).inheritIO().start();
		if (kill.waitFor() != 0) {
			throw new IllegalStateException("kill -" + signal + " " + this.process.pid() + " failed");
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
