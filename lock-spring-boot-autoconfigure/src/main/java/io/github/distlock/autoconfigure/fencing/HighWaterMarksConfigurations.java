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

package io.github.distlock.autoconfigure.fencing;

import javax.sql.DataSource;

import io.github.distlock.autoconfigure.fencing.HttpFencingProperties.Server;
import io.github.distlock.fencing.JdbcFences;
import io.github.distlock.fencing.http.FencingTokenHighWaterMarks;
import io.github.distlock.fencing.http.InMemoryHighWaterMarks;
import io.github.distlock.fencing.http.JdbcHighWaterMarks;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.autoconfigure.condition.NoneNestedConditions;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcOperations;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The server's {@link FencingTokenHighWaterMarks}, one of these configurations, imported in this
 * order: JDBC for the store 'jdbc' or 'auto' with one {@code DataSource}; a start-up failure
 * saying why for 'jdbc' without one; memory otherwise.
 */
final class HighWaterMarksConfigurations {

	private static final String STORE = "distributed-lock.fencing.http.server.store";

	private HighWaterMarksConfigurations() {
	}

	/** The marks in the one {@code DataSource}, for the store 'jdbc' or 'auto'. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcOperations.class)
	@ConditionalOnSingleCandidate(DataSource.class)
	@Conditional(JdbcOrAutoStore.class)
	static class Jdbc {

		@Bean
		@ConditionalOnMissingBean(FencingTokenHighWaterMarks.class)
		JdbcHighWaterMarks fencingTokenHighWaterMarks(DataSource dataSource, HttpFencingProperties properties) {
			Server server = properties.getServer();
			JdbcHighWaterMarks marks = new JdbcHighWaterMarks(
					new JdbcFences(new JdbcTemplate(dataSource), server.getTable()));
			if (server.isCreateTable()) {
				marks.createTable();
			}
			return marks;
		}

	}

	/** The store 'jdbc' asked for where it cannot be: start-up fails saying why. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = STORE, havingValue = "jdbc")
	static class JdbcUnavailable {

		@Bean
		@ConditionalOnMissingBean(FencingTokenHighWaterMarks.class)
		FencingTokenHighWaterMarks fencingTokenHighWaterMarks(ObjectProvider<DataSource> dataSources) {
			long count = dataSources.stream().count();
			String why = (count == 0) ? "the context has no DataSource bean"
					: (count > 1) ? "the context has " + count + " DataSource beans and none is primary"
							: "spring-jdbc is not on the class path";
			throw new IllegalStateException(STORE + "=jdbc keeps the highest accepted fencing tokens in the "
					+ "application's database, but " + why + "; give it one, or set " + STORE + "=memory");
		}

	}

	/** The marks in memory, for the store 'memory' or 'auto' without one {@code DataSource}. */
	@Configuration(proxyBeanMethods = false)
	@Conditional(NotJdbcStore.class)
	static class InMemory {

		@Bean
		@ConditionalOnMissingBean(FencingTokenHighWaterMarks.class)
		InMemoryHighWaterMarks fencingTokenHighWaterMarks(HttpFencingProperties properties) {
			int maxKeys = properties.getServer().getMaxKeys();
			if (maxKeys < 1) {
				throw new IllegalStateException("distributed-lock.fencing.http.server.max-keys is " + maxKeys
						+ "; the in-memory store needs room for at least 1 key");
			}
			return new InMemoryHighWaterMarks(maxKeys);
		}

	}

	static final class JdbcOrAutoStore extends AnyNestedCondition {

		JdbcOrAutoStore() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@ConditionalOnProperty(name = STORE, havingValue = "auto", matchIfMissing = true)
		static final class AutoStore {

		}

		@ConditionalOnProperty(name = STORE, havingValue = "jdbc")
		static final class JdbcStore {

		}

	}

	static final class NotJdbcStore extends NoneNestedConditions {

		NotJdbcStore() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@ConditionalOnProperty(name = STORE, havingValue = "jdbc")
		static final class JdbcStore {

		}

	}

}
