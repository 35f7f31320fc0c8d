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
package io.github.distlock.docs.backends;

import java.time.Duration;

import io.etcd.jetcd.Client;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.etcd.EtcdLockPathResolver;
import io.github.distlock.zookeeper.CuratorClientFactory;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import org.apache.curator.framework.CuratorFramework;

/**
 * Each backend without Spring Boot: the client, the backend and the engine over it.
 */
class WithoutSpringBoot {

	void zookeeper() throws InterruptedException {
		// tag::zookeeper[]
		CuratorFramework client = new CuratorClientFactory("zk1:2181,zk2:2181,zk3:2181")
			.sessionTimeout(Duration.ofSeconds(30))
			.start(); // connected, or LockBackendException after the connection timeout
		ZooKeeperLockBackend backend = new ZooKeeperLockBackend(client, new ZnodeLockPathResolver("/Locks"));
		backend.verifyServer(); // refuses a server older than 3.5
		LockEngine registry = new LockEngine(backend, new LockListener() { }, LockEngine.Options.STANDARD);
		LockOperations locks = new LockTemplate(registry);

		locks.execute("nightly-report", Duration.ofSeconds(5), () -> runReport());

		// on shutdown: the engine, then the backend, then the client
		registry.close();
		backend.close();
		client.close();
		// end::zookeeper[]
	}

	void etcd() {
		// tag::etcd[]
		Client client = Client.builder().endpoints("http://etcd1:2379", "http://etcd2:2379").build();
		EtcdLockBackend backend = new EtcdLockBackend(client, new EtcdLockPathResolver("/Locks"),
				Duration.ofSeconds(30)); // the lease's time to live
		backend.awaitLease(Duration.ofSeconds(10)); // LockBackendException if etcd grants no lease in time
		LockEngine registry = new LockEngine(backend, new LockListener() { }, LockEngine.Options.STANDARD);
		LockOperations locks = new LockTemplate(registry);

		locks.execute("nightly-report", Duration.ofSeconds(5), () -> runReport());

		// on shutdown: the engine, then the backend (which revokes the lease), then the client
		registry.close();
		backend.close();
		client.close();
		// end::etcd[]
	}

	private String runReport() {
		return "done";
	}

}
