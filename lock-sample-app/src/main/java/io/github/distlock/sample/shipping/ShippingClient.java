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
package io.github.distlock.sample.shipping;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.FencedOffException;
import io.github.distlock.core.LockContext;
import io.github.distlock.fencing.http.FencingTokenHeader;
import org.jspecify.annotations.Nullable;

import org.springframework.core.ParameterizedTypeReference;
import org.springframework.core.env.Environment;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.stereotype.Component;
import org.springframework.web.client.HttpClientErrorException;
import org.springframework.web.client.ResourceAccessException;
import org.springframework.web.client.RestClient;

/**
 * The shop's client of the shipping service, built from the {@code RestClient.Builder} Spring
 * Boot gives, to which the starter adds the {@code Lock-Fencing-Token} header of every lock the
 * calling thread holds. A lock taken by the caller and not held by the thread (the race page's
 * instances, the reactive purchase on a scheduler's thread) is added here. The service is this
 * application's, on its {@link ShippingPort}, unless {@code sample.shipping.url} names another.
 */
@Component
public class ShippingClient {

	private static final ParameterizedTypeReference<Map<String, Object>> PROBLEM = new ParameterizedTypeReference<>() {
	};

	private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

	private final RestClient client;

	private final Environment environment;

	private final ShippingPort port;

	public ShippingClient(RestClient.Builder builder, Environment environment, ShippingPort port) {
		JdkClientHttpRequestFactory requests = new JdkClientHttpRequestFactory();
		// the call is made while the purchase holds its lock: never wait for it without bound
		requests.setReadTimeout(CALL_TIMEOUT);
		this.client = builder.requestFactory(requests).build();
		this.environment = environment;
		this.port = port;
	}

	/**
	 * Ships an order from inside its lock.
	 * @param goodsNo the item
	 * @param orderId the order
	 * @param lock the lock the purchase holds, or {@code null} for the unlocked purchase
	 * @throws FencedOffException if the service refused the lock's token: a newer holder of the
	 * lock has shipped since
	 */
	public void ship(long goodsNo, long orderId, @Nullable AcquiredLock lock) {
		try {
			send(goodsNo, orderId, lock);
		}
		catch (ResourceAccessException ex) {
			// the connection failed under the call (seen once in a thousand on WebFlux on Tomcat, a
			// kept-alive connection closed by the server): a shipment is recorded once per order,
			// so sending it again is safe
			send(goodsNo, orderId, lock);
		}
	}

	private void send(long goodsNo, long orderId, @Nullable AcquiredLock lock) {
		try {
			this.client.post()
				.uri(baseUrl() + "/shipments/{goodsNo}/{orderId}", goodsNo, orderId)
				.headers((headers) -> {
					if (lock != null && !LockContext.all().contains(lock)) {
						FencingTokenHeader.valuesOf(List.of(lock))
							.forEach((value) -> headers.add(FencingTokenHeader.NAME, value));
					}
				})
				.retrieve()
				.toBodilessEntity();
		}
		catch (HttpClientErrorException.Conflict refused) {
			Map<String, Object> problem = refused.getResponseBodyAs(PROBLEM);
			if (lock == null || problem == null || !(problem.get("mark") instanceof Number mark)) {
				throw refused;
			}
			throw new FencedOffException(lock.key(), lock.fencingToken(), mark.longValue());
		}
	}

	private String baseUrl() {
		String url = this.environment.getProperty("sample.shipping.url");
		return (url != null) ? url : "http://localhost:" + this.port.port();
	}

}
