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

package io.github.distlock.sample.demo;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.github.distlock.test.etcd.EtcdServer;
import io.github.distlock.zookeeper.EmbeddedZooKeeperServer;
import org.h2.tools.Server;
import org.slf4j.LoggerFactory;

/**
 * The goods-stock oversell, reproduced and fixed across several instances.
 * <p>
 * Starts an H2 TCP server and a ZooKeeper server in this JVM (or, with {@code --backend=etcd}, an
 * etcd server process), then N app instances as separate JVMs ({@code java -jar}) sharing both; fires the same concurrent purchases at
 * {@code purchase-unlocked} and at {@code purchase}, and prints what each left behind. Every
 * process it started is stopped before it exits, also on failure or Ctrl-C.
 * <p>
 * Options: {@code --jar=PATH --instances=3 --requests=1500 --concurrency=1500 --stock=100
 * --goods=1 --backend=zookeeper|etcd}. Exit status 0 when the locked run kept the invariant, 1 otherwise.
 */
public final class OversellDemo {

	private static final String DB_NAME = "goods";

	private final Options options;

	private final List<Process> instances = new ArrayList<>();

	private final List<Path> logs = new ArrayList<>();

	private final AtomicBoolean stopped = new AtomicBoolean();

	private Server h2;

	private EmbeddedZooKeeperServer zookeeper;

	private EtcdServer etcd;

	private OversellDemo(Options options) {
		this.options = options;
	}

	public static void main(String[] args) {
		quietLogging();
		int status;
		OversellDemo demo = null;
		try {
			demo = new OversellDemo(Options.parse(args));
			OversellDemo running = demo;
			Runtime.getRuntime().addShutdownHook(new Thread(running::stop, "oversell-demo-cleanup"));
			status = demo.run() ? 0 : 1;
		}
		catch (Exception ex) {
			System.err.println("Oversell demo failed: " + ex);
			status = 2;
		}
		finally {
			if (demo != null) {
				demo.stop();
			}
		}
		System.exit(status);
	}

