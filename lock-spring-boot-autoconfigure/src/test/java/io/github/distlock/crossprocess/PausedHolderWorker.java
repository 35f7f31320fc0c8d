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
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.etcd.EtcdLockAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * An application that holds one lock and reads its state every 5 ms. When a read comes more
 * than 2 seconds after the one before (the process was stopped), it writes {@code first <state>}
 * to {@code states}, the state it read first, and {@code first HELD confirmed} for a lock read
 * {@code HELD} that the listener is then told came back from doubt (the lock service confirmed
 * it before this thread ran again); then {@code settled <state>} once the lock is no longer in
 * doubt. Every state change the listener is told is appended to {@code events}. It holds the
 * lock until the {@code stop} file appears.
 * <p>
 * Arguments: {@code zookeeper} or {@code etcd}, the server's address, the work directory, the
 * pause tolerance, the session timeout or lease time to live.
 */
public final class PausedHolderWorker {

	private static final long GAP_NANOS = TimeUnit.SECONDS.toNanos(2);

	private PausedHolderWorker() {
	}

	public static void main(String[] args) throws Exception {
		Path dir = Path.of(args[2]);
		String backend = args[0].equals("etcd") ? "distributed-lock.etcd.endpoints=" + args[1]
				: "distributed-lock.zookeeper.connect-string=" + args[1];
		String chosen = "distributed-lock.backend=" + args[0];
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(
				args[0].equals("etcd") ? EtcdWorker.class : ZooKeeperWorker.class)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.properties(backend, chosen, "distributed-lock.zookeeper.session-timeout=" + args[4],
					"distributed-lock.etcd.lease-ttl=" + args[4], "distributed-lock.lock-lost.pause-tolerance=" + args[3],
					"spring.main.banner-mode=off", "worker.dir=" + dir)
			.run()) {
			LockRegistry registry = context.getBean(LockRegistry.class);
			try (LockHandle lock = registry
				.acquire(new LockRequest("paused-holder", LockType.MUTEX, Duration.ofSeconds(30), "worker"))) {
				Files.createFile(dir.resolve("ready"));
				watch(lock, dir);
			}
		}
	}

	private static void watch(LockHandle lock, Path dir) throws Exception {
		long before = System.nanoTime();
		boolean paused = false;
		while (!Files.exists(dir.resolve("stop"))) {
			Thread.sleep(5);
			long now = System.nanoTime();
			LockState state = lock.state();
			if (!paused && now - before > GAP_NANOS) {
				paused = true;
				append(dir.resolve("states"), "first " + state + (confirmedAfter(state) ? " confirmed" : ""));
			}
			if (paused && state != LockState.IN_DOUBT) {
				append(dir.resolve("states"), "settled " + state);
				while (!Files.exists(dir.resolve("stop"))) {
					Thread.sleep(20);
				}
				return;
			}
			before = now;
		}
	}

	/**
	 * Whether a lock read {@code HELD} is told, within a second, to have come back from doubt:
	 * the listener is told just after the state changes.
	 */
	private static boolean confirmedAfter(LockState read) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
		while (read == LockState.HELD && System.nanoTime() < deadline) {
			if (Events.confirmations.get() > 0) {
				return true;
			}
			Thread.sleep(5);
		}
		return false;
	}

	static void append(Path file, String line) {
		try {
			Files.writeString(file, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class Events {

		/** How many times the lock came back from doubt. */
		static final AtomicInteger confirmations = new AtomicInteger();

		@Bean
		LockListener events(org.springframework.core.env.Environment environment) {
			Path file = Path.of(environment.getRequiredProperty("worker.dir")).resolve("events");
			return new LockListener() {

				@Override
				public void onStateChanged(AcquiredLock lock, LockState previous, LockState current) {
					if (previous == LockState.IN_DOUBT && current == LockState.HELD) {
						confirmations.incrementAndGet();
					}
					append(file, previous + "->" + current);
				}

			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ ZooKeeperLockAutoConfiguration.class, LockEngineAutoConfiguration.class,
			DistributedLockAutoConfiguration.class })
	static class ZooKeeperWorker extends Events {

	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ EtcdLockAutoConfiguration.class, LockEngineAutoConfiguration.class,
			DistributedLockAutoConfiguration.class })
	static class EtcdWorker extends Events {

	}

}
