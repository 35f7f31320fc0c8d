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

package io.github.distlock.etcd;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.etcd.jetcd.Client;
import io.github.distlock.core.LockListener;

/**
 * Registries of a test, each with a jetcd client of its own (as a separate process has), all
 * closed, last made first, when the test ends.
 */
final class TestRegistries implements AutoCloseable {

	static final LockListener NO_LISTENER = new LockListener() {
	};

	private final String rootPath;

	private final List<AutoCloseable> closeables = new ArrayList<>();

	TestRegistries(String rootPath) {
		this.rootPath = rootPath;
	}

	/**
	 * A registry on its own client.
	 * @param endpoints the etcd members
	 * @param ttl the registry's lease time to live
	 * @param listener told of its locks' state changes
	 */
	EtcdLockRegistry registry(List<String> endpoints, Duration ttl, LockListener listener) {
		return registry(endpoints, ttl, listener, true);
	}

	/**
	 * A registry on its own client, with or without the local queue.
	 */
	EtcdLockRegistry registry(List<String> endpoints, Duration ttl, LockListener listener, boolean localQueue) {
		return registry(endpoints, ttl, listener, new EtcdLockRegistry.Options(ttl, false, localQueue));
	}

	/**
	 * A registry on its own client, with the given options.
	 */
	EtcdLockRegistry registry(List<String> endpoints, Duration ttl, LockListener listener,
			EtcdLockRegistry.Options options) {
		Client client = Client.builder()
			.endpoints(endpoints.toArray(String[]::new))
			.connectTimeout(Duration.ofMillis(500))
			.build();
		this.closeables.add(client);
		EtcdLockRegistry registry = new EtcdLockRegistry(client, new EtcdLockPathResolver(this.rootPath), listener,
				options);
		this.closeables.add(registry);
		return registry;
	}

	@Override
	public void close() throws Exception {
		for (int i = this.closeables.size() - 1; i >= 0; i--) {
			this.closeables.get(i).close();
		}
		this.closeables.clear();
	}

}