	private boolean run() throws Exception {
		Options o = this.options;
		long begin = System.nanoTime();
		int h2Port = freePort();
		this.h2 = Server.createTcpServer("-tcpPort", String.valueOf(h2Port), "-ifNotExists").start();
		say("H2 TCP server on 127.0.0.1:" + h2Port + " (database mem:" + DB_NAME + ")");
		List<String> lockArguments = startLockService(o.backend());

		List<URI> uris = new ArrayList<>();
		Path logDir = o.jar().toAbsolutePath().getParent().resolve("demo-logs");
		Files.createDirectories(logDir);
		for (int i = 1; i <= o.instances(); i++) {
			int port = freePort();
			Path log = logDir.resolve("instance-" + i + ".log");
			List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
					"-jar", o.jar().toString(), "--server.port=" + port, "--sample.h2.port=" + h2Port,
					"--spring.datasource.hikari.pool-name=instance-" + i, "--spring.main.banner-mode=off"));
			command.addAll(lockArguments);
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			this.instances.add(process);
			this.logs.add(log);
			uris.add(URI.create("http://127.0.0.1:" + port));
			say("instance " + i + ": pid " + process.pid() + ", http://127.0.0.1:" + port + ", log " + log);
		}

		PurchaseLoad load = new PurchaseLoad(uris);
		awaitHealthy(load, uris, Duration.ofSeconds(150));
		say(String.format("%d instances up after %.1fs", uris.size(), seconds(System.nanoTime() - begin)));

		List<Row> rows = new ArrayList<>();
		for (String endpoint : List.of("purchase-unlocked", "purchase")) {
			load.reset(o.goods(), o.stock());
			say("stock " + o.stock() + "; " + o.requests() + " concurrent purchases (" + o.concurrency()
					+ " in flight) at POST /goods-stock/" + o.goods() + "/" + endpoint + " ...");
			PurchaseLoad.Counts counts = load.fire(endpoint.equals("purchase") ? "locked" : "unlocked", o.goods(),
					endpoint, o.requests(), o.concurrency());
			PurchaseLoad.State state = load.state(o.goods());
			Row row = new Row(endpoint, counts, state);
			rows.add(row);
			System.out.println(table(List.of(row), o.stock()));
			if (!counts.otherKinds().isEmpty()) {
				say("other answers: " + counts.otherKinds());
			}
		}
		System.out.println();
		System.out.println("Result (" + o.instances() + " instances, one H2 database, one " + o.backend()
				+ " server; initial stock "
				+ o.stock() + "):");
		System.out.println(table(rows, o.stock()));

		Row locked = rows.get(1);
		Row unlocked = rows.get(0);
		String tokens = checkFencingTokens(h2Port, o.goods());
		say("locked run fencing tokens: " + tokens);
		boolean lockedOk = locked.state().orders() == o.stock() && locked.state().stock() == 0
				&& locked.counts().ok() == o.stock() && locked.counts().other() == 0 && tokens.startsWith("OK");
		boolean unlockedBroke = unlocked.state().lostUpdates(o.stock()) > 0;
		say("unlocked: " + (unlockedBroke ? "BROKEN as expected (" + unlocked.state().orders() + " orders for "
				+ (o.stock() - unlocked.state().stock()) + " units of stock taken)"
				: "happened not to lose an update this time; run again or raise --concurrency"));
		say("locked:   " + (lockedOk ? "OK: exactly " + o.stock() + " orders, stock 0" : "FAILED"));
		say(String.format("total %.1fs", seconds(System.nanoTime() - begin)));
		return lockedOk;
	}

	private void awaitHealthy(PurchaseLoad load, List<URI> uris, Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		for (int i = 0; i < uris.size(); i++) {
			while (!load.answers(uris.get(i))) {
				Process process = this.instances.get(i);
				if (!process.isAlive()) {
					throw new IllegalStateException("instance " + (i + 1) + " exited with " + process.exitValue()
							+ "; last lines of " + this.logs.get(i) + ":\n" + tail(this.logs.get(i), 30));
				}
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException("instance " + (i + 1) + " not up within " + timeout.toSeconds()
							+ "s; last lines of " + this.logs.get(i) + ":\n" + tail(this.logs.get(i), 30));
				}
				Thread.sleep(250);
			}
		}
	}

	/** Fencing tokens of the orders, read straight from the database: unique and increasing with order id. */
	private static String checkFencingTokens(int h2Port, long goodsNo) {
		String url = "jdbc:h2:tcp://127.0.0.1:" + h2Port + "/mem:" + DB_NAME;
		try (Connection connection = DriverManager.getConnection(url, "sa", "");
				Statement statement = connection.createStatement();
				ResultSet rs = statement
					.executeQuery("SELECT fencing_token FROM goods_order WHERE goods_no = " + goodsNo + " ORDER BY id")) {
			long previous = 0;
			int count = 0;
			while (rs.next()) {
				long token = rs.getLong(1);
				if (rs.wasNull() || token <= previous) {
					return "NOT increasing at order #" + (count + 1) + " (token " + token + " after " + previous + ")";
				}
				previous = token;
				count++;
			}
			return "OK, " + count + " tokens strictly increasing with order id";
		}
		catch (SQLException ex) {
			return "could not check: " + ex.getMessage();
		}
	}

	private static String table(List<Row> rows, int initialStock) {
		String[] header = { "run", "requests", "200 ok", "409 sold out", "423/503 lock", "other", "orders",
				"final stock", "oversold", "lost updates", "elapsed" };
		List<String[]> lines = new ArrayList<>();
		lines.add(header);
		for (Row row : rows) {
			PurchaseLoad.Counts c = row.counts();
			PurchaseLoad.State s = row.state();
			lines.add(new String[] { row.endpoint(), String.valueOf(c.requests()), String.valueOf(c.ok()),
					String.valueOf(c.soldOut()), String.valueOf(c.lockFailures()), String.valueOf(c.other()),
					String.valueOf(s.orders()), String.valueOf(s.stock()), String.valueOf(s.oversold(initialStock)),
					String.valueOf(s.lostUpdates(initialStock)), String.format("%.1fs", c.elapsed().toMillis() / 1000.0) });
		}
		int[] widths = new int[header.length];
		for (String[] line : lines) {
			for (int i = 0; i < line.length; i++) {
				widths[i] = Math.max(widths[i], line[i].length());
			}
		}
		StringBuilder out = new StringBuilder();
		for (int l = 0; l < lines.size(); l++) {
			String[] line = lines.get(l);
			out.append('|');
			for (int i = 0; i < line.length; i++) {
				String cell = (i == 0) ? String.format("%-" + widths[i] + "s", line[i])
						: String.format("%" + widths[i] + "s", line[i]);
				out.append(' ').append(cell).append(" |");
			}
			out.append('\n');
			if (l == 0) {
				out.append('|');
				for (int width : widths) {
					out.append("-".repeat(width + 2)).append('|');
				}
				out.append('\n');
			}
		}
		return out.toString().stripTrailing();
	}

	/** Stops every process and server this demo started; safe to call more than once. */
	private void stop() {
		if (!this.stopped.compareAndSet(false, true)) {
			return;
		}
		for (Process process : this.instances) {
			process.descendants().forEach(ProcessHandle::destroy);
			process.destroy();
		}
		for (Process process : this.instances) {
			try {
				if (!process.waitFor(20, TimeUnit.SECONDS)) {
					process.descendants().forEach(ProcessHandle::destroyForcibly);
					process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
				}
			}
			catch (InterruptedException ex) {
				process.destroyForcibly();
				Thread.currentThread().interrupt();
			}
		}
		if (this.zookeeper != null) {
			this.zookeeper.close();
		}
		if (this.etcd != null) {
			try {
				this.etcd.close();
			}
			catch (IOException ex) {
				say("could not stop etcd: " + ex);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		if (this.h2 != null) {
			this.h2.stop();
		}
		if (!this.instances.isEmpty()) {
			long alive = this.instances.stream().filter(Process::isAlive).count();
			say("stopped " + (this.instances.size() - alive) + "/" + this.instances.size()
					+ " instances, the lock service and H2");
		}
	}

	/**
	 * Starts the lock service the instances share.
	 * @return the instances' arguments that point them at it
	 */
	private List<String> startLockService(String backend) throws IOException, InterruptedException {
		if (backend.equals("etcd")) {
			if (!EtcdServer.isAvailable()) {
				throw new IllegalStateException("No etcd at " + EtcdServer.binary()
						+ ": install it (apt-get install etcd-server) or set ETCD_BIN");
			}
			this.etcd = EtcdServer.start();
			say("etcd server on " + this.etcd.endpoint());
			return List.of("--spring.profiles.active=h2-server,etcd",
					"--distributed-lock.etcd.endpoints=" + this.etcd.endpoint());
		}
		this.zookeeper = EmbeddedZooKeeperServer.start(0);
		say("ZooKeeper server on " + this.zookeeper.getConnectString());
		return List.of("--spring.profiles.active=h2-server,zookeeper",
				"--distributed-lock.zookeeper.connect-string=" + this.zookeeper.getConnectString());
	}

	private static String tail(Path file, int lines) {
		try {
			List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
			return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
		}
		catch (IOException ex) {
			return "(unreadable: " + ex.getMessage() + ")";
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
	}

	private static String javaBinary() {
		return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
	}

	private static double seconds(long nanos) {
		return nanos / 1e9;
	}

	private static void say(String message) {
		System.out.println("[demo] " + message);
	}

	/** The launcher's own ZooKeeper and H2 servers would log at DEBUG without a configuration. */
	private static void quietLogging() {
		if (LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME) instanceof Logger root) {
			root.setLevel(Level.WARN);
			((Logger) LoggerFactory.getLogger("org.apache.zookeeper")).setLevel(Level.ERROR);
			((Logger) LoggerFactory.getLogger("io.github.distlock")).setLevel(Level.ERROR);
		}
	}

	private record Row(String endpoint, PurchaseLoad.Counts counts, PurchaseLoad.State state) {
	}

	record Options(Path jar, int instances, int requests, int concurrency, int stock, long goods, String backend) {

		static Options parse(String[] args) throws IOException {
			Map<String, String> values = new LinkedHashMap<>();
			for (String arg : args) {
				if (!arg.startsWith("--") || !arg.contains("=")) {
					throw new IllegalArgumentException("Unknown argument '" + arg + "'; use --name=value: --jar, "
							+ "--instances, --requests, --concurrency, --stock, --goods, --backend");
				}
				values.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
			}
			Path jar = values.containsKey("jar") ? Paths.get(values.remove("jar")) : findJar();
			if (!Files.isRegularFile(jar)) {
				throw new IllegalArgumentException("No application jar at " + jar
						+ "; build it first: ./mvnw -B -pl lock-sample-app -am package -DskipTests");
			}
			Options options = new Options(jar, integer(values, "instances", 3), integer(values, "requests", 1500),
					integer(values, "concurrency", 1500), integer(values, "stock", 100), integer(values, "goods", 1),
					backend(values));
			if (!values.isEmpty()) {
				throw new IllegalArgumentException("Unknown option(s) " + values.keySet());
			}
			if (options.instances() < 1 || options.requests() < 1 || options.concurrency() < 1
					|| options.stock() < 0) {
				throw new IllegalArgumentException("Options must be positive: " + options);
			}
			return options;
		}

		private static String backend(Map<String, String> values) {
			String backend = values.getOrDefault("backend", "zookeeper");
			values.remove("backend");
			if (!backend.equals("zookeeper") && !backend.equals("etcd")) {
				throw new IllegalArgumentException("--backend must be zookeeper or etcd, but was '" + backend + "'");
			}
			return backend;
		}

		private static int integer(Map<String, String> values, String name, int fallback) {
			String value = values.remove(name);
			return (value != null) ? Integer.parseInt(value) : fallback;
		}

		private static Path findJar() throws IOException {
			for (Path dir : List.of(Paths.get("target"), Paths.get("lock-sample-app", "target"))) {
				if (Files.isDirectory(dir)) {
					try (Stream<Path> files = Files.list(dir)) {
						Path jar = files
							.filter((f) -> f.getFileName().toString().matches("lock-sample-app-.*\\.jar"))
							.findFirst()
							.orElse(null);
						if (jar != null) {
							return jar;
						}
					}
				}
			}
			return Paths.get("lock-sample-app", "target", "lock-sample-app-0.1.0-SNAPSHOT.jar");
		}

	}

}
