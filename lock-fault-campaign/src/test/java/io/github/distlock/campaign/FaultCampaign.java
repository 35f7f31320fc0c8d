package io.github.distlock.campaign;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZookeeperLockRegistry;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.data.Stat;

import org.springframework.util.FileSystemUtils;

/**
 * One seeded campaign: a 3-server ensemble, four client processes (plain, chrooted and
 * namespaced connections contending on the same znodes, with and without the local queue and
 * hand-off), faults for the given time, then healing, and the checks: every key acquirable,
 * no thread stuck, no node left once all sessions are closed, and the {@link InvariantChecker}
 * on the merged history.
 */
final class FaultCampaign {

	private static final Duration STUCK_KEY_BOUND = Duration.ofSeconds(20);

	/**
	 * How long after its session was closed from outside a worker may still not know: the time
	 * for the server's disconnect to reach it.
	 */
	static final long EXPIRY_NOTICE_NANOS = 1_000_000_000L;

	private final long seed;

	private final Duration duration;

	private final Path dir;

	FaultCampaign(long seed, Duration duration, Path dir) {
		this.seed = seed;
		this.duration = duration;
		this.dir = dir;
	}

	CampaignResult run() throws Exception {
		// a replay starts from nothing: no servers' data, no histories of an earlier run
		FileSystemUtils.deleteRecursively(this.dir);
		Files.createDirectories(this.dir);
		Random random = new Random(this.seed);
		long periods = this.duration.toMillis() / CampaignWorker.FRESH_KEY_MILLIS + 1;
		List<WorkerProcess> workers = new ArrayList<>();
		try (CampaignDatabase database = CampaignDatabase.start(this.dir, Long.toString(this.seed));
				Ensemble ensemble = Ensemble.start(this.dir, 3);
				CuratorFramework admin = client(ensemble.connectString())) {
			admin.create().creatingParentsIfNeeded().forPath("/campaign/Locks");
			database.createSchema(allKeys(periods));
			long startMillis = System.currentTimeMillis();
			List<String> common = List.of("ensemble=" + ensemble.connectString(), "db=" + database.url(),
					"dir=" + this.dir, "seed=" + this.seed, "start=" + startMillis, "periods=" + periods, "threads=3");
			workers.add(new WorkerProcess("w1", "plain", true, 8, new ClientProxy(ensemble.clientPorts()), this.dir, common));
			workers.add(new WorkerProcess("w2", "chroot", true, 8, new ClientProxy(ensemble.clientPorts()), this.dir, common));
			workers.add(new WorkerProcess("w3", "namespace", true, 0, new ClientProxy(ensemble.clientPorts()), this.dir,
					common));
			workers.add(new WorkerProcess("w4", "plain", false, 0, new ClientProxy(ensemble.clientPorts()), this.dir,
					common));
			for (WorkerProcess worker : workers) {
				worker.start();
			}
			for (WorkerProcess worker : workers) {
				worker.awaitReady(Duration.ofSeconds(60));
			}
			long start = System.nanoTime();
			Nemesis nemesis = new Nemesis(ensemble, workers, random);
			OrphanNodeSweep orphans = new OrphanNodeSweep(admin, "/campaign/Locks", startMillis, periods);
			while (System.nanoTime() - start < this.duration.toNanos()) {
				Thread.sleep(1_000 + random.nextInt(2_000));
				nemesis.strike(start);
				orphans.sweep();
			}
			Duration faultTime = Duration.ofNanos(System.nanoTime() - start);
			// healed: every proxy forwards, every process runs, every server serves
			ensemble.awaitAllServing(Duration.ofSeconds(60));
			Thread.sleep(CampaignWorker.SESSION_TIMEOUT_MS * 2L);
			CampaignResult result = new CampaignResult(this.seed, faultTime, database.name(), nemesis.injected(),
					nemesis.log());
			Files.writeString(this.dir.resolve("pause"), "pause");
			for (WorkerProcess worker : workers) {
				if (!worker.awaitFile("paused-" + worker.name(), Duration.ofSeconds(90))) {
					result.checker().add("stuck-thread", worker.name() + " did not become idle after the faults healed");
				}
			}
			for (String key : stuckKeys(admin, readHistory(new InvariantChecker(), new HashMap<>()))) {
				result.checker().add("stuck-key", key + " could not be acquired within " + STUCK_KEY_BOUND.toSeconds()
						+ " s after the faults healed");
			}
			Files.writeString(this.dir.resolve("stop"), "stop");
			for (WorkerProcess worker : workers) {
				if (!worker.awaitExit(Duration.ofSeconds(90))) {
					result.checker().add("stuck-thread", worker.name() + " did not stop");
				}
			}
			orphans.sweep();
			orphans.orphans().forEach((orphan) -> result.checker().add("orphan-node", orphan));
			Map<String, List<long[]>> unawareByWorker = new HashMap<>();
			nemesis.pauses().forEach((worker, pauses) -> unawareByWorker.put(worker, new ArrayList<>(pauses)));
			List<Operation> operations = readHistory(result.checker(), unawareByWorker);
			List<String> leftovers = awaitNoLockNodes(admin);
			leftovers.forEach((node) -> result.checker().add("leftover-node", node));
			result.checker().check(operations, database.commits(), database.counters(), unawareByWorker);
			result.count(operations);
			result.strayNodesDeleted(logLines("of this client's session, which no lock uses"));
			Files.writeString(this.dir.resolve("report.md"), result.report());
			return result;
		}
		finally {
			workers.forEach(WorkerProcess::close);
		}
	}

