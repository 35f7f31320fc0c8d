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

import java.util.concurrent.TimeUnit;

import org.redisson.api.RLock;
import org.redisson.api.RReadWriteLock;
import org.redisson.api.RSemaphore;
import org.redisson.api.RedissonClient;

import org.springframework.stereotype.Service;

/**
 * Reservations, counts and exports under Redisson's locks: the "before" of the Redisson guide.
 */
@Service
public class RedissonStockService {

	private final RedissonClient redisson;

	private final Inventory inventory;

	RedissonStockService(RedissonClient redisson, Inventory inventory) {
		this.redisson = redisson;
		this.inventory = inventory;
	}

	// tag::before[]
	public void reserve(long goodsNo, int quantity) throws InterruptedException {
		RLock lock = this.redisson.getLock("stock:" + goodsNo);
		if (!lock.tryLock(3, 30, TimeUnit.SECONDS)) {      // wait 3 s, lease 30 s
			throw new IllegalStateException("stock:" + goodsNo + " is busy");
		}
		try {
			this.inventory.reserve(goodsNo, quantity);
		}
		finally {
			lock.unlock();
		}
	}
	// end::before[]

	// tag::before-read-write[]
	public int count(long goodsNo) throws InterruptedException {
		RReadWriteLock readWrite = this.redisson.getReadWriteLock("stock:" + goodsNo);
		RLock read = readWrite.readLock();
		if (!read.tryLock(3, TimeUnit.SECONDS)) {
			throw new IllegalStateException("stock:" + goodsNo + " is being written");
		}
		try {
			return this.inventory.count(goodsNo);
		}
		finally {
			read.unlock();
		}
	}
	// end::before-read-write[]

	// tag::before-semaphore[]
	public void export(long batch) throws InterruptedException {
		RSemaphore exports = this.redisson.getSemaphore("exports");
		exports.trySetPermits(4);
		if (!exports.tryAcquire(30, TimeUnit.SECONDS)) {
			throw new IllegalStateException("4 exports are running");
		}
		try {
			this.inventory.export(batch);
		}
		finally {
			exports.release();
		}
	}
	// end::before-semaphore[]

}
