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

import io.github.distlock.annotation.LeaderOnly;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.leader.LeaderElectionAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.leader.LeaderContext;
import io.github.distlock.leader.Leadership;
import io.github.distlock.leader.LeadershipListener;
import io.github.distlock.leader.RevocationReason;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.scheduling.annotation.Scheduled;

/**
 * One instance of an application with a {@code @LeaderOnly} job scheduled every 50 ms. Each run
 * appends {@code <id> <epoch> <start ms> <end ms>} to {@code runs}; each leadership change
 * appends {@code granted <epoch> <ms>} or {@code revoked <epoch> <reason> <ms>} to
 * {@code events-<id>}. It runs until the {@code stop} file appears.
 * <p>
 * Arguments: connect string, work directory, worker id, ZooKeeper session timeout.
 */
public final class LeaderWorker {

	private LeaderWorker() {
	}

	public static void main(String[] args) throws Exception {
		Path dir = Path.of(args[1]);
		int id = Integer.parseInt(args[2]);
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(WorkerConfiguration.class)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.properties("distributed-lock.zookeeper.connect-string=" + args[0],
					"distributed-lock.zookeeper.session-timeout=" + args[3], "spring.main.banner-mode=off",
					"distributed-lock.leader.participant-id=worker-" + id, "worker.id=" + id, "worker.dir=" + dir)
			.run()) {
			Files.createFile(dir.resolve("ready-" + id));
			while (!Files.exists(dir.resolve("stop"))) {
				Thread.sleep(20);
			}
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	@ImportAutoConfiguration({ ZooKeeperLockAutoConfiguration.class, LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class,
			LeaderElectionAutoConfiguration.class })
	static class WorkerConfiguration {

		@Bean
		Journal journal(Environment environment) {
			return new Journal(environment.getRequiredProperty("worker.id", Integer.class),
					Path.of(environment.getRequiredProperty("worker.dir")));
		}

		@Bean
		Job job(Journal journal) {
			return new Job(journal);
		}

		@Bean
		LeadershipListener leadershipJournal(Journal journal) {
			return new LeadershipListener() {

				@Override
				public void granted(Leadership leadership) {
					journal.event("granted " + leadership.epoch());
				}

				@Override
				public void revoked(Leadership leadership, RevocationReason reason) {
					journal.event("revoked " + leadership.epoch() + " " + reason);
				}

			};
		}

	}

	/** Where runs and leadership changes are written down. */
	record Journal(int id, Path dir) {

		void run(long epoch, long start, long end) {
			append(this.dir.resolve("runs"), this.id + " " + epoch + " " + start + " " + end);
		}

		void event(String event) {
			append(this.dir.resolve("events-" + this.id), event + " " + System.currentTimeMillis());
		}

		private static void append(Path file, String line) {
			try {
				Files.writeString(file, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
			}
			catch (IOException ex) {
				throw new IllegalStateException(ex);
			}
		}

	}

	static class Job {

		private final Journal journal;

		Job(Journal journal) {
			this.journal = journal;
		}

		@Scheduled(fixedDelay = 50)
		@LeaderOnly("jobs")
		public void run() throws InterruptedException {
			long start = System.currentTimeMillis();
			Thread.sleep(10);
			this.journal.run(LeaderContext.current().epoch(), start, System.currentTimeMillis());
		}

	}

}