	private static Set<String> allKeys(long periods) {
		Set<String> keys = new TreeSet<>();
		for (String family : CampaignWorker.FAMILIES) {
			for (int i = 0; i < CampaignWorker.HOT_KEYS; i++) {
				keys.add(family + "-hot-" + i);
			}
			for (long period = 0; period < periods; period++) {
				for (int i = 0; i < CampaignWorker.FRESH_KEYS_PER_PERIOD; i++) {
					keys.add(CampaignWorker.freshKey(family, period, i));
				}
			}
		}
		return keys;
	}

	/**
	 * Reads the workers' histories: their sections, what they found themselves (added to the
	 * checker) and their outside session expiries (added to {@code unawareByWorker}).
	 */
	private List<Operation> readHistory(InvariantChecker checker, Map<String, List<long[]>> unawareByWorker)
			throws Exception {
		List<Operation> operations = new ArrayList<>();
		try (Stream<Path> files = Files.list(this.dir)) {
			for (Path file : files.filter((path) -> path.getFileName().toString().startsWith("history-")).toList()) {
				for (String line : Files.readAllLines(file)) {
					if (line.startsWith("OP\t") && line.split("\t", -1).length == 12) {
						operations.add(Operation.parse(line));
					}
					else if (line.startsWith("STUCK\t") || line.startsWith("ERROR\t")) {
						checker.add("stuck-thread", line.replace('\t', ' '));
					}
					else if (line.startsWith("NESTED_HELD_IN_LOST\t")) {
						checker.add("nested-held-in-lost", line.replace('\t', ' '));
					}
					else if (line.startsWith("EVENT_THREAD_BLOCKED\t")) {
						checker.add("event-thread-blocked", line.replace('\t', ' '));
					}
					else if (line.startsWith("EXPIRED\t") && line.split("\t", -1).length == 4) {
						addExpiry(line, unawareByWorker);
					}
				}
			}
		}
		return operations;
	}

	/** The lines of the workers' logs that contain a text. */
	private List<String> logLines(String text) throws Exception {
		List<String> lines = new ArrayList<>();
		try (Stream<Path> files = Files.list(this.dir)) {
			for (Path file : files.filter((path) -> path.getFileName().toString().startsWith("worker-")).toList()) {
				Files.readAllLines(file).stream().filter((line) -> line.contains(text)).forEach(lines::add);
			}
		}
		return lines;
	}

