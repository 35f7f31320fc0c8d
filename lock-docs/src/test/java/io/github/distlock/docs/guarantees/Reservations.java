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
package io.github.distlock.docs.guarantees;

import java.time.Duration;

import io.github.distlock.reactive.ReactiveLockOperations;
import reactor.core.publisher.Mono;

import org.springframework.web.reactive.function.client.WebClient;

/**
 * A reactive pipeline that holds a lock and calls another service through WebClient.
 */
class Reservations {

	private final ReactiveLockOperations reactiveLocks;

	private final WebClient webClient;

	Reservations(ReactiveLockOperations reactiveLocks, WebClient.Builder builder) {
		this.reactiveLocks = reactiveLocks;
		this.webClient = builder.baseUrl("http://stock").build();
	}

	Mono<Void> reserve() {
		// tag::reserve[]
		Mono<Void> reserve = this.reactiveLocks.withLock("order:42", Duration.ofSeconds(5),
				this.webClient.post().uri("/reservations/42").retrieve().toBodilessEntity().then());
		// end::reserve[]
		return reserve;
	}

}
