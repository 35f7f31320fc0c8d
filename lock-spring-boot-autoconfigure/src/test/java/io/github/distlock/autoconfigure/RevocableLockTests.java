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

package io.github.distlock.autoconfigure;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockType;
import io.github.distlock.autoconfigure.etcd.EtcdLockAutoConfiguration;
import io.github.distlock.autoconfigure.zookeeper.ZooKeeperLockAutoConfiguration;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockOperations;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * {@code @DistributedLock(revocable = true)}: a long job on ZooKeeper and on etcd learns that
 * another application asked for its lock and returns; a revocable lock of a type whose revocation
 * the backend does not support fails start-up.
 */
class RevocableLockTests {

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	private ApplicationContextRunner zookeeperRunner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ZooKeeperLockAutoConfiguration.class,
					LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class))
			.withPropertyValues("distributed-lock.zookeeper.connect-string=" + zookeeper.connectString());
	}

	@Test
	void revocableJobLearnsThatAnotherApplicationAskedForItsLockAndReturns() {
		zookeeperRunner().withBean(Export.class).run((holder) -> zookeeperRunner().run((asker) -> {
			Export export = holder.getBean(Export.class);
			CompletableFuture<String> job = CompletableFuture.supplyAsync(export::run);
			await().atMost(Duration.ofSeconds(10)).until(export::isRunning);
			LockOperations locks = asker.getBean(LockOperations.class);
			assertThat(locks.requestRevocation("export")).isTrue();
			assertThat(job.get(10, TimeUnit.SECONDS)).isEqualTo("revoked");
			assertThat(locks.execute("export", Duration.ofSeconds(10), () -> "mine")).isEqualTo("mine");
		}));
	}

	@Test
	void revocableJobOnEtcdLearnsThatAnotherApplicationAskedForItsLockAndReturns() {
		etcdRunner().withBean(Export.class).run((holder) -> etcdRunner().run((asker) -> {
			Export export = holder.getBean(Export.class);
			CompletableFuture<String> job = CompletableFuture.supplyAsync(export::run);
			await().atMost(Duration.ofSeconds(10)).until(export::isRunning);
			assertThat(asker.getBean(LockOperations.class).requestRevocation("export")).isTrue();
			assertThat(job.get(10, TimeUnit.SECONDS)).isEqualTo("revoked");
		}));
	}

	@Test
	void revocableLockOfATypeWithoutRevocationFailsStartup() {
		etcdRunner().withBean(WriteExport.class)
			.run((context) -> {
				assertThat(context).hasFailed();
				Throwable failure = context.getStartupFailure();
				while (failure.getCause() != null) {
					failure = failure.getCause();
				}
				assertThat(failure).hasMessageContaining("WriteExport.run()")
					.hasMessageContaining("is revocable")
					.hasMessageContaining("EtcdLockBackend")
					.hasMessageContaining("does not support the revocation of WRITE locks");
			});
	}

	private ApplicationContextRunner etcdRunner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(EtcdLockAutoConfiguration.class,
					LockEngineAutoConfiguration.class, DistributedLockAutoConfiguration.class))
			.withPropertyValues("distributed-lock.backend=etcd", "distributed-lock.etcd.endpoints=" + etcd.endpoint());
	}

	static class WriteExport {

		@DistributedLock(key = "'export'", revocable = true, type = LockType.WRITE)
		public void run() {
		}

	}

	static class Export {

		private volatile boolean running;

		boolean isRunning() {
			return this.running;
		}

		@DistributedLock(key = "'export'", revocable = true, type = LockType.MUTEX)
		public String run() {
			this.running = true;
			while (!LockContext.current().revocationRequested()) {
				Thread.onSpinWait();
			}
			return "revoked";
		}

	}

}
