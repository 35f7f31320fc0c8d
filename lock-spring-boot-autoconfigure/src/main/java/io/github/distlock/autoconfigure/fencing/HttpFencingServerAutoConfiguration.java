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

import java.util.function.Supplier;

import io.github.distlock.fencing.http.FencingTokenFilter;
import io.github.distlock.fencing.http.FencingTokenHighWaterMarks;
import io.github.distlock.fencing.http.FencingTokenWebFilter;
import jakarta.servlet.Filter;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.server.WebFilter;

/**
 * Auto-configuration of the server's side of fencing over HTTP, when
 * {@code distributed-lock.fencing.http.server.enabled} is on: the
 * {@link FencingTokenHighWaterMarks} ({@code distributed-lock.fencing.http.server.store}: in the
 * one {@code DataSource}'s {@code .table}, created at start-up unless {@code .create-table} is
 * off, or in memory for at most {@code .max-keys} keys), and the {@link FencingTokenFilter} of a
 * servlet web application or the {@link FencingTokenWebFilter} of a reactive one, checking the
 * paths of {@code .path-patterns}. Each bean backs off when the application defines its own.
 *
 * @since 0.1.0
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnBooleanProperty(name = "distributed-lock.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "distributed-lock.fencing.http.server.enabled")
@ConditionalOnWebApplication
@EnableConfigurationProperties(HttpFencingProperties.class)
@Import({ HighWaterMarksConfigurations.Jdbc.class, HighWaterMarksConfigurations.JdbcUnavailable.class,
		HighWaterMarksConfigurations.InMemory.class })
public final class HttpFencingServerAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = Type.SERVLET)
	@ConditionalOnClass({ Filter.class, OncePerRequestFilter.class })
	static class ServletFilterConfiguration {

		@Bean
		@ConditionalOnMissingBean
		FencingTokenFilter fencingTokenFilter(FencingTokenHighWaterMarks marks, HttpFencingProperties properties) {
			return checkingPaths(() -> new FencingTokenFilter(marks, properties.getServer().getPathPatterns()));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = Type.REACTIVE)
	@ConditionalOnClass({ WebFilter.class, Mono.class })
	static class WebFilterConfiguration {

		@Bean
		@ConditionalOnMissingBean
		FencingTokenWebFilter fencingTokenWebFilter(FencingTokenHighWaterMarks marks, HttpFencingProperties properties) {
			return checkingPaths(() -> new FencingTokenWebFilter(marks, properties.getServer().getPathPatterns()));
		}

	}

	/** A filter made of the configured path patterns, or the pattern refused naming the property. */
	private static <F> F checkingPaths(Supplier<F> filter) {
		try {
			return filter.get();
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException("distributed-lock.fencing.http.server.path-patterns: " + ex.getMessage(), ex);
		}
	}

}
