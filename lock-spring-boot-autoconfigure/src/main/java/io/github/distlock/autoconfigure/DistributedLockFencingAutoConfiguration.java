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

import io.github.distlock.fencing.FencedCalls;
import io.github.distlock.fencing.FencedJdbc;
import io.github.distlock.fencing.JdbcFences;
import io.github.distlock.fencing.TransactionalFencedCalls;
import io.github.distlock.interceptor.LockOperationSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Auto-configuration of {@code @DistributedLock(fenced = true)}: with one {@code DataSource},
 * the {@link JdbcFences} of its {@code distributed-lock.fencing.table}, and with one transaction
 * manager the {@link FencedCalls} that run a fenced method in a transaction claiming its fences
 * first, and the {@link FencedJdbc} that guards writes to the application's own rows (on the
 * application's one {@code JdbcOperations}, else a {@code JdbcTemplate} of the
 * {@code DataSource}). At start-up, once the annotated beans exist, the fence table is created
 * if a method is fenced, the table is missing and {@code distributed-lock.fencing.create-table} is on. Each
 * bean backs off when the application defines its own.
 *
 * @since 0.1.0
 */
@AutoConfiguration(after = DistributedLockAutoConfiguration.class,
		afterName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
				"org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration",
				"org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration" })
@ConditionalOnBooleanProperty(name = "distributed-lock.enabled", matchIfMissing = true)
@ConditionalOnBean(LockOperationSource.class)
@ConditionalOnClass({ JdbcOperations.class, PlatformTransactionManager.class })
public final class DistributedLockFencingAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnSingleCandidate(DataSource.class)
	JdbcFences jdbcFences(DataSource dataSource, DistributedLockProperties properties) {
		return new JdbcFences(new JdbcTemplate(dataSource), properties.getFencing().getTable());
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnSingleCandidate(DataSource.class)
	FencedJdbc fencedJdbc(DataSource dataSource, ObjectProvider<JdbcOperations> jdbcOperations) {
		return new FencedJdbc(jdbcOperations.getIfUnique(() -> new JdbcTemplate(dataSource)));
	}

	@Bean
	@ConditionalOnMissingBean(FencedCalls.class)
	@ConditionalOnBean(JdbcFences.class)
	@ConditionalOnSingleCandidate(PlatformTransactionManager.class)
	TransactionalFencedCalls fencedCalls(JdbcFences jdbcFences, PlatformTransactionManager transactionManager) {
		return new TransactionalFencedCalls(jdbcFences, transactionManager);
	}

	/** Creates the fence table at start-up if a method is fenced and the table is missing. */
	@Bean
	@ConditionalOnBean(JdbcFences.class)
	@ConditionalOnBooleanProperty(name = "distributed-lock.fencing.create-table", matchIfMissing = true)
	static SmartInitializingSingleton fenceTableCreation(ObjectProvider<LockOperationSource> operations,
			ObjectProvider<JdbcFences> fences) {
		return () -> {
			if (operations.getObject().hasFencedMethods()) {
				fences.getObject().createTable();
			}
		};
	}

}
