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

package io.github.distlock.core.memory;

import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.engine.LockEngine;

/**
 * Another process of the same in-memory lock service, for tests: a client of its own with an
 * engine of its own. Close it after the test.
 */
public final class InMemoryProcess implements AutoCloseable {

	private final InMemoryLockBackend backend;

	private final LockEngine engine;

	public InMemoryProcess(InMemoryLockService service) {
		this.backend = new InMemoryLockBackend(service);
		this.engine = new LockEngine(this.backend, new LockListener() {
		}, LockEngine.Options.DEFAULTS);
	}

	public LockHandle acquire(LockRequest request) {
		return this.engine.acquire(request);
	}

	@Override
	public void close() {
		this.engine.close();
		this.backend.close();
	}

}
