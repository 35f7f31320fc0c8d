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

import org.apache.catalina.connector.Connector;

import org.springframework.boot.tomcat.TomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The shipping service's port: a Tomcat connector of its own beside the shop's
 * ({@code sample.shipping.port}, a free one by default), with threads of its own. A purchase
 * calls the shipping service while it holds its lock; were shipping served by the shop's
 * threads, a burst of buyers waiting for the lock could take every one of them, and the holder's
 * call would wait behind them.
 */
@Component
public class ShippingPort implements WebServerFactoryCustomizer<TomcatWebServerFactory> {

	private final Connector connector = new Connector();

	public ShippingPort(Environment environment) {
		this.connector.setPort(environment.getProperty("sample.shipping.port", Integer.class, 0));
		// a connection per call: WebFlux on Tomcat was seen to fail or stall a call sent on a kept-alive
		// connection while the previous call's asynchronous completion was still under way
		this.connector.setProperty("maxKeepAliveRequests", "1");
	}

	@Override
	public void customize(TomcatWebServerFactory factory) {
		factory.addAdditionalConnectors(this.connector);
	}

	/**
	 * The port the shipping service listens on.
	 * @return the port
	 * @throws IllegalStateException before the web server started
	 */
	public int port() {
		int port = this.connector.getLocalPort();
		if (port <= 0) {
			throw new IllegalStateException("The shipping service's connector has not started");
		}
		return port;
	}

}
