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

package io.github.distlock.test.etcd;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An {@link EtcdServer} for a test class: started before its first test, stopped (its data
 * deleted) after its last; its {@code @Nested} classes, to which JUnit applies the extension
 * too, use the same server. Without an etcd binary the class is skipped with a message.
 *
 * @since 0.1.0
 */
public final class EtcdServerExtension implements BeforeAllCallback, AfterAllCallback {

	private EtcdServer server;

	/** The unique id of the class that started the server, which stops it. */
	private String startedBy;

	@Override
	public void beforeAll(ExtensionContext context) throws Exception {
		if (this.server != null) {
			return; // a @Nested class of the class that started it
		}
		Assumptions.assumeTrue(EtcdServer.isAvailable(), "etcd not found at " + EtcdServer.binary()
				+ " (apt-get install etcd-server, or set ETCD_BIN): etcd tests skipped");
		this.server = EtcdServer.start();
		this.startedBy = context.getUniqueId();
	}

	@Override
	public void afterAll(ExtensionContext context) throws Exception {
		if (this.server != null && context.getUniqueId().equals(this.startedBy)) {
			this.server.close();
			this.server = null;
			this.startedBy = null;
		}
	}

	/**
	 * The server's client URL.
	 * @return the endpoint
	 */
	public String endpoint() {
		return server().endpoint();
	}

	/**
	 * Stops the server process (SIGSTOP) and returns once all its threads have stopped: it keeps
	 * its connections but answers nothing.
	 * @throws Exception if it cannot be signalled
	 */
	public void pause() throws Exception {
		server().pause();
	}

	/**
	 * Lets a paused server process go on (SIGCONT).
	 * @throws Exception if it cannot be signalled
	 */
	public void resume() throws Exception {
		if (this.server != null) {
			this.server.resume();
		}
	}

	/**
	 * Kills the server process (SIGKILL); its data stays for {@link #restart()}.
	 * @throws Exception if it cannot be killed
	 */
	public void kill() throws Exception {
		server().kill();
	}

	/**
	 * Starts a killed server again on its data and port.
	 * @throws Exception if it cannot be started
	 */
	public void restart() throws Exception {
		server().restart();
	}

	private EtcdServer server() {
		if (this.server == null) {
			throw new IllegalStateException("The etcd server is not running: register the extension statically");
		}
		return this.server;
	}

}
