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
package io.github.distlock.docs.api;

import java.util.concurrent.locks.Lock;

import io.github.distlock.juc.DistributedLocks;
import org.springframework.integration.support.locks.LockRegistry;

/**
 * Distributed locks as {@code java.util.concurrent.locks.Lock}s, and through Spring Integration's
 * {@code LockRegistry}.
 */
class JavaUtilConcurrentLocks {

	private final DistributedLocks distributedLocks;

	private final LockRegistry<?> lockRegistry;

	JavaUtilConcurrentLocks(DistributedLocks distributedLocks, LockRegistry<?> lockRegistry) {
		this.distributedLocks = distributedLocks;
		this.lockRegistry = lockRegistry;
	}

	void invoice(long id) {
		// tag::obtain[]
		Lock lock = distributedLocks.obtain("invoice:" + id);   // obtain(key, LockType) for another type
		lock.lock();
		try {
			send(id);
		}
		finally {
			lock.unlock();
		}
		// end::obtain[]
	}

	String invoiceThroughIntegration(long id) throws InterruptedException {
		// tag::integration[]
		String sent = lockRegistry.executeLocked("invoice:" + id, () -> send(id));   // a MUTEX on the key's toString()
		// end::integration[]
		return sent;
	}

	private String send(long id) {
		return "invoice " + id;
	}

}
