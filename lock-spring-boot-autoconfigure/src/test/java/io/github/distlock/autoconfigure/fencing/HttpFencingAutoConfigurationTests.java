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

import io.github.distlock.fencing.http.FencingTokenExchangeFilter;
import io.github.distlock.fencing.http.FencingTokenFilter;
import io.github.distlock.fencing.http.FencingTokenHighWaterMarks;
import io.github.distlock.fencing.http.FencingTokenRequestInterceptor;
import io.github.distlock.fencing.http.FencingTokenWebFilter;
import io.github.distlock.fencing.http.InMemoryHighWaterMarks;
import io.github.distlock.fencing.http.JdbcHighWaterMarks;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webclient.WebClientCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the auto-configuration of fencing over HTTP decides: the client customizers by default,
 * each only with its client's classes, none when switched off; the server filter only when a
 * server opts in, the servlet one for Spring MVC and the WebFlux one for a reactive application;
 * the marks in the one {@code DataSource} under 'auto' (table created), in memory without one or
 * without spring-jdbc, and a start-up failure naming the property for 'jdbc' without a database;
 * the application's own beans win.
 */
class HttpFencingAutoConfigurationTests {

	private static final String SERVER = "distributed-lock.fencing.http.server.";

	private final ApplicationContextRunner clients = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(HttpFencingClientAutoConfiguration.class));

	private final WebApplicationContextRunner servlet = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(HttpFencingServerAutoConfiguration.class));

	private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(HttpFencingServerAutoConfiguration.class));

	@Test
	void clientsSendTokensByDefault() {
		this.clients.run((context) -> assertThat(context).hasSingleBean(FencingTokenRequestInterceptor.class)
			.hasSingleBean(RestClientCustomizer.class)
			.hasSingleBean(RestTemplateCustomizer.class)
			.hasSingleBean(FencingTokenExchangeFilter.class)
			.hasSingleBean(WebClientCustomizer.class));
	}

	@Test
	void eachClientIsCustomizedOnlyWithItsClassesPresent() {
		this.clients.withClassLoader(new FilteredClassLoader("org.springframework.web.reactive"))
			.run((context) -> assertThat(context).hasSingleBean(RestClientCustomizer.class)
				.doesNotHaveBean(FencingTokenExchangeFilter.class)
				.doesNotHaveBean(WebClientCustomizer.class));
		this.clients.withClassLoader(new FilteredClassLoader("org.springframework.boot.restclient"))
			.run((context) -> assertThat(context).hasSingleBean(WebClientCustomizer.class)
				.doesNotHaveBean(FencingTokenRequestInterceptor.class));
	}

	@Test
	void clientsAreLeftAloneWhenSwitchedOff() {
		this.clients.withPropertyValues("distributed-lock.fencing.http.client.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(FencingTokenRequestInterceptor.class)
				.doesNotHaveBean(FencingTokenExchangeFilter.class));
		this.clients.withPropertyValues("distributed-lock.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(FencingTokenRequestInterceptor.class));
	}

	@Test
	void theApplicationsOwnInterceptorWins() {
		FencingTokenRequestInterceptor own = new FencingTokenRequestInterceptor();
		this.clients.withBean("ownInterceptor", FencingTokenRequestInterceptor.class, () -> own)
			.run((context) -> assertThat(context).getBean(FencingTokenRequestInterceptor.class).isSameAs(own));
	}

	@Test
	void aServerChecksNothingUnlessItOptsIn() {
		this.servlet.run((context) -> assertThat(context).doesNotHaveBean(FencingTokenFilter.class)
			.doesNotHaveBean(FencingTokenHighWaterMarks.class));
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(HttpFencingServerAutoConfiguration.class))
			.withPropertyValues(SERVER + "enabled=true")
			.run((context) -> assertThat(context).as("not a web application")
				.doesNotHaveBean(FencingTokenHighWaterMarks.class));
	}

	@Test
	void aServletApplicationGetsTheServletFilterOverBoundedMemoryWithoutADatabase() {
		this.servlet.withPropertyValues(SERVER + "enabled=true", SERVER + "max-keys=42")
			.run((context) -> {
				assertThat(context).hasSingleBean(FencingTokenFilter.class).doesNotHaveBean(FencingTokenWebFilter.class);
				assertThat(context).getBean(FencingTokenHighWaterMarks.class)
					.isInstanceOfSatisfying(InMemoryHighWaterMarks.class,
							(marks) -> assertThat(marks.getMaxKeys()).isEqualTo(42));
			});
	}

	@Test
	void aReactiveApplicationGetsTheWebFilter() {
		this.reactive.withPropertyValues(SERVER + "enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(FencingTokenWebFilter.class)
				.doesNotHaveBean(FencingTokenFilter.class)
				.hasSingleBean(InMemoryHighWaterMarks.class));
	}

	@Test
	void withOneDataSourceTheMarksAreKeptInItsTableCreatedAtStartUp() {
		this.servlet.withUserConfiguration(DatabaseConfiguration.class)
			.withPropertyValues(SERVER + "enabled=true", SERVER + "table=http_marks")
			.run((context) -> {
				assertThat(context).getBean(FencingTokenHighWaterMarks.class)
					.isInstanceOfSatisfying(JdbcHighWaterMarks.class,
							(marks) -> assertThat(marks.getTable()).isEqualTo("http_marks"));
				assertThat(tables(context.getBean(DataSource.class), "HTTP_MARKS")).isOne();
			});
		this.servlet.withUserConfiguration(DatabaseConfiguration.class)
			.withPropertyValues(SERVER + "enabled=true", SERVER + "create-table=false")
			.run((context) -> {
				assertThat(context).hasSingleBean(JdbcHighWaterMarks.class);
				assertThat(tables(context.getBean(DataSource.class), "DISTRIBUTED_LOCK_HTTP_FENCE")).isZero();
			});
	}

	@Test
	void theMemoryStoreIsUsedWhenAskedForOrWithoutSpringJdbc() {
		this.servlet.withUserConfiguration(DatabaseConfiguration.class)
			.withPropertyValues(SERVER + "enabled=true", SERVER + "store=memory")
			.run((context) -> assertThat(context).hasSingleBean(InMemoryHighWaterMarks.class));
		this.servlet.withUserConfiguration(DatabaseConfiguration.class)
			.withClassLoader(new FilteredClassLoader("org.springframework.jdbc"))
			.withPropertyValues(SERVER + "enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(InMemoryHighWaterMarks.class));
	}

	@Test
	void theJdbcStoreWithoutADatabaseFailsStartUpNamingTheProperty() {
		this.servlet.withPropertyValues(SERVER + "enabled=true", SERVER + "store=jdbc")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("distributed-lock.fencing.http.server.store=jdbc")
				.hasMessageContaining("the context has no DataSource bean"));
	}

	@Test
	void aBoundBelowOneFailsStartUpNamingTheProperty() {
		this.servlet.withPropertyValues(SERVER + "enabled=true", SERVER + "max-keys=0")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("distributed-lock.fencing.http.server.max-keys is 0"));
	}

	@Test
	void anInvalidPathPatternFailsStartUpNamingThePropertyAndThePattern() {
		this.reactive.withPropertyValues(SERVER + "enabled=true", SERVER + "path-patterns=/orders/{id")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("distributed-lock.fencing.http.server.path-patterns: Fenced path pattern '/orders/{id'"));
	}

	@Test
	void theApplicationsOwnMarksWin() {
		FencingTokenHighWaterMarks own = (key, token) -> {
		};
		this.servlet.withUserConfiguration(DatabaseConfiguration.class)
			.withBean("ownMarks", FencingTokenHighWaterMarks.class, () -> own)
			.withPropertyValues(SERVER + "enabled=true")
			.run((context) -> assertThat(context).getBean(FencingTokenHighWaterMarks.class).isSameAs(own));
	}

	private static int tables(DataSource dataSource, String name) {
		return new JdbcTemplate(dataSource).queryForObject(
				"SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE UPPER(TABLE_NAME) = ?", Integer.class, name);
	}

	@Configuration(proxyBeanMethods = false)
	static class DatabaseConfiguration {

		@Bean(destroyMethod = "shutdown")
		DataSource dataSource() {
			return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2).generateUniqueName(true).build();
		}

	}

}
