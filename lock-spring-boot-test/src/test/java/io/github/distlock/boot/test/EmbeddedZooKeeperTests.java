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

package io.github.distlock.boot.test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockState;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import static io.github.distlock.boot.test.ZooKeeperTestServer.awaitState;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * How an application tests its lock-loss handling with {@link AutoConfigureEmbeddedZooKeeper}: a
 * real ZooKeeper for the test, and a few lines to end the session or stop the server.
 */
@SpringBootTest(classes = EmbeddedZooKeeperTests.Application.class)
@AutoConfigureEmbeddedZooKeeper
class EmbeddedZooKeeperTests {

	private static final Duration LONG = Duration.ofSeconds(30);

	@Autowired
	private ZooKeeperTestServer zookeeper;

	@Autowired
	private LockOperations locks;

	@Autowired
	private ReportJob reportJob;

	@Autowired
	private Environment environment;

	@Test
	void theApplicationLocksOnTheTestsServer() {
		assertThat(this.environment.getProperty("distributed-lock.zookeeper.connect-string"))
			.isEqualTo(this.zookeeper.connectString());
		assertThat(this.locks.execute("report", Duration.ofSeconds(5), () -> "ran")).isEqualTo("ran");
	}

	@Test
	void aLockIsLostWhenTheSessionEnds() {
		try (LockHandle held = this.locks.acquire("export", Duration.ofSeconds(5))) {
			this.zookeeper.expireSession();
			awaitState(held, LockState.LOST, LONG);
		}
		// the application works again in a new session
		assertThat(this.locks.execute("export", Duration.ofSeconds(5), () -> "again")).isEqualTo("again");
	}

	@Test
	void anAnnotatedMethodWhoseLockIsLostMeanwhileFailsWithLockLostException() throws Exception {
		CompletableFuture<String> run = CompletableFuture.supplyAsync(this.reportJob::run);
		AcquiredLock lock = this.reportJob.awaitStarted();
		this.zookeeper.expireSession();
		awaitState(lock, LockState.LOST, LONG);
		this.reportJob.finish();
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> run.get(10, TimeUnit.SECONDS))
			.withCauseInstanceOf(LockLostException.class);
	}

	@Test
	void aLockIsInDoubtWhileTheServerIsDownAndHeldAgainWhenItIsBack() {
		try (LockHandle held = this.locks.acquire("reconcile", Duration.ofSeconds(5))) {
			this.zookeeper.stop();
			awaitState(held, LockState.IN_DOUBT, LONG);
			this.zookeeper.restart();
			awaitState(held, LockState.HELD, LONG);
			assertThat(held.isHeld()).isTrue();
		}
	}

	static class ReportJob {

		private final CountDownLatch started = new CountDownLatch(1);

		private final CountDownLatch finish = new CountDownLatch(1);

		private volatile AcquiredLock lock;

		AcquiredLock awaitStarted() throws InterruptedException {
			assertThat(this.started.await(10, TimeUnit.SECONDS)).isTrue();
			return this.lock;
		}

		void finish() {
			this.finish.countDown();
		}

		@DistributedLock(key = "'report-job'")
		public String run() {
			this.lock = LockContext.current();
			this.started.countDown();
			try {
				this.finish.await(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return "done";
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class Application {

		@Bean
		ReportJob reportJob() {
			return new ReportJob();
		}

	}

}
