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

package io.github.distlock.test.zookeeper;

import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real ZooKeeper server (Curator's {@link TestingServer}) for the tests of one class:
 * {@code @RegisterExtension static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();}
 * Its {@code @Nested} classes, to which JUnit applies the extension too, use the same server.
 *
 * @since 0.1.0
 */
public final class ZooKeeperServerExtension implements BeforeAllCallback, AfterAllCallback {

	private TestingServer server;

	/** The unique id of the class that started the server, which stops it. */
	private String startedBy;

	@Override
	public void beforeAll(ExtensionContext context) throws Exception {
		if (this.startedBy != null) {
			return; // a @Nested class of the class that started it
		}
		this.server = new TestingServer(true);
		this.startedBy = context.getUniqueId();
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		if (context.getUniqueId().equals(this.startedBy)) {
			this.server.close();
			this.startedBy = null;
		}
	}

	/**
	 * The server's connect string.
	 * @return the connect string
	 */
	public String connectString() {
		return this.server.getConnectString();
	}

	/**
	 * The server, to stop or restart it.
	 * @return the server
	 */
	public TestingServer server() {
		return this.server;
	}

}
