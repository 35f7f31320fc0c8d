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

package io.github.distlock.embedded;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockOperations;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.util.ClassUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's quick start for development without a ZooKeeper, as a new user follows it: the
 * starter, this module, {@code distributed-lock.zookeeper.embedded.enabled=true}, and an
 * annotated method whose calls from several threads run one at a time. Nothing else on the
 * class path: no test server, no version pinned.
 */
class EmbeddedQuickStartTests {

	@Test
	void theStarterAndThisModuleLockOnAnEmbeddedZooKeeper() throws Exception {
		assertThat(ClassUtils.isPresent("org.apache.curator.test.TestingServer", null))
			.as("no test server on the class path").isFalse();
		SpringApplication application = new SpringApplication(ShopApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		try (ConfigurableApplicationContext context = application
			.run("--distributed-lock.zookeeper.embedded.enabled=true", "--spring.main.banner-mode=off")) {
			assertThat(context.getBean(LockOperations.class).execute("ping", Duration.ofSeconds(5), () -> "pong"))
				.isEqualTo("pong");
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

		@DistributedLock(key = "'counter'")
		public long increment() throws InterruptedException {
			if (this.inside.incrementAndGet() > 1) {
				this.overlaps.incrementAndGet();
			}
			try {
				int read = this.value;
				Thread.sleep(1);
				this.value = read + 1;
				return LockContext.current().fencingToken();
			}
			finally {
				this.inside.decrementAndGet();
			}
		}

		int value() {
			return this.value;
		}

		int overlaps() {
			return this.overlaps.get();
		}

	}

}
