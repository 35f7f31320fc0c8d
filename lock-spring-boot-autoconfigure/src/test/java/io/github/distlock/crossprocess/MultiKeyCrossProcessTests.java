package io.github.distlock.crossprocess;

import java.io.File;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.distlock.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three separate JVM processes of three threads each lock random, overlapping sets of two or
 * three of five keys with one {@code @DistributedLock} call whose key expression gives a list,
 * and increment each key's counter file by read, pause, write. Every call gets its locks (a
 * deadlock would end a worker when its 60 s wait elapsed) and no key loses an update.
 */
class MultiKeyCrossProcessTests {

	private static final int PROCESSES = 3;

	private static final int THREADS = 3;

	private static final int ITERATIONS = 25;

	private static final int KEYS = 5;

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	@Test
	void processesLockingOverlappingKeySetsNeitherDeadlockNorLoseUpdates(@TempDir Path dir) throws Exception {
		for (int k = 0; k < KEYS; k++) {
			Files.write(dir.resolve("counter-" + k), new byte[Long.BYTES]);
		}
		List<Process> processes = new ArrayList<>();
		try {
			for (int i = 0; i < PROCESSES; i++) {
				processes.add(start(dir, i));
			}
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
			for (int i = 0; i < PROCESSES; i++) {
				while (!Files.exists(dir.resolve("ready-" + i))) {
					assertThat(System.nanoTime()).as("worker %d started in time, see %s", i, dir).isLessThan(deadline);
					assertThat(processes.get(i).isAlive()).as("worker %d is alive, see its log in %s", i, dir).isTrue();
					Thread.sleep(20);
				}
			}
			Files.createFile(dir.resolve("go"));
			for (int i = 0; i < PROCESSES; i++) {
				Process process = processes.get(i);
				assertThat(process.waitFor(180, TimeUnit.SECONDS)).as("worker %d finished", i).isTrue();
				assertThat(process.exitValue()).as("worker %d exit code, log: %s", i,
						Files.readString(dir.resolve("worker-" + i + ".log"))).isZero();
			}
		}
		finally {
			processes.forEach(Process::destroyForcibly);
		}
		Map<String, Integer> chosen = new HashMap<>();
		for (int i = 0; i < PROCESSES; i++) {
			for (String line : Files.readAllLines(dir.resolve("chosen-" + i))) {
				String[] parts = line.split("=");
				chosen.merge(parts[0], Integer.parseInt(parts[1]), Integer::sum);
			}
		}
		assertThat(chosen.values().stream().mapToInt(Integer::intValue).sum())
			.as("increments chosen, 2 or 3 per call").isBetween(2 * PROCESSES * THREADS * ITERATIONS,
					3 * PROCESSES * THREADS * ITERATIONS);
		for (int k = 0; k < KEYS; k++) {
			String file = "counter-" + k;
			long counted = ByteBuffer.wrap(Files.readAllBytes(dir.resolve(file))).getLong();
			assertThat(counted).as("updates of %s", file).isEqualTo(chosen.getOrDefault(file, 0).longValue());
		}
	}

	private static Process start(Path dir, int id) throws Exception {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		ProcessBuilder builder = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-Xmx256m", "-cp",
				System.getProperty("java.class.path"), MultiKeyWorker.class.getName(), zookeeper.connectString(),
				dir.toString(), Integer.toString(id), Integer.toString(THREADS), Integer.toString(ITERATIONS),
				Integer.toString(KEYS));
		File log = dir.resolve("worker-" + id + ".log").toFile();
		return builder.redirectErrorStream(true).redirectOutput(log).start();
	}

}
