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

package io.github.distlock.sample;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.web.context.reactive.ReactiveWebApplicationContext;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same answers when Spring WebFlux serves the app ({@code spring.main.web-application-type=reactive}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.main.web-application-type=reactive", "distributed-lock.default-wait-time=300ms",
				"spring.datasource.url=jdbc:h2:mem:errors-webflux;DB_CLOSE_DELAY=-1", "sample.purchase.pause-min=0ms",
				"sample.purchase.pause-max=0ms" })
class WebFluxErrorResponseTests extends ErrorResponseTests {

	@Autowired
	private ApplicationContext context;

	@Test
	void servedByWebFlux() {
		assertThat(this.context).isInstanceOf(ReactiveWebApplicationContext.class);
	}

}
