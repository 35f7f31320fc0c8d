package io.github.distlock.crossprocess;

import java.io.File;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.distlock.ZooKeeperServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three separate JVM processes increment one counter in a shared file by read, pause, write.
 * Under {@code @DistributedLock} no update is lost; without it updates are lost, which shows
 * the test can fail.
 */
class CrossProcessExclusionTests {

	private static final int PROCESSES = 3;

	private static final int ITERATIONS = 40;

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	@Test
	void lockedProcessesLoseNoUpdateAndSeeGrowingUniqueTokens(@TempDir Path dir) throws Exception {
		assertThat(race(dir, "locked")).isEqualTo(PROCESSES * ITERATIONS);
		List<Long> tokens = new ArrayList<>();
		for (int i = 0; i < PROCESSES; i++) {
			List<Long> ofProcess = Files.readAllLines(dir.resolve("tokens-" + i)).stream().map(Long::valueOf).toList();
			assertThat(ofProcess).hasSize(ITERATIONS).isSorted();
			tokens.addAll(ofProcess);
		}
		assertThat(tokens).doesNotHaveDuplicates();
	}

	@Test
	void unlockedProcessesLoseUpdates(@TempDir Path dir) throws Exception {
		assertThat(race(dir, "unlocked")).isLessThan(PROCESSES * ITERATIONS);
	}

	private long race(Path dir, String mode) throws Exception {
		Path counter = dir.resolve("counter");
		Files.write(counter, new byte[Long.BYTES]);
		List<Process> processes = new ArrayList<>();
		try {
			for (int i = 0; i < PROCESSES; i++) {
				processes.add(start(dir, i, mode));
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
				assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("worker %d finished", i).isTrue();
				assertThat(process.exitValue()).as("worker %d exit code, log: %s", i,
						Files.readString(dir.resolve("worker-" + i + ".log"))).isZero();
			}
		}
		finally {
			processes.forEach(Process::destroyForcibly);
		}
		return ByteBuffer.wrap(Files.readAllBytes(counter)).getLong();
	}

	private static Process start(Path dir, int id, String mode) throws Exception {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		ProcessBuilder builder = new ProcessBuilder(java, "-XX:TieredStopAtLevel=1", "-Xmx256m", "-cp",
				System.getProperty("java.class.path"), CounterWorker.class.getName(), zookeeper.connectString(),
				dir.toString(), Integer.toString(id), Integer.toString(ITERATIONS), mode);
		File log = dir.resolve("worker-" + id + ".log").toFile();
		return builder.redirectErrorStream(true).redirectOutput(log).start();
	}

}
