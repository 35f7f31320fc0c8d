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

import javax.sql.DataSource;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.test.memory.InMemoryLockRegistry;
import io.github.distlock.transaction.LockInsideTransactionWarning;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The backend-neutral properties reach what they set in an auto-configured application: the
 * interceptor's default wait ({@code distributed-lock.default-wait-time}), an annotation's wait from
 * a property placeholder ({@code waitFor}), a named lock's settings ({@code distributed-lock.locks.*},
 * its {@code max-hold} and {@code permits} too), {@code distributed-lock.default-max-hold},
 * and what a lost lock
 * does to the work and the transaction around it ({@code distributed-lock.lock-lost.*}). On the
 * in-memory backend as the application's registry, with a second client of the same service as
 * another process; no server. What the interceptor, the template and the transaction guard do is
 * lock-core's to test.
 */
class NeutralPropertiesTests {

	private final InMemoryLockService service = new InMemoryLockService();

	private final InMemoryLockRegistry otherProcess = new InMemoryLockRegistry(this.service);

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DistributedLockAutoConfiguration.class))
		.withBean(InMemoryLockRegistry.class, () -> new InMemoryLockRegistry(this.service))
		.withUserConfiguration(StockConfiguration.class);

	@AfterEach
	void closeOtherProcess() {
		this.otherProcess.close();
	}

	@Test
	void defaultWaitTimeAppliesWhenTheAnnotationGivesNone() {
		try (LockHandle busy = this.otherProcess
			.acquire(new LockRequest("stock:1", LockType.MUTEX, Duration.ofSeconds(5), "test"))) {
			this.contextRunner.withPropertyValues("distributed-lock.default-wait-time=250ms")
				.run((context) -> assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> context.getBean(StockService.class).updateThen(1, () -> {
					}))
					.satisfies((ex) -> assertThat(ex.getWaited()).isGreaterThanOrEqualTo(Duration.ofMillis(250))));
		}
	}

	@Test
	void anAnnotationsWaitForTakesItsPlaceholderFromTheApplicationsProperties() {
		try (LockHandle busy = this.otherProcess
			.acquire(new LockRequest("report", LockType.MUTEX, Duration.ofSeconds(5), "test"))) {
			// "0" tries once: with the 30 s default wait the call would still be waiting
			this.contextRunner
				.withPropertyValues("distributed-lock.default-wait-time=30s", "locks.report.wait=0")
				.withBean(ReportService.class)
				.run((context) -> assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> context.getBean(ReportService.class).report()));
		}
	}

	@Test
	void anAnnotationsWaitForWithoutItsPropertyFailsStartUpNamingIt() {
		this.contextRunner.withBean(ReportService.class)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("locks.report.wait"));
	}

	@Test
	void aNamedLocksConfiguredSettingsTakePrecedenceOverItsAnnotation() {
		try (LockHandle busy = this.otherProcess
			.acquire(new LockRequest("archive", LockType.MUTEX, Duration.ofSeconds(5), "test"))) {
			// the annotation would wait 2 s and throw: the configuration tries once and skips
			this.contextRunner
				.withPropertyValues("distributed-lock.locks.archive.wait=0",
						"distributed-lock.locks.archive.on-failure=skip")
				.withBean(ReportService.class)
				.withPropertyValues("locks.report.wait=1s")
				.run((context) -> assertThat(context.getBean(ReportService.class).archive()).isNull());
		}
	}

	@Test
	void aNamedLocksMaxHoldGivesItsLockUpWhileTheMethodStillRuns() {
		assertExportsLockIsGivenUpWhileItRuns("distributed-lock.locks.export.max-hold=200ms");
	}

	@Test
	void theDefaultMaxHoldGivesUpTheLockOfAMethodThatSetsNone() {
		assertExportsLockIsGivenUpWhileItRuns("distributed-lock.default-max-hold=200ms");
	}

	/**
	 * With the given maximum hold time, another process takes the export's lock while the method
	 * still runs, and the call ends with the loss.
	 */
	private void assertExportsLockIsGivenUpWhileItRuns(String maxHoldProperty) {
		this.contextRunner.withPropertyValues(maxHoldProperty, "locks.report.wait=1s")
			.withBean(ReportService.class)
			.run((context) -> {
				ReportService reports = context.getBean(ReportService.class);
				assertThatExceptionOfType(LockLostException.class).isThrownBy(() -> reports.export(() -> {
					try (LockHandle next = this.otherProcess
						.acquire(new LockRequest("export", LockType.MUTEX, Duration.ofSeconds(10), "test"))) {
						assertThat(next.isHeld()).isTrue();
					}
				})).withMessageContaining("'export'");
			});
	}

	@Test
	void aNamedLocksPermitsLetThatManyHold() {
		this.contextRunner
			.withPropertyValues("distributed-lock.locks.export.type=semaphore", "distributed-lock.locks.export.permits=2",
					"locks.report.wait=1s")
			.withBean(ReportService.class)
			.run((context) -> context.getBean(ReportService.class).export(() -> {
				LockRequest second = LockRequest.of("export", Duration.ZERO).withType(LockType.SEMAPHORE).withPermits(2);
				try (LockHandle other = this.otherProcess.acquire(second)) {
					assertThat(other.isHeld()).as("the second of two permits").isTrue();
					assertThatExceptionOfType(LockAcquisitionException.class)
						.as("no third").isThrownBy(() -> this.otherProcess.acquire(second));
				}
			}));
	}

	@Test
	void aNamedLocksUnreadableSettingFailsStartUpNamingIt() {
		this.contextRunner.withPropertyValues("distributed-lock.locks.archive.wait=soon", "locks.report.wait=1s")
			.withBean(ReportService.class)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("distributed-lock.locks.archive.wait"));
	}

	@Test
	void lockLossRollsTheTransactionBackByDefault() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(LockInsideTransactionWarning.class);
			JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
			InMemoryLockRegistry registry = context.getBean(InMemoryLockRegistry.class);
			assertThatExceptionOfType(LockLostException.class)
				.isThrownBy(() -> context.getBean(StockService.class).updateThen(1, () -> loseLock(registry)))
				.withMessageContaining("rolled back");
			assertThat(jdbc.queryForObject("SELECT quantity FROM stock WHERE id = 1", Integer.class)).isZero();
		});
	}

	@Test
	void lostLockIsOnlyLoggedWhenSoConfigured() {
		this.contextRunner
			.withPropertyValues("distributed-lock.lock-lost.fail-on-return=false",
					"distributed-lock.lock-lost.rollback-transaction=false")
			.run((context) -> {
				JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
				InMemoryLockRegistry registry = context.getBean(InMemoryLockRegistry.class);
				context.getBean(StockService.class).updateThen(1, () -> loseLock(registry));
				assertThat(jdbc.queryForObject("SELECT quantity FROM stock WHERE id = 1", Integer.class)).isOne();
			});
	}

	private static void loseLock(InMemoryLockRegistry registry) {
		AcquiredLock lock = LockContext.current();
		registry.expireSession();
		assertThat(lock.state()).isEqualTo(LockState.LOST);
	}

	@Configuration(proxyBeanMethods = false)
	@EnableTransactionManagement
	static class StockConfiguration {

		@Bean(destroyMethod = "shutdown")
		DataSource dataSource() {
			return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2)
				.generateUniqueName(true)
				.addScript("classpath:stock-schema.sql")
				.build();
		}

		@Bean
		DataSourceTransactionManager transactionManager(DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

		@Bean
		JdbcTemplate jdbcTemplate(DataSource dataSource) {
			return new JdbcTemplate(dataSource);
		}

		@Bean
		StockService stockService(JdbcTemplate jdbcTemplate) {
			return new StockService(jdbcTemplate);
		}

	}

	static class ReportService {

		@DistributedLock(key = "'report'", waitFor = "${locks.report.wait}")
		public void report() {
		}

		@DistributedLock(key = "'archive'", name = "archive", waitFor = "2s")
		public @Nullable String archive() {
			return "archived";
		}

		@DistributedLock(key = "'export'", name = "export")
		public void export(Runnable work) {
			work.run();
		}

	}

	static class StockService {

		private final JdbcTemplate jdbc;

		StockService(JdbcTemplate jdbc) {
			this.jdbc = jdbc;
		}

		@Transactional
		@DistributedLock(key = "'stock:' + #id")
		public void updateThen(int id, Runnable action) {
			this.jdbc.update("UPDATE stock SET quantity = quantity + 1 WHERE id = ?", id);
			action.run();
		}

	}

}
