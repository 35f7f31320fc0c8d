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
package io.github.distlock.zookeeper;

import io.github.distlock.core.LockListener;
import io.github.distlock.core.engine.LockEngine;
import org.apache.curator.framework.CuratorFramework;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;

/**
 * A process of a test: a lock engine over a ZooKeeper session of its own, with the standard
 * options and lock paths under {@code /Locks}.
 */
record EngineProcess(CuratorFramework client, ZooKeeperLockBackend backend, LockEngine engine) implements AutoCloseable {

	static EngineProcess start(String connectString) throws Exception {
		CuratorFramework client = connectedClient(connectString);
		ZooKeeperLockBackend backend = new ZooKeeperLockBackend(client, new ZnodeLockPathResolver("/Locks"));
		return new EngineProcess(client, backend, new LockEngine(backend, new LockListener() {
		}, LockEngine.Options.STANDARD));
	}

	@Override
	public void close() {
		this.engine.close();
		this.backend.close();
		this.client.close();
	}

}
