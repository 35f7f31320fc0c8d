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

import javax.sql.DataSource;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.FencedOffException;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.fencing.FencedCalls;
import io.github.distlock.fencing.FencedJdbc;
import io.github.distlock.fencing.JdbcFences;
import io.github.distlock.test.memory.InMemoryLockRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What the auto-configuration decides for {@code @DistributedLock(fenced = true)}: with a
 * {@code DataSource} and a transaction manager, the fences and fenced calls, and the fence table
 * created at start-up when a method is fenced and {@code distributed-lock.fencing.create-table}
 * is on; without them, a fenced method fails start-up naming it; the application's own beans
 * win. On the in-memory lock backend and an embedded H2 database.
 */
class DistributedLockFencingAutoConfigurationTests {

	private final InMemoryLockService service = new InMemoryLockService();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DistributedLockAutoConfiguration.class,
				DistributedLockFencingAutoConfiguration.class))
		.withBean(InMemoryLockRegistry.class, () -> new InMemoryLockRegistry(this.service));

	@Test
	void aFencedMethodClaimsItsFenceInTheTableCreatedAtStartUp() {
		this.contextRunner.withUserConfiguration(DatabaseConfiguration.class)
			.withBean(Exports.class)
			.withPropertyValues("distributed-lock.fencing.table=app_fences")
			.run((context) -> {
				assertThat(context).hasSingleBean(JdbcFences.class).hasSingleBean(FencedCalls.class);
				JdbcFences fences = context.getBean(JdbcFences.class);
				assertThat(fences.getTable()).isEqualTo("app_fences");
				long token = context.getBean(Exports.class).export();
				assertThat(fences.current("export")).hasValue(token);
				fences.claim("export", token + 1_000_000);
				assertThatExceptionOfType(FencedOffException.class)
					.isThrownBy(() -> context.getBean(Exports.class).export())
					.withMessageContaining("'export'");
			});
	}

	@Test
	void theTableIsLeftToTheApplicationWhenSoConfiguredOrWhenNothingIsFenced() {
		this.contextRunner.withUserConfiguration(DatabaseConfiguration.class)
			.withBean(Exports.class)
			.withPropertyValues("distributed-lock.fencing.create-table=false")
			.run((context) -> assertThat(tableExists(context.getBean(DataSource.class))).isFalse());
		this.contextRunner.withUserConfiguration(DatabaseConfiguration.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(JdbcFences.class);
				assertThat(tableExists(context.getBean(DataSource.class))).isFalse();
			});
	}

	@Test
	void aFencedMethodWithoutADatabaseFailsStartUpNamingIt() {
		this.contextRunner.withBean(Exports.class)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasMessageContaining("Exports.export()")
				.hasMessageContaining("no FencedCalls bean"));
	}

	@Test
	void aFencedJdbcGuardsTheApplicationsRowsWithTheTokenOfTheLockHeld() {
		this.contextRunner.withUserConfiguration(DatabaseConfiguration.class)
			.withBean(Exports.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(FencedJdbc.class);
				JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
				jdbc.execute("CREATE TABLE export_state (id INT PRIMARY KEY, runs INT NOT NULL, fence BIGINT NOT NULL DEFAULT 0)");
				jdbc.update("INSERT INTO export_state (id, runs) VALUES (1, 0)");
				long token = context.getBean(Exports.class).exportFenced(context.getBean(FencedJdbc.class));
				assertThat(jdbc.queryForObject("SELECT fence FROM export_state WHERE id = 1", Long.class)).isEqualTo(token);
			});
	}

	@Test
	void theApplicationsOwnFencedJdbcWinsAndNoneIsMadeWithoutADataSource() {
		this.contextRunner.withUserConfiguration(DatabaseConfiguration.class)
			.withBean("ownFencedJdbc", FencedJdbc.class, (() -> new FencedJdbc(new JdbcTemplate(), "writer")))
			.run((context) -> assertThat(context).getBean(FencedJdbc.class)
				.extracting(FencedJdbc::getFenceColumn)
				.isEqualTo("writer"));
		this.contextRunner.run((context) -> assertThat(context).doesNotHaveBean(FencedJdbc.class));
	}

	@Test
	void theApplicationsOwnFencedCallsWin() {
		FencedCalls own = (method, targetClass, locks, call) -> call.proceed();
		this.contextRunner.withUserConfiguration(DatabaseConfiguration.class)
			.withBean("ownFencedCalls", FencedCalls.class, () -> own)
			.run((context) -> assertThat(context).getBean(FencedCalls.class).isSameAs(own));
	}

	private static boolean tableExists(DataSource dataSource) {
		return new JdbcTemplate(dataSource).queryForObject(
				"SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE UPPER(TABLE_NAME) LIKE '%FENCE%'", Integer.class) > 0;
	}

	@Configuration(proxyBeanMethods = false)
	static class DatabaseConfiguration {

		@Bean(destroyMethod = "shutdown")
		DataSource dataSource() {
			return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2).generateUniqueName(true).build();
		}

		@Bean
		DataSourceTransactionManager transactionManager(DataSource dataSource) {
			return new DataSourceTransactionManager(dataSource);
		}

	}

	static class Exports {

		@DistributedLock(key = "'export'", fenced = true)
		public long export() {
			return LockContext.current().fencingToken();
		}

		@DistributedLock(key = "'export'", fenced = true)
		public long exportFenced(FencedJdbc fencedJdbc) {
			fencedJdbc.update("UPDATE export_state SET runs = runs + 1 WHERE id = ?", 1);
			return LockContext.current().fencingToken();
		}

	}

}
