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

package io.github.distlock.starter.etcd;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application built like a user's, with this starter alone and no version pinned: no
 * ZooKeeper on its class path, the etcd backend chosen without a property, and an annotated
 * method whose calls from several threads run one at a time on a real etcd, and a start-up
 * that logs no warning nor error from the starter.
 */
@ExtendWith(OutputCaptureExtension.class)
class EtcdStarterApplicationTests {

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	@Test
	void starterAloneLocksAnnotatedMethodsOnEtcd(CapturedOutput output) throws Exception {
		assertThat(ClassUtils.isPresent("org.apache.curator.framework.CuratorFramework", null)).isFalse();
		assertThat(ClassUtils.isPresent("org.apache.zookeeper.ZooKeeper", null)).isFalse();
		SpringApplication application = new SpringApplication(ShopApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		try (ConfigurableApplicationContext context = application
			.run("--distributed-lock.etcd.endpoints=" + etcd.endpoint(), "--spring.main.banner-mode=off")) {
			assertThat(context.getBean(LockOperations.class)).isNotNull();
			assertThat(context.getBean(EtcdLockBackend.class)).isNotNull();
			assertThat(context.getBean(LockRegistry.class)).isInstanceOf(LockEngine.class);
			Counter counter = context.getBean(Counter.class);
			ExecutorService threads = Executors.newFixedThreadPool(4);
			try {
				List<Future<Long>> calls = threads.invokeAll(Collections.nCopies(40, counter::increment));
				for (Future<Long> call : calls) {
					assertThat(call.get()).isPositive();
				}
			}
			finally {
				threads.shutdownNow();
			}
			assertThat(counter.value()).isEqualTo(40);
			assertThat(counter.overlaps()).isZero();
		}
		// no actuator nor Micrometer metrics here: the starter names the optional auto-configurations
		assertThat(output.getAll().lines()
			.filter((line) -> line.contains(" WARN ") || line.contains(" ERROR "))
			.filter((line) -> line.contains("io.github.distlock") || line.contains("i.g.d.")))
			.isEmpty();
	}

	@SpringBootApplication
	static class ShopApplication {

		@Bean
		Counter counter() {
			return new Counter();
		}

	}

	static class Counter {

		private final AtomicInteger inside = new AtomicInteger();

		private final AtomicInteger overlaps = new AtomicInteger();

		private volatile int value;

		@DistributedLock(key = "'counter'", waitTime = 30_000)
		public long increment() throws InterruptedException {
			if (this.inside.incrementAndGet() != 1) {
				this.overlaps.incrementAndGet();
			}
			int read = this.value;
			Thread.sleep(2);
			this.value = read + 1;
			this.inside.decrementAndGet();
			return LockContext.current().fencingToken();
		}

		int value() {
			return this.value;
		}

		int overlaps() {
			return this.overlaps.get();
		}

	}

}
