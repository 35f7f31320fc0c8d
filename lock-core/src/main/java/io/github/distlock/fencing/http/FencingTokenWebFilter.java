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

package io.github.distlock.fencing.http;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * The WebFlux filter that refuses a request from a lock holder that another holder has
 * replaced, as {@link FencingTokenFilter} does for Spring MVC: each
 * {@value FencingTokenHeader#NAME} token accepted, or 409 with a problem body naming the key, the
 * refused token and the mark; 400 for a malformed header; requests without it pass. The marks
 * are consulted on the bounded elastic scheduler (a JDBC store blocks), only for requests that
 * carry the header.
 * <p>
 * Whoever can send a request can raise a mark: let the filter run after authentication (its
 * order, {@value #ORDER}, comes after Spring Security's, -100).
 *
 * @since 0.1.0
 */
public class FencingTokenWebFilter implements WebFilter, Ordered {

	/** The filter's order: after Spring Security's web filter. */
	public static final int ORDER = 0;

	private final FencingTokenCheck check;

	/**
	 * Creates a filter that fences every path.
	 * @param marks the marks
	 */
	public FencingTokenWebFilter(FencingTokenHighWaterMarks marks) {
		this(marks, List.of());
	}

	/**
	 * Creates a filter that fences the paths of some patterns.
	 * @param marks the marks
	 * @param pathPatterns the fenced paths within the application, as Spring's {@code PathPattern}
	 * reads them ({@code /orders/**}); all when none is given
	 * @throws IllegalArgumentException for a pattern that is not one, naming it
	 */
	public FencingTokenWebFilter(FencingTokenHighWaterMarks marks, Collection<String> pathPatterns) {
		this.check = new FencingTokenCheck(marks, pathPatterns);
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		List<String> values = exchange.getRequest().getHeaders().getOrEmpty(FencingTokenHeader.NAME);
		if (values.isEmpty()
				|| !this.check.appliesTo(exchange.getRequest().getPath().pathWithinApplication().value())) {
			return chain.filter(exchange);
		}
		return Mono.fromCallable(() -> Optional.ofNullable(this.check.check(values)))
			.subscribeOn(Schedulers.boundedElastic())
			.flatMap((problem) -> problem.isPresent() ? refuse(exchange.getResponse(), problem.get())
					: chain.filter(exchange));
	}

	private static Mono<Void> refuse(ServerHttpResponse response, FencingProblem problem) {
		response.setStatusCode(HttpStatusCode.valueOf(problem.status()));
		response.getHeaders().setContentType(MediaType.parseMediaType(FencingProblem.CONTENT_TYPE));
		DataBuffer body = response.bufferFactory().wrap(problem.json().getBytes(StandardCharsets.UTF_8));
		return response.writeWith(Mono.just(body));
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
