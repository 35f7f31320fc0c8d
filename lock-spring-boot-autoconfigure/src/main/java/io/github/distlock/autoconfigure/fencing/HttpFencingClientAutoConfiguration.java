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

import io.github.distlock.fencing.http.FencingTokenExchangeFilter;
import io.github.distlock.fencing.http.FencingTokenRequestInterceptor;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.restclient.RestClientCustomizer;
import org.springframework.boot.restclient.RestTemplateCustomizer;
import org.springframework.boot.webclient.WebClientCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * Auto-configuration of the clients' side of fencing over HTTP: the {@code RestClient.Builder},
 * {@code RestTemplateBuilder} and {@code WebClient.Builder} that Spring Boot configures send the
 * fencing token of each held lock in a {@code Lock-Fencing-Token} header (a
 * {@link RestClientCustomizer}, a {@link RestTemplateCustomizer} and a
 * {@link WebClientCustomizer}, each when its class is present), unless
 * {@code distributed-lock.fencing.http.client.enabled} is off. Each bean backs off when the
 * application defines its own.
 *
 * @since 0.1.0
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(name = "distributed-lock.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "distributed-lock.fencing.http.client.enabled", matchIfMissing = true)
@EnableConfigurationProperties(HttpFencingProperties.class)
public final class HttpFencingClientAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ RestClient.class, RestClientCustomizer.class })
	static class RestClientConfiguration {

		@Bean
		@ConditionalOnMissingBean
		FencingTokenRequestInterceptor fencingTokenRequestInterceptor() {
			return new FencingTokenRequestInterceptor();
		}

		@Bean
		@ConditionalOnMissingBean(name = "fencingTokenRestClientCustomizer")
		RestClientCustomizer fencingTokenRestClientCustomizer(FencingTokenRequestInterceptor interceptor) {
			return (builder) -> builder.requestInterceptor(interceptor);
		}

		@Bean
		@ConditionalOnMissingBean(name = "fencingTokenRestTemplateCustomizer")
		RestTemplateCustomizer fencingTokenRestTemplateCustomizer(FencingTokenRequestInterceptor interceptor) {
			return (restTemplate) -> restTemplate.getInterceptors().add(interceptor);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ WebClient.class, WebClientCustomizer.class, Mono.class })
	static class WebClientConfiguration {

		@Bean
		@ConditionalOnMissingBean
		FencingTokenExchangeFilter fencingTokenExchangeFilter() {
			return new FencingTokenExchangeFilter();
		}

		@Bean
		@ConditionalOnMissingBean(name = "fencingTokenWebClientCustomizer")
		WebClientCustomizer fencingTokenWebClientCustomizer(FencingTokenExchangeFilter filter) {
			return (builder) -> builder.filter(filter);
		}

	}

}
