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

package io.github.distlock.sample.race;

import java.util.concurrent.TimeUnit;

import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The lock clients of a race's instances. On ZooKeeper each instance gets a client of its own,
 * with its own session on the application's ensemble and lock paths, as a separate process has;
 * on another backend the instances share the application's.
 */
@Component
class RaceLockClients {

	private final ObjectProvider<CuratorFramework> curator;

	private final ObjectProvider<LockPathResolver> paths;

	private final LockOperations applicationLocks;

	RaceLockClients(ObjectProvider<CuratorFramework> curator, ObjectProvider<LockPathResolver> paths,
			LockOperations applicationLocks) {
		this.curator = curator;
		this.paths = paths;
		this.applicationLocks = applicationLocks;
	}

	/**
	 * A lock client for one instance.
	 */
	Client newClient() throws InterruptedException {
		CuratorFramework application = this.curator.getIfAvailable();
		LockPathResolver resolver = this.paths.getIfAvailable();
		if (application == null || resolver == null) {
			return new Client(this.applicationLocks, null);
		}
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(application.getZookeeperClient().getCurrentConnectionString())
			.namespace(application.getNamespace().isEmpty() ? null : application.getNamespace())
			.retryPolicy(new ExponentialBackoffRetry(500, 3))
			.build();
		client.start();
		if (!client.blockUntilConnected(10, TimeUnit.SECONDS)) {
			client.close();
			throw new IllegalStateException("A race instance could not connect to ZooKeeper");
		}
		ZooKeeperLockBackend backend = new ZooKeeperLockBackend(client, resolver);
		LockEngine engine = new LockEngine(backend, new LockListener() {
		}, LockEngine.Options.STANDARD);
		return new Client(new LockTemplate(engine), () -> {
			engine.close();
			backend.close();
			client.close();
		});
	}

	/**
	 * An instance's locks, and what to close after the race.
	 */
	record Client(LockOperations locks, @Nullable AutoCloseable closeable) {
	}

}
