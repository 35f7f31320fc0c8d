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

import java.time.Duration;
import java.util.Collection;
import java.util.Optional;

import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.test.zookeeper.ZooKeeperServerExtension;
import io.github.distlock.core.LockListener;
import io.github.distlock.test.contract.LockClient;
import io.github.distlock.test.contract.LockRegistryContractTests;
import io.github.distlock.test.contract.SharedCounterJob;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.ephemeralNodesUnder;
import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.expireSession;

/**
 * The contract of every lock backend, against a real ZooKeeper server: each client is a Curator
 * client (a ZooKeeper session) with a {@link ZookeeperLockRegistry} of the default options; a
 * lock is lost by expiring the session; what is left for a key is the ephemeral nodes under its
 * lock path; the separate processes run {@link ZooKeeperCounterWorker}.
 */
class ZooKeeperLockRegistryContractTests
		extends LockRegistryContractTests<ZooKeeperLockRegistryContractTests.ZooKeeperClient> {

	private static final String ROOT = "/Locks";

	private static final ZnodeLockPathResolver paths = new ZnodeLockPathResolver(ROOT);

	@RegisterExtension
	static final ZooKeeperServerExtension zookeeper = new ZooKeeperServerExtension();

	/** Reads what the server holds, outside the clients under test. */
	private CuratorFramework observer;

	@BeforeEach
	void connectObserver() throws Exception {
		this.observer = connectedClient(zookeeper.connectString());
	}

	@AfterEach
	void closeObserver() {
		this.observer.close();
	}

	@Override
	protected ZooKeeperClient newClient(LockListener listener) throws Exception {
		return newClient(listener, ZookeeperLockRegistry.Options.DEFAULTS);
	}

	@Override
	protected Optional<ZooKeeperClient> newHandingOffClient(LockListener listener) throws Exception {
		return Optional.of(newClient(listener, new ZookeeperLockRegistry.Options(false, true, 8, Duration.ofMinutes(1))));
	}

	private static ZooKeeperClient newClient(LockListener listener, ZookeeperLockRegistry.Options options)
			throws Exception {
		CuratorFramework curator = connectedClient(zookeeper.connectString());
		ZookeeperLockRegistry registry = new ZookeeperLockRegistry(curator, paths, listener, options);
		return new ZooKeeperClient(curator, registry, registry::close);
	}

	/** The engine over a backend, as the auto-configuration makes them, with caching on. */
	@Override
	protected Optional<ZooKeeperClient> newCachingClient(LockListener listener, Duration idleTime) throws Exception {
		CuratorFramework curator = connectedClient(zookeeper.connectString());
		ZooKeeperLockBackend backend = new ZooKeeperLockBackend(curator, paths);
		LockEngine engine = new LockEngine(backend, listener,
				LockEngine.Options.STANDARD.withCaching(LockEngine.Caching.of(idleTime, 100)));
		return Optional.of(new ZooKeeperClient(curator, engine, () -> {
			engine.close();
			backend.close();
		}));
	}

	@Override
	protected void loseLocks(ZooKeeperClient client) throws Exception {
		expireSession(client.curator());
	}

	@Override
	protected Collection<String> entriesOf(String key) throws Exception {
		return ephemeralNodesUnder(this.observer, paths.resolve(key));
	}

	@Override
	protected Optional<Process> startContenderProcess(SharedCounterJob job) throws Exception {
		return Optional.of(job.javaProcess(ZooKeeperCounterWorker.class, zookeeper.connectString(), ROOT).start());
	}

	record ZooKeeperClient(CuratorFramework curator, LockRegistry registry, AutoCloseable registryCloser)
			implements LockClient {

		@Override
		public void close() throws Exception {
			this.registryCloser.close();
			this.curator.close();
		}

	}

}
