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
package io.github.distlock.docs.figures;

import java.time.Duration;

import io.etcd.jetcd.Client;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.etcd.EtcdLockPathResolver;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import org.apache.curator.framework.CuratorFramework;

/**
 * A registry made in plain Java without {@code ZookeeperLockRegistry} or
 * {@code EtcdLockRegistry}: the engine over a backend (docs/upgrading.md).
 */
class RegistriesWithoutTheDeprecatedClasses {

	void onZooKeeper(CuratorFramework client) {
		// tag::zookeeper[]
		ZooKeeperLockBackend backend = new ZooKeeperLockBackend(client, new ZnodeLockPathResolver("/Locks"));
		LockEngine registry = new LockEngine(backend, new LockListener() {
		}, LockEngine.Options.STANDARD);
		// ... use the registry ...
		registry.close();
		backend.close();
		// end::zookeeper[]
	}

	void onEtcd(Client client) {
		// tag::etcd[]
		EtcdLockBackend backend = new EtcdLockBackend(client, new EtcdLockPathResolver("/Locks"), Duration.ofSeconds(30));
		backend.awaitLease(Duration.ofSeconds(10));
		LockEngine registry = new LockEngine(backend, new LockListener() {
		}, LockEngine.Options.STANDARD);
		// ... use the registry ...
		registry.close();
		backend.close();
		// end::etcd[]
	}

}
