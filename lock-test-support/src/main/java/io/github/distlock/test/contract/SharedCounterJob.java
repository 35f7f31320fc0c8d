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

package io.github.distlock.test.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AsyncLockRegistry;
import io.github.distlock.core.AsyncLockTemplate;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;

/**
 * What each process of the cross-process contract test does: once every process is ready,
 * {@code iterations} times, it takes a {@link LockType#MUTEX} on the key and, holding it,
 * increments a counter kept in a shared file by read, pause, write. Two holders at once show as
 * a lost update, and as an overlap: a marker file that a holder creates on entry already exists.
 * With {@code permits} above 1 it takes a permit of a {@link LockType#SEMAPHORE} instead, and,
 * holding it, counts the holders' marker files: more than {@code permits} is an overlap (the
 * last of the holders to enter sees them all); the counter is left alone.
 * <p>
 * A backend's worker (a {@code main} class in its test sources) connects a registry and calls
 * {@link #run(LockRegistry)}; the backend's
 * {@link LockRegistryContractTests#startContenderProcess(SharedCounterJob) hook} starts it
 * with {@link #javaProcess(Class, String...)}:
 * <pre class="code">
 * public static void main(String[] args) throws Exception {
 *     SharedCounterJob job = SharedCounterJob.fromArguments(List.of(args).subList(1, args.length));
 *     try (MyLockRegistry registry = connect(args[0])) {
 *         job.run(registry);
 *     }
 * }
 * </pre>
 *
 * @param directory the directory the processes share: the counter, the start signal, and each
 * process's readiness marker, results and log
 * @param id the process's number
 * @param key the lock key
 * @param iterations how many times the process increments the counter
 * @param permits 1 for a {@code MUTEX}, more for a {@code SEMAPHORE} of that many permits
 * @param async whether the {@code MUTEX} is taken for asynchronous work
 * ({@link AsyncLockTemplate#executeAsync}: acquired with no thread waiting, the increment done
 * by a {@code CompletableFuture} that holds it), the registry being an {@link AsyncLockRegistry}
 * @param reactive whether the {@code MUTEX} is taken for reactive work instead
 * ({@code ReactiveLockTemplate#withLock}: the increment done by a {@code Mono} that holds it),
 * the registry being an {@link AsyncLockRegistry} and Reactor on the class path
 * @since 0.1.0
 */
