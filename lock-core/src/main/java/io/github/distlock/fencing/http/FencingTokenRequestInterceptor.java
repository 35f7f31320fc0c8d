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

import io.github.distlock.core.LockContext;

import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Sends the fencing token of each exclusive lock the calling thread holds
 * ({@link LockContext#all()}; see {@link FencingTokenHeader#valuesOf}) in a
 * {@value FencingTokenHeader#NAME} header, for {@code RestClient} and {@code RestTemplate}. A
 * request made while no lock is held goes out unchanged.
 *
 * @since 0.1.0
 */
public class FencingTokenRequestInterceptor implements ClientHttpRequestInterceptor {

	@Override
	public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
			throws IOException {
		for (String value : FencingTokenHeader.valuesOf(LockContext.all())) {
			request.getHeaders().add(FencingTokenHeader.NAME, value);
		}
		return execution.execute(request, body);
	}

}
