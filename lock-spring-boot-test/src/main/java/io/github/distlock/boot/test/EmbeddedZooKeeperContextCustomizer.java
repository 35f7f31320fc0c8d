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

package io.github.distlock.boot.test;

import java.util.Map;

import org.springframework.beans.factory.support.DefaultSingletonBeanRegistry;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Starts the server before the application context refreshes, registers it as the
 * {@link ZooKeeperTestServer} bean, puts its connect string first among the property sources,
 * and stops it when the context closes or fails to refresh.
 */
class EmbeddedZooKeeperContextCustomizer implements ContextCustomizer {

	static final String PROPERTY_SOURCE = "embeddedZooKeeper";

	private static final String BEAN_NAME = "zooKeeperTestServer";

	@Override
	public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration mergedConfig) {
		ZooKeeperTestServer server = ZooKeeperTestServer.start(context.getBeanFactory());
		context.getEnvironment()
			.getPropertySources()
			.addFirst(new MapPropertySource(PROPERTY_SOURCE,
					Map.of("distributed-lock.zookeeper.connect-string", server.connectString(),
							"distributed-lock.zookeeper.embedded.enabled", "false")));
		context.getBeanFactory().registerSingleton(BEAN_NAME, server);
		if (context.getBeanFactory() instanceof DefaultSingletonBeanRegistry registry) {
			// destroyed with the context's beans: when it closes, and when its refresh fails
			registry.registerDisposableBean(BEAN_NAME, server::close);
		}
		else {
			context.addApplicationListener((ApplicationListener<ContextClosedEvent>) (event) -> {
				if (event.getApplicationContext() == context) {
					server.close();
				}
			});
		}
	}

	@Override
	public boolean equals(Object other) {
		return other != null && other.getClass() == getClass();
	}

	@Override
	public int hashCode() {
		return getClass().hashCode();
	}

}
