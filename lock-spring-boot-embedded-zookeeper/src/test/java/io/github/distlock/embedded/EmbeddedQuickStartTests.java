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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockOperations;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

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
 * The README's quick start for development without a ZooKeeper, as a new user follows it: the
 * starter, this module, {@code distributed-lock.zookeeper.embedded.enabled=true}, and the quick
 * start's {@code purchase} method: 150 buyers on four threads for a stock of 100 sell exactly
 * 100, each sale under a greater fencing token. Nothing else on the class path: no test server,
 * no version pinned.
 */
@ExtendWith(OutputCaptureExtension.class)
class EmbeddedQuickStartTests {

	private static final int STOCK = 100;

	private static final int BUYERS = 150;

	@Test
	void theStarterAndThisModuleLockOnAnEmbeddedZooKeeper(CapturedOutput output) throws Exception {
		assertThat(ClassUtils.isPresent("org.apache.curator.test.TestingServer", null))
			.as("no test server on the class path").isFalse();
		SpringApplication application = new SpringApplication(ShopApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);
		try (ConfigurableApplicationContext context = application
			.run("--distributed-lock.zookeeper.embedded.enabled=true", "--spring.main.banner-mode=off")) {
			assertThat(context.getBean(LockOperations.class).execute("ping", Duration.ofSeconds(5), () -> "pong"))
				.isEqualTo("pong");
			StockService stock = context.getBean(StockService.class);
			List<Callable<@Nullable Long>> buyers = new ArrayList<>();
			for (int i = 0; i < BUYERS; i++) {
				buyers.add(() -> stock.purchase(7));
			}
			ExecutorService threads = Executors.newFixedThreadPool(4);
			List<Long> tokens = new ArrayList<>();
			try {
				for (Future<@Nullable Long> bought : threads.invokeAll(buyers)) {
					Long token = bought.get();
					if (token != null) {
						tokens.add(token);
					}
				}
			}
			finally {
				threads.shutdownNow();
			}
			assertThat(tokens).hasSize(STOCK).doesNotHaveDuplicates();
			assertThat(stock.left()).isZero();
			assertThat(stock.tokens()).as("each sale's token, in the order of the sales").isSorted();
			assertThat(output.getAll()).as("a newcomer's first run logs no error").doesNotContain(" ERROR ");
		}
	}

	@SpringBootApplication
	static class ShopApplication {

		@Bean
		StockService stockService() {
			return new StockService();
		}

	}

	static class StockService {

		private final List<Long> sales = new ArrayList<>();

		private int left = STOCK;

		/**
		 * Sells one item of the goods if any is left.
		 * @return the sale's fencing token, or {@code null} when sold out
		 */
		@DistributedLock(key = "'stock:' + #goodsNo", waitTime = 30_000)
		public @Nullable Long purchase(int goodsNo) throws InterruptedException {
			int read = this.left;
			if (read == 0) {
				return null;
			}
			Thread.sleep(1);
			this.left = read - 1;
			long token = LockContext.current().fencingToken();
			this.sales.add(token);
			return token;
		}

		int left() {
			return this.left;
		}

		List<Long> tokens() {
			return this.sales;
		}

	}

}
