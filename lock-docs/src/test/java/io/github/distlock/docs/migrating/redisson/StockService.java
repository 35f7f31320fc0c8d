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
package io.github.distlock.docs.migrating.redisson;

import java.time.Duration;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRequest;

import org.springframework.stereotype.Service;

/**
 * Reservations, counts and exports under our locks: the "after" of the Redisson guide.
 */
@Service
public class StockService {

	private final LockOperations locks;

	private final Inventory inventory;

	StockService(LockOperations locks, Inventory inventory) {
		this.locks = locks;
		this.inventory = inventory;
	}

	// tag::after[]
	public void reserve(long goodsNo, int quantity) {
		LockRequest request = LockRequest.of("stock:" + goodsNo, Duration.ofSeconds(3))
			.withMaxHold(Duration.ofSeconds(30));
		try (LockHandle lock = this.locks.acquire(request)) {
			this.inventory.reserve(goodsNo, quantity, lock.fencingToken());
		}
	}
	// end::after[]

	// tag::after-read-write[]
	public int count(long goodsNo) {
		try (LockHandle read = this.locks.acquire("stock:" + goodsNo, Duration.ofSeconds(3), LockType.READ)) {
			return this.inventory.count(goodsNo);
		}
	}
	// end::after-read-write[]

	// tag::after-semaphore[]
	@DistributedLock(key = "'exports'", type = LockType.SEMAPHORE, permits = "4", waitFor = "30s")
	public void export(long batch) {
		this.inventory.export(batch);
	}
	// end::after-semaphore[]

}
