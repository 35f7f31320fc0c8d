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

package io.github.distlock.crossprocess;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One process of the multi-key test: threads that each, over and over, lock a random set of
 * keys with one {@code @DistributedLock} call and increment a counter file per key by read,
 * pause, write. It writes how often it chose each key; any exception (a wait that elapsed: a
 * deadlock) ends it with a non-zero exit code.
 * <p>
 * Arguments: connect string, work directory, worker id, threads, iterations per thread, keys.
 */
public final class MultiKeyWorker {

	private MultiKeyWorker() {
	}

	public static void main(String[] args) throws Exception {
		String connectString = args[0];
		Path dir = Path.of(args[1]);
		int id = Integer.parseInt(args[2]);
		int threads = Integer.parseInt(args[3]);
		int iterations = Integer.parseInt(args[4]);
		int keyCount = Integer.parseInt(args[5]);
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(WorkerConfiguration.class)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.properties("distributed-lock.zookeeper.connect-string=" + connectString, "spring.main.banner-mode=off")
			.run()) {
			Counters counters = context.getBean(Counters.class);
			Files.createFile(dir.resolve("ready-" + id));
			while (!Files.exists(dir.resolve("go"))) {
				Thread.sleep(5);
			}
			Map<String, Integer> chosen = Collections.synchronizedMap(new TreeMap<>());
			ExecutorService pool = Executors.newFixedThreadPool(threads);
			List<Future<?>> workers = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				Random random = new Random(id * 100L + t);
				workers.add(pool.submit(() -> {
					for (int i = 0; i < iterations; i++) {
						List<Path> files = new ArrayList<>();
						for (int k = 0; k < keyCount; k++) {
							files.add(dir.resolve("counter-" + k));
						}
						Collections.shuffle(files, random);
						List<Path> subset = files.subList(0, 2 + random.nextInt(2));
						counters.increment(subset);
						subset.forEach((file) -> chosen.merge(file.getFileName().toString(), 1, Integer::sum));
					}
					return null;
				}));
			}
			for (Future<?> worker : workers) {
				worker.get();
			}
			pool.shutdown();
			List<String> lines = new ArrayList<>();
			chosen.forEach((file, times) -> lines.add(file + "=" + times));
			Files.write(dir.resolve("chosen-" + id), lines);
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ ZooKeeperLockAutoConfiguration.class, LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class })
	static class WorkerConfiguration {

		@Bean
		Counters counters() {
			return new Counters();
		}

	}

	static class Counters {

		@DistributedLock(key = "#files.![ 'counter:' + fileName ]", waitTime = 60_000)
		public void increment(List<Path> files) throws IOException, InterruptedException {
			for (Path file : files) {
				try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
					ByteBuffer buffer = ByteBuffer.allocate(Long.BYTES);
					channel.read(buffer, 0);
					long value = buffer.flip().getLong();
					Thread.sleep(1);
					channel.write(ByteBuffer.allocate(Long.BYTES).putLong(0, value + 1), 0);
					channel.force(false);
				}
			}
		}

	}

}
