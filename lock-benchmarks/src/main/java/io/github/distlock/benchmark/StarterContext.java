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

package io.github.distlock.benchmark;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.distlock.core.LockOperations;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One Spring application context with the starter's auto-configuration, as in an application
 * (it builds its own client), and what the runs take from it: its {@link LockOperations} and the
 * bean with the annotated method. A process of the runs has one, and a second one with lock
 * caching on ({@link #cachedVariant}) when the cached implementation is selected.
 */
final class StarterContext implements AutoCloseable {

	/** The starter's switch for lock caching. */
	static final String CACHE_ENABLED = "distributed-lock.cache.enabled";

	/** Appended to the root path of the context with lock caching on, so that it locks apart. */
	static final String CACHED_ROOT_SUFFIX = "-cached";

	private final ConfigurableApplicationContext context;

	private final LockOperations operations;

	private final LockedMethods lockedMethods;

	private StarterContext(ConfigurableApplicationContext context) {
		this.context = context;
		this.operations = context.getBean(LockOperations.class);
		this.lockedMethods = context.getBean(LockedMethods.class);
	}

	/**
	 * Starts a context.
	 * @param properties its properties (the backend's, the root path, the wait time)
	 * @return the running context
	 */
	static StarterContext start(Map<String, Object> properties) {
		ConfigurableApplicationContext context = new SpringApplicationBuilder(BenchmarkApplication.class)
			.web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.properties(properties)
			.run();
		try {
			return new StarterContext(context);
		}
		catch (RuntimeException ex) {
			context.close();
			throw ex;
		}
	}

	/**
	 * The properties of the context with lock caching on: the same as another one's, but with
	 * {@value #CACHE_ENABLED}{@code =true} and its root path suffixed with
	 * {@value #CACHED_ROOT_SUFFIX}, so that its locks are not the other context's.
	 * @param properties the other context's properties
	 * @param rootPathProperty the backend's root path property
	 * @return the properties with caching on
	 */
	static Map<String, Object> cachedVariant(Map<String, Object> properties, String rootPathProperty) {
		Map<String, Object> cached = new LinkedHashMap<>(properties);
		cached.put(rootPathProperty, properties.get(rootPathProperty) + CACHED_ROOT_SUFFIX);
		cached.put(CACHE_ENABLED, "true");
		return cached;
	}

	/**
	 * A contender that runs the critical section through {@link LockOperations#execute}, on
	 * {@code ops:KEY}.
	 * @return the contender
	 */
	Contender operationsContender() {
		return (key, criticalSection) -> this.operations.execute("ops:" + key, LockClients.WAIT, () -> {
			criticalSection.run();
			return null;
		});
	}

	/**
	 * A contender that calls the annotated method through its proxy.
	 * @return the contender
	 */
	Contender annotatedContender() {
		return this.lockedMethods::cycle;
	}

	ConfigurableApplicationContext context() {
		return this.context;
	}

	LockOperations operations() {
		return this.operations;
	}

	/** Closes the context: its client, and with lock caching the locks it keeps. */
	@Override
	public void close() {
		this.context.close();
	}

}
