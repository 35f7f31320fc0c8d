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

import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockTemplate;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;

/**
 * Locks in memory, with lock-core alone: for unit tests of code that takes locks.
 */
class InMemoryLocking {

	void lockInMemory() {
		// tag::in-memory[]
		InMemoryLockService service = new InMemoryLockService();
		InMemoryLockBackend backend = new InMemoryLockBackend(service);
		LockEngine registry = new LockEngine(backend, new LockListener() { }, LockEngine.Options.STANDARD);
		LockOperations locks = new LockTemplate(registry);
		backend.expireSession(); // the locks it held are LOST, free for another InMemoryLockBackend
		// end::in-memory[]
	}

}