public record SharedCounterJob(Path directory, int id, String key, int iterations, int permits, boolean async,
		boolean reactive) {

	/** How many arguments {@link #arguments()} gives. */
	public static final int ARGUMENT_COUNT = 7;

	/**
	 * A job, taking its locks for a thread or for asynchronous work.
	 * @param directory the directory the processes share
	 * @param id the process's number
	 * @param key the lock key
	 * @param iterations how many times the process increments the counter
	 * @param permits 1 for a {@code MUTEX}, more for a {@code SEMAPHORE} of that many permits
	 * @param async whether the {@code MUTEX} is taken for asynchronous work
	 */
	public SharedCounterJob(Path directory, int id, String key, int iterations, int permits, boolean async) {
		this(directory, id, key, iterations, permits, async, false);
	}

	/**
	 * A job, taking its locks for a thread.
	 * @param directory the directory the processes share
	 * @param id the process's number
	 * @param key the lock key
	 * @param iterations how many times the process increments the counter
	 * @param permits 1 for a {@code MUTEX}, more for a {@code SEMAPHORE} of that many permits
	 */
	public SharedCounterJob(Path directory, int id, String key, int iterations, int permits) {
		this(directory, id, key, iterations, permits, false);
	}

	/**
	 * A job under a {@code MUTEX}.
	 * @param directory the directory the processes share
	 * @param id the process's number
	 * @param key the lock key
	 * @param iterations how many times the process increments the counter
	 */
	public SharedCounterJob(Path directory, int id, String key, int iterations) {
		this(directory, id, key, iterations, 1);
	}

	private static final Duration START_TIMEOUT = Duration.ofMinutes(2);

	private static final Duration LOCK_WAIT = Duration.ofMinutes(1);

	/** How long a semaphore's holder keeps its permit. */
	private static final long HOLD_MILLIS = 25;

	/**
	 * The job given by {@link #arguments()}.
	 * @param arguments the arguments
	 * @return the job
	 */
	public static SharedCounterJob fromArguments(List<String> arguments) {
		if (arguments.size() != ARGUMENT_COUNT) {
			throw new IllegalArgumentException("Expected " + ARGUMENT_COUNT
					+ " arguments (directory, id, key, iterations, permits, async, reactive), but got " + arguments);
		}
		return new SharedCounterJob(Path.of(arguments.get(0)), Integer.parseInt(arguments.get(1)), arguments.get(2),
				Integer.parseInt(arguments.get(3)), Integer.parseInt(arguments.get(4)),
				Boolean.parseBoolean(arguments.get(5)), Boolean.parseBoolean(arguments.get(6)));
	}

	/**
	 * The job as program arguments, for {@link #fromArguments(List)}.
	 * @return the arguments
	 */
	public List<String> arguments() {
		return List.of(this.directory.toString(), Integer.toString(this.id), this.key, Integer.toString(this.iterations),
				Integer.toString(this.permits), Boolean.toString(this.async), Boolean.toString(this.reactive));
	}

	/**
	 * A JVM on the test's class path that runs a worker: {@code java -cp <class path> <mainClass>
	 * <backendArguments...> <job arguments...>}, its output in {@link #log()}.
	 * @param mainClass the backend's worker
	 * @param backendArguments what the worker needs to connect (a connect string, an endpoint)
	 * @return a process builder, not started
	 */
	public ProcessBuilder javaProcess(Class<?> mainClass, String... backendArguments) {
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m", "-cp",
				System.getProperty("java.class.path"), mainClass.getName()));
		command.addAll(List.of(backendArguments));
		command.addAll(arguments());
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log().toFile());
	}

	/**
	 * Runs the job: marks the process ready, waits for the start signal, increments the counter
	 * under the lock, then writes the fencing tokens it was given and the overlaps it saw.
	 * @param registry the backend, connected
	 * @throws IOException if a shared file cannot be read or written
	 * @throws InterruptedException if interrupted
	 */
	public void run(LockRegistry registry) throws IOException, InterruptedException {
		Files.createFile(readyMarker());
		long startBy = System.nanoTime() + START_TIMEOUT.toNanos();
		while (!Files.exists(startSignal())) {
			if (System.nanoTime() - startBy > 0) {
				throw new IllegalStateException("No start signal at " + startSignal() + " within " + START_TIMEOUT);
			}
			TimeUnit.MILLISECONDS.sleep(5);
		}
		if (this.permits > 1) {
			runWithPermits(registry);
			return;
		}
		if (this.reactive) {
			ReactiveCounterWork.run(this, (AsyncLockRegistry) registry);
			return;
		}
		if (this.async) {
			runAsync((AsyncLockRegistry) registry);
			return;
		}
		List<String> tokens = new ArrayList<>();
		AtomicInteger overlaps = new AtomicInteger();
		for (int i = 0; i < this.iterations; i++) {
			try (LockHandle lock = registry.acquire(mutexRequest())) {
				incrementAlone(overlaps);
				tokens.add(Long.toString(lock.fencingToken()));
			}
		}
		writeResults(tokens, overlaps);
	}

	private void runAsync(AsyncLockRegistry registry) throws IOException, InterruptedException {
		AsyncLockTemplate locks = new AsyncLockTemplate(registry, true);
		List<String> tokens = new ArrayList<>();
		AtomicInteger overlaps = new AtomicInteger();
		for (int i = 0; i < this.iterations; i++) {
			CompletableFuture<Long> done = locks.executeAsync(mutexRequest(),
					(lock) -> CompletableFuture.supplyAsync(() -> incrementAloneUnchecked(overlaps, lock.fencingToken())));
			try {
				tokens.add(Long.toString(done.get()));
			}
			catch (ExecutionException ex) {
				throw new IllegalStateException("Async locked increment failed", ex.getCause());
			}
		}
		writeResults(tokens, overlaps);
	}

	/** The request of each {@code MUTEX} the job takes. */
	LockRequest mutexRequest() {
		return new LockRequest(this.key, LockType.MUTEX, LOCK_WAIT, "contract");
	}

	/**
	 * Increments the counter under the lock: read, pause, write, counting an overlap when another
	 * holder's marker is there already.
	 */
	private void incrementAlone(AtomicInteger overlaps) throws IOException, InterruptedException {
		Path holding = this.directory.resolve("holding");
		try {
			Files.createFile(holding);
		}
		catch (FileAlreadyExistsException ex) {
			overlaps.incrementAndGet();
		}
		increment(counter());
		Files.deleteIfExists(holding);
	}

	/**
	 * {@link #incrementAlone} for asynchronous work, whose functions throw no checked exception.
	 * @return the token given, for the work's result
	 */
	long incrementAloneUnchecked(AtomicInteger overlaps, long token) {
		try {
			incrementAlone(overlaps);
			return token;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while incrementing", ex);
		}
	}

	/** Writes the tokens the process was given and the overlaps it saw. */
	void writeResults(List<String> tokens, AtomicInteger overlaps) throws IOException {
		Files.write(tokensFile(), tokens);
		Files.writeString(overlapsFile(), Integer.toString(overlaps.get()));
	}

	private void runWithPermits(LockRegistry registry) throws IOException, InterruptedException {
		List<String> tokens = new ArrayList<>();
		int overlaps = 0;
		int most = 0;
		Path marker = this.directory.resolve("holder-" + this.id);
		for (int i = 0; i < this.iterations; i++) {
			try (LockHandle lease = registry.acquire(
					new LockRequest(this.key, LockType.SEMAPHORE, LOCK_WAIT, "contract").withPermits(this.permits))) {
				Files.createFile(marker);
				int holders;
				try (Stream<Path> files = Files.list(this.directory)) {
					holders = (int) files.filter((file) -> file.getFileName().toString().startsWith("holder-")).count();
				}
				most = Math.max(most, holders);
				if (holders > this.permits) {
					overlaps++;
				}
				tokens.add(Long.toString(lease.fencingToken()));
				// long beside an acquisition's round trips, so that the holders' times overlap
				TimeUnit.MILLISECONDS.sleep(HOLD_MILLIS);
				Files.delete(marker);
			}
		}
		Files.write(tokensFile(), tokens);
		Files.writeString(overlapsFile(), Integer.toString(overlaps));
		Files.writeString(mostFile(), Integer.toString(most));
	}

	private static void increment(Path counter) throws IOException, InterruptedException {
		try (FileChannel channel = FileChannel.open(counter, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
			ByteBuffer buffer = ByteBuffer.allocate(Long.BYTES);
			channel.read(buffer, 0);
			long value = buffer.flip().getLong();
			TimeUnit.MILLISECONDS.sleep(3);
			channel.write(ByteBuffer.allocate(Long.BYTES).putLong(0, value + 1), 0);
			channel.force(false);
		}
	}

	/**
	 * The shared counter: a big-endian {@code long}.
	 * @return the counter file
	 */
	public Path counter() {
		return this.directory.resolve("counter");
	}

	/**
	 * The file whose creation starts every process.
	 * @return the start signal
	 */
	public Path startSignal() {
		return this.directory.resolve("go");
	}

	/**
	 * Created by the process once it is connected and waits for the start signal.
	 * @return the readiness marker
	 */
	public Path readyMarker() {
		return this.directory.resolve("ready-" + this.id);
	}

	/**
	 * The fencing tokens the process was given, one a line, in order.
	 * @return the tokens file
	 */
	public Path tokensFile() {
		return this.directory.resolve("tokens-" + this.id);
	}

	/**
	 * How many times the process found another holder inside the lock.
	 * @return the overlaps file
	 */
	public Path overlapsFile() {
		return this.directory.resolve("overlaps-" + this.id);
	}

	/**
	 * The most holders of the semaphore the process saw at once, with {@code permits} above 1.
	 * @return the file
	 */
	public Path mostFile() {
		return this.directory.resolve("most-" + this.id);
	}

	/**
	 * The process's output.
	 * @return the log file
	 */
	public Path log() {
		return this.directory.resolve("worker-" + this.id + ".log");
	}

}
