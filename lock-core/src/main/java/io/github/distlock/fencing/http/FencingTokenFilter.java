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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.core.Ordered;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The servlet filter (Spring MVC) that refuses a request from a lock holder that another holder
 * has replaced: for each {@value FencingTokenHeader#NAME} value, the token is accepted by the
 * {@link FencingTokenHighWaterMarks}, or the request is answered 409 with a problem body naming
 * the key, the refused token and the mark. A malformed header is answered 400 naming the
 * problem; a request without the header, or to a path that is not fenced, goes on.
 * <p>
 * Whoever can send a request can raise a mark: let the filter run after authentication (its
 * order, {@value #ORDER}, comes after Spring Security's filter chain, -100).
 *
 * @since 0.1.0
 */
public class FencingTokenFilter extends OncePerRequestFilter implements Ordered {

	/** The filter's order: after Spring Security's filter chain. */
	public static final int ORDER = 0;

	private final FencingTokenCheck check;

	/**
	 * Creates a filter that fences every path.
	 * @param marks the marks
	 */
	public FencingTokenFilter(FencingTokenHighWaterMarks marks) {
		this(marks, List.of());
	}

	/**
	 * Creates a filter that fences the paths of some patterns.
	 * @param marks the marks
	 * @param pathPatterns the fenced paths within the application, as Spring's {@code PathPattern}
	 * reads them ({@code /orders/**}); all when none is given
	 * @throws IllegalArgumentException for a pattern that is not one, naming it
	 */
	public FencingTokenFilter(FencingTokenHighWaterMarks marks, Collection<String> pathPatterns) {
		this.check = new FencingTokenCheck(marks, pathPatterns);
	}

	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		String path = request.getRequestURI().substring(request.getContextPath().length());
		return !this.check.appliesTo(path.isEmpty() ? "/" : path);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		FencingProblem problem = this.check.check(values(request));
		if (problem == null) {
			chain.doFilter(request, response);
			return;
		}
		response.setStatus(problem.status());
		response.setContentType(FencingProblem.CONTENT_TYPE);
		byte[] body = problem.json().getBytes(StandardCharsets.UTF_8);
		response.setContentLength(body.length);
		response.getOutputStream().write(body);
	}

	private static List<String> values(HttpServletRequest request) {
		Enumeration<String> headers = request.getHeaders(FencingTokenHeader.NAME);
		return (headers != null) ? Collections.list(headers) : List.of();
	}

	@Override
	public int getOrder() {
		return ORDER;
	}

}
