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

import io.github.distlock.sample.shipping.ShipmentController;

import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ReactiveAdapterRegistry;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.reactive.config.BlockingExecutionConfigurer;
import org.springframework.web.reactive.config.WebFluxConfigurer;

/**
 * The app served by Spring WebFlux ({@code spring.main.web-application-type=reactive}): the same
 * controllers; those that return a plain value (the blocking purchase, JDBC under a lock that a
 * thread waits for) run on threads of their own (virtual on Java 21 and later), never on the
 * server's; the reactive purchase runs where its {@code Mono} puts it; the shipping service runs
 * on its own connector's threads.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
class ReactiveWebConfiguration implements WebFluxConfigurer {

	@Override
	public void configureBlockingExecution(BlockingExecutionConfigurer configurer) {
		SimpleAsyncTaskExecutor executor = new SimpleAsyncTaskExecutor("blocking-handler-");
		executor.setVirtualThreads(Runtime.version().feature() >= 21);
		// as many at once as Tomcat's threads would serve; more wait for one to end
		executor.setConcurrencyLimit(200);
		configurer.setExecutor(executor);
		// the shipping service runs on its own connector's threads: a purchase calls it while it
		// holds its lock, and would wait behind the purchases that hold these threads
		configurer.setControllerMethodPredicate((method) -> !ShipmentController.class.isAssignableFrom(method.getBeanType())
				&& ReactiveAdapterRegistry.getSharedInstance().getAdapter(method.getReturnType().getParameterType()) == null);
	}

	/**
	 * Maps every failure to a JSON {@link ApiError} when WebFlux serves the app.
	 */
	@RestControllerAdvice
	static class ReactiveApiExceptionHandler {

		@ExceptionHandler(Exception.class)
		ResponseEntity<ApiError> handle(Exception ex, ServerHttpRequest request) {
			return ApiErrors.answer(ex, request.getPath().value());
		}

	}

}
