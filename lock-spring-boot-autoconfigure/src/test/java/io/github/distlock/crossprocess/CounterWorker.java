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
import java.util.List;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.core.LockContext;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * One process of the cross-process test: a Spring application that increments a counter kept
 * in a shared file by read, pause, write, with or without {@code @DistributedLock}.
 * <p>
 * Arguments: connect string, work directory, worker id, iterations, {@code locked} or
 * {@code unlocked}.
 */
public final class CounterWorker {

	private CounterWorker() {
	}

	public static void main(String[] args) throws Exception {
		String connectString = args[0];
		Path dir = Path.of(args[1]);
		String id = args[2];
		int iterations = Integer.parseInt(args[3]);
		boolean locked = args[4].equals("locked");
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(WorkerConfiguration.class)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.properties("distributed-lock.zookeeper.connect-string=" + connectString, "spring.main.banner-mode=off")
			.run()) {
			SharedCounter counter = context.getBean(SharedCounter.class);
			Files.createFile(dir.resolve("ready-" + id));
			while (!Files.exists(dir.resolve("go"))) {
				Thread.sleep(5);
			}
			List<String> tokens = new ArrayList<>();
			for (int i = 0; i < iterations; i++) {
				if (locked) {
					tokens.add(Long.toString(counter.incrementLocked(dir.resolve("counter"))));
				}
				else {
					counter.incrementUnlocked(dir.resolve("counter"));
				}
			}
			Files.write(dir.resolve("tokens-" + id), tokens);
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ ZooKeeperLockAutoConfiguration.class, LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class })
	static class WorkerConfiguration {

		@Bean
		SharedCounter sharedCounter() {
			return new SharedCounter();
		}

	}

	static class SharedCounter {

		@DistributedLock(key = "'counter:' + #file.fileName", waitTime = 60_000)
		public long incrementLocked(Path file) throws IOException, InterruptedException {
			incrementUnlocked(file);
			return LockContext.current().fencingToken();
		}

		public void incrementUnlocked(Path file) throws IOException, InterruptedException {
			try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
				ByteBuffer buffer = ByteBuffer.allocate(Long.BYTES);
				channel.read(buffer, 0);
				long value = buffer.flip().getLong();
				Thread.sleep(3);
				channel.write(ByteBuffer.allocate(Long.BYTES).putLong(0, value + 1), 0);
				channel.force(false);
			}
		}

	}

}
