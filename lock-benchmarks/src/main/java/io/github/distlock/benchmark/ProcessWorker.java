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

package io.github.distlock.benchmark;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * Main class of a worker process of the multi-process scenarios, started by {@link WorkerGroup}
 * with the harness's class path. It connects both clients (and the Redisson peer when the run
 * has it), says it is ready, then runs the windows the harness asks for through files in a
 * shared directory, and writes what each gave.
 * <p>
 * Arguments: {@code --connect=HOST:PORT --dir=DIRECTORY --id=N [--starter=NAME=VALUE,...]
 * [--redis=redis://HOST:PORT] [--cached=true]} ({@code --redis} when the run has the Redisson peer,
 * {@code --cached=true} when it measures {@link Implementation#LOCK_OPERATIONS_CACHED}: the worker
 * then starts the context with lock caching on too, and closes it before it exits). In the directory:
 * {@code ready-N} (written when connected), {@code command-K} (written by the harness:
 * {@code run IMPLEMENTATION SCENARIO START_EPOCH_MILLIS DURATION_NANOS} or {@code stop}),
 * {@code result-N-K} (a {@link WindowResult}) and {@code failed-N} (the error, if it fails).
 */
public final class ProcessWorker {

	/** A worker with no command for this long assumes the harness is stuck and exits. */
	private static final long IDLE_LIMIT_NANOS = TimeUnit.MINUTES.toNanos(10);

	private ProcessWorker() {
	}

	public static void main(String[] args) {
		ParentWatch.haltWhenParentExits("Benchmark worker");
		Map<String, String> options = parse(args);
		Path dir = Path.of(options.get("dir"));
		int id = Integer.parseInt(options.get("id"));
		int status = 0;
		@Nullable String redis = options.get("redis");
		// a null resource is not closed; the peer is closed after the clients that use it
		try (@Nullable RedissonLocks redisson = (redis != null) ? RedissonLocks.connect(redis) : null;
				LockClients clients = LockClients.connect(options.get("connect"), ThroughputRun.STARTER_ROOT,
						BenchmarkOptions.pairs(options.getOrDefault("starter", "")), redisson,
						Boolean.parseBoolean(options.get("cached")))) {
			Files.writeString(dir.resolve("ready-" + id), "ready");
			for (int n = 0;; n++) {
				String[] command = awaitCommand(dir.resolve("command-" + n));
				if (command[0].equals("stop")) {
					break;
				}
				Implementation implementation = Implementation.fromId(command[1]);
				Scenario scenario = Scenario.fromId(command[2]);
				long startNanos = System.nanoTime()
						+ TimeUnit.MILLISECONDS.toNanos(Long.parseLong(command[3]) - System.currentTimeMillis());
				List<Contender> contenders = new ArrayList<>();
				for (int i = 0; i < scenario.threads(); i++) {
					contenders.add(clients.contender(implementation));
				}
				WindowResult result = CycleRunner.run(scenario, id, contenders, startNanos, Long.parseLong(command[4]));
				clients.forgetSharedMutexes();
				result.writeTo(dir.resolve("result-" + id + "-" + n));
			}
		}
		catch (Exception ex) {
			status = 1;
			StringWriter trace = new StringWriter();
			ex.printStackTrace(new PrintWriter(trace));
			System.err.println(trace);
			try {
				Files.writeString(dir.resolve("failed-" + id), trace.toString());
			}
			catch (Exception ignored) {
				// the exit status and the log tell the harness
			}
		}
		System.exit(status);
	}

	private static String[] awaitCommand(Path file) throws Exception {
		long deadline = System.nanoTime() + IDLE_LIMIT_NANOS;
		while (!Files.exists(file)) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("No command " + file + " within 10 minutes; giving up");
			}
			Thread.sleep(2);
		}
		return Files.readString(file, StandardCharsets.UTF_8).trim().split(" ");
	}

	private static Map<String, String> parse(String[] args) {
		Map<String, String> options = new LinkedHashMap<>();
		for (String arg : args) {
			int equals = arg.indexOf('=');
			if (!arg.startsWith("--") || equals < 0) {
				throw new IllegalArgumentException("Unknown argument '" + arg + "'; use --connect, --dir, --id");
			}
			options.put(arg.substring(2, equals), arg.substring(equals + 1));
		}
		for (String required : List.of("connect", "dir", "id")) {
			if (!options.containsKey(required)) {
				throw new IllegalArgumentException("Missing --" + required + "=...");
			}
		}
		return options;
	}

}
