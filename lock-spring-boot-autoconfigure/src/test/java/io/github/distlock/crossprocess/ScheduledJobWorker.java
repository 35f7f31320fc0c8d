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
import java.time.Instant;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.annotation.LockType;
import io.github.distlock.autoconfigure.DistributedLockAutoConfiguration;
import io.github.distlock.autoconfigure.LockEngineAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
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
 * One instance of an application whose {@code @Scheduled} job fires every second: its clock runs
 * {@code id × 150 ms} late, and the job, which takes 20 ms, is a {@code @DistributedLock} with
 * {@code waitTime = 0} and {@code onFailure = SKIP}. Each run appends the worker id and the
 * second it fired for to {@code runs}. From the {@code go} file's second it runs for the given
 * seconds, then stops.
 * <p>
 * Arguments: connect string, work directory, worker id, seconds, {@code hold-at-least} (the job
 * holds its lock at least 500 ms) or {@code release-on-return}.
 */
public final class ScheduledJobWorker {

	static final long SKEW_MILLIS = 150;

	private ScheduledJobWorker() {
	}

	public static void main(String[] args) throws Exception {
		String connectString = args[0];
		Path dir = Path.of(args[1]);
		int id = Integer.parseInt(args[2]);
		int seconds = Integer.parseInt(args[3]);
		Class<?> job = switch (args[4]) {
			case "hold-at-least" -> HeldAtLeastReport.class;
			case "release-on-return" -> ReleasedOnReturnReport.class;
			default -> throw new IllegalArgumentException(args[4]);
		};
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(WorkerConfiguration.class)
			.sources(job)
			.web(WebApplicationType.NONE)
			.logStartupInfo(false)
			.properties("distributed-lock.zookeeper.connect-string=" + connectString, "spring.main.banner-mode=off",
					"worker.id=" + id, "worker.runs=" + dir.resolve("runs"))
			.run()) {
			Files.createFile(dir.resolve("ready-" + id));
			Path go = dir.resolve("go");
			while (!Files.exists(go)) {
				Thread.sleep(5);
			}
			long end = (Files.getLastModifiedTime(go).toInstant().getEpochSecond() + seconds) * 1000;
			Thread.sleep(Math.max(0, end - System.currentTimeMillis()));
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	@ImportAutoConfiguration({ ZooKeeperLockAutoConfiguration.class, LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class })
	static class WorkerConfiguration {

		@Bean
		Runs runs(Environment environment) {
			return new Runs(environment.getRequiredProperty("worker.id", Integer.class),
					Path.of(environment.getRequiredProperty("worker.runs")));
		}

		@Bean
		Schedule schedule(Report report, Runs runs) {
			return new Schedule(report, runs.id());
		}

	}

	/** Where the runs of the job are written down. */
	record Runs(int id, Path file) {

		void record(long second) throws IOException, InterruptedException {
			Files.writeString(this.file, this.id + " " + second + "\n", StandardOpenOption.CREATE,
					StandardOpenOption.APPEND);
			Thread.sleep(20);
		}

	}

	interface Report {

		void run(long second) throws IOException, InterruptedException;

	}

	static class Schedule {

		private final Report report;

		private final int id;

		Schedule(Report report, int id) {
			this.report = report;
			this.id = id;
		}

		@Scheduled(cron = "* * * * * *")
		public void fire() throws Exception {
			long second = Instant.now().getEpochSecond();
			Thread.sleep(this.id * SKEW_MILLIS);
			this.report.run(second);
		}

	}

	static class HeldAtLeastReport implements Report {

		private final Runs runs;

		HeldAtLeastReport(Runs runs) {
			this.runs = runs;
		}

		@Override
		@DistributedLock(key = "'report'", type = LockType.SEMAPHORE_MUTEX, waitTime = 0, holdAtLeast = 500,
				onFailure = LockFailurePolicy.SKIP)
		public void run(long second) throws IOException, InterruptedException {
			this.runs.record(second);
		}

	}

	static class ReleasedOnReturnReport implements Report {

		private final Runs runs;

		ReleasedOnReturnReport(Runs runs) {
			this.runs = runs;
		}

		@Override
		@DistributedLock(key = "'report'", type = LockType.SEMAPHORE_MUTEX, waitTime = 0,
				onFailure = LockFailurePolicy.SKIP)
		public void run(long second) throws IOException, InterruptedException {
			this.runs.record(second);
		}

	}

}
