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

import java.util.List;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.reactive.ReactiveLockContext;
import reactor.core.publisher.Mono;

import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;

/**
 * Sends the fencing token of each held exclusive lock (see {@link FencingTokenHeader#valuesOf})
 * in a {@value FencingTokenHeader#NAME} header, for
 * {@code WebClient}: the locks of the reactive pipeline that subscribes to the exchange
 * ({@link ReactiveLockContext}, from its Reactor {@code Context}), or, when it holds none, those
 * of the thread that subscribes ({@link LockContext}, as for a {@code block()} inside a locked
 * method). A request made while no lock is held goes out unchanged.
 *
 * @since 0.1.0
 */
public class FencingTokenExchangeFilter implements ExchangeFilterFunction {

	@Override
	public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
		return ReactiveLockContext.all().flatMap((pipeline) -> {
			List<AcquiredLock> held = pipeline.isEmpty() ? LockContext.all() : pipeline;
			List<String> values = FencingTokenHeader.valuesOf(held);
			if (values.isEmpty()) {
				return next.exchange(request);
			}
			return next.exchange(ClientRequest.from(request)
				.headers((headers) -> values.forEach((value) -> headers.add(FencingTokenHeader.NAME, value)))
				.build());
		});
	}

}
