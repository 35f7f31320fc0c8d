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

package io.github.distlock.test.memory;

import java.time.Duration;
import java.util.Collection;
import java.util.Optional;

import io.github.distlock.core.LockListener;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.test.contract.LockClient;
import io.github.distlock.test.contract.LockRegistryContractTests;
import io.github.distlock.core.memory.InMemoryLockService;

/**
 * The contract of every lock backend, against the in-memory one: each client is a registry with
 * a session of its own on one service per test. No separate processes: the service lives in
 * this JVM.
 */
class InMemoryLockRegistryContractTests extends LockRegistryContractTests<InMemoryLockRegistryContractTests.InMemoryClient> {

	private final InMemoryLockService service = new InMemoryLockService();

	@Override
	protected InMemoryClient newClient(LockListener listener) {
		return new InMemoryClient(new InMemoryLockRegistry(this.service, listener));
	}

	@Override
	protected Optional<InMemoryClient> newCachingClient(LockListener listener, Duration idleTime) {
		return Optional.of(new InMemoryClient(new InMemoryLockRegistry(this.service, listener,
				LockEngine.Options.DEFAULTS.withCaching(LockEngine.Caching.of(idleTime, 100)))));
	}

	@Override
	protected void loseLocks(InMemoryClient client) {
		client.registry().expireSession();
	}

	@Override
	protected Collection<String> entriesOf(String key) {
		return this.service.entriesOf(key);
	}

	record InMemoryClient(InMemoryLockRegistry registry) implements LockClient {

		@Override
		public void close() {
			this.registry.close();
		}

	}

}