	/**
	 * Adds the window of an {@code EXPIRED} line, extended by {@link #EXPIRY_NOTICE_NANOS}, to
	 * its worker's windows.
	 */
	static void addExpiry(String line, Map<String, List<long[]>> unawareByWorker) {
		String[] f = line.split("\t", -1);
		unawareByWorker.computeIfAbsent(f[1], (worker) -> new ArrayList<>())
			.add(new long[] { Long.parseLong(f[2]), Long.parseLong(f[3]) + EXPIRY_NOTICE_NANOS });
	}

	/**
	 * Every key the workers used, taken by a fresh client with its family's lock type.
	 */
	private static List<String> stuckKeys(CuratorFramework admin, List<Operation> operations) throws Exception {
		Set<String> keys = new TreeSet<>();
		operations.forEach((operation) -> keys.add(operation.key()));
		List<String> stuck = new ArrayList<>();
		ExecutorService pool = Executors.newFixedThreadPool(8);
		try (ZookeeperLockRegistry registry = new ZookeeperLockRegistry(admin,
				new ZnodeLockPathResolver("/campaign/Locks"))) {
			Map<String, Future<Boolean>> attempts = new TreeMap<>();
			for (String key : keys) {
				LockType type = key.startsWith("m-") ? LockType.MUTEX
						: key.startsWith("s-") ? LockType.SEMAPHORE_MUTEX : LockType.WRITE;
				attempts.put(key, pool.submit(() -> {
					try (LockHandle lock = registry.acquire(new LockRequest(key, type, STUCK_KEY_BOUND, "check"))) {
						return lock.isHeld();
					}
					catch (RuntimeException ex) {
						return false;
					}
				}));
			}
			for (Map.Entry<String, Future<Boolean>> attempt : attempts.entrySet()) {
				if (!attempt.getValue().get(2 * STUCK_KEY_BOUND.toSeconds(), TimeUnit.SECONDS)) {
					stuck.add(attempt.getKey());
				}
			}
		}
		finally {
			pool.shutdownNow();
		}
		return stuck;
	}

	/**
	 * Waits until no ephemeral node is left under {@code /campaign}: sessions of killed
	 * processes end within their timeout.
	 * @return the nodes left
	 */
	private static List<String> awaitNoLockNodes(CuratorFramework admin) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CampaignWorker.SESSION_TIMEOUT_MS * 3L);
		List<String> nodes = ephemeralNodesUnder(admin, "/campaign");
		while (!nodes.isEmpty() && System.nanoTime() < deadline) {
			Thread.sleep(200);
			nodes = ephemeralNodesUnder(admin, "/campaign");
		}
		return nodes;
	}

	static List<String> ephemeralNodesUnder(CuratorFramework client, String path) throws Exception {
		List<String> found = new ArrayList<>();
		List<String> children;
		try {
			children = client.getChildren().forPath(path);
		}
		catch (org.apache.zookeeper.KeeperException.NoNodeException gone) {
			return found;
		}
		for (String child : children) {
			String childPath = ZKPaths.makePath(path, child);
			Stat stat = client.checkExists().forPath(childPath);
			if (stat != null && stat.getEphemeralOwner() != 0) {
				found.add(childPath + " (session 0x" + Long.toHexString(stat.getEphemeralOwner()) + ")");
			}
			found.addAll(ephemeralNodesUnder(client, childPath));
		}
		return found;
	}

	private static CuratorFramework client(String connectString) throws InterruptedException {
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs(10_000)
			.connectionTimeoutMs(5_000)
			.retryPolicy(new ExponentialBackoffRetry(200, 10, 2_000))
			.build();
		client.start();
		if (!client.blockUntilConnected(60, TimeUnit.SECONDS)) {
			client.close();
			throw new IllegalStateException("Could not connect to " + connectString);
		}
		return client;
	}

}
