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

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.web.reactive.DispatcherHandler;
import org.springframework.web.servlet.DispatcherServlet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link H2OversellRaceTests}' race with each instance served by Spring WebFlux
 * ({@code spring.main.web-application-type=reactive}, on Tomcat): the reactive purchase goes
 * through a WebFlux controller, the blocking ones through WebFlux's blocking execution.
 */
class WebFluxOversellRaceTests extends H2OversellRaceTests {

	@Override
	protected String jdbcUrl() {
		return "jdbc:h2:mem:oversell-race-webflux;DB_CLOSE_DELAY=-1";
	}

	@Override
	protected List<String> lockArguments() {
		List<String> arguments = new ArrayList<>(super.lockArguments());
		arguments.add("--spring.main.web-application-type=reactive");
		return arguments;
	}

	@Override
	protected long goodsBase() {
		return 5000;
	}

	@Test
	void eachInstanceIsServedByWebFlux() {
		for (int i = 0; i < INSTANCES; i++) {
			assertThat(instances().context(i).getBeanNamesForType(DispatcherHandler.class)).hasSize(1);
			assertThat(instances().context(i).getBeanNamesForType(DispatcherServlet.class)).isEmpty();
		}
	}

}
