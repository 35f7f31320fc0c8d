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
package io.github.distlock.docs.migrating.curator;

import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreV2;
import org.apache.curator.framework.recipes.locks.Lease;

import org.springframework.stereotype.Service;

/**
 * Reservations, counts and exports under Curator's recipes: the "before" of the Curator guide.
 */
@Service
public class CuratorStockService {

	private final CuratorFramework curator;

	private final Inventory inventory;

	CuratorStockService(CuratorFramework curator, Inventory inventory) {
		this.curator = curator;
		this.inventory = inventory;
	}

	// tag::before[]
	public void reserve(long goodsNo, int quantity) throws Exception {
		InterProcessMutex mutex = new InterProcessMutex(this.curator, "/locks/stock:" + goodsNo);
		if (!mutex.acquire(3, TimeUnit.SECONDS)) {
			throw new IllegalStateException("stock:" + goodsNo + " is busy");
		}
		try {
			this.inventory.reserve(goodsNo, quantity);
		}
		finally {
			mutex.release();
		}
	}
	// end::before[]

	// tag::before-read-write[]
	public int count(long goodsNo) throws Exception {
		InterProcessReadWriteLock readWrite = new InterProcessReadWriteLock(this.curator, "/locks/stock:" + goodsNo);
		if (!readWrite.readLock().acquire(3, TimeUnit.SECONDS)) {
			throw new IllegalStateException("stock:" + goodsNo + " is being written");
		}
		try {
			return this.inventory.count(goodsNo);
		}
		finally {
			readWrite.readLock().release();
		}
	}
	// end::before-read-write[]

	// tag::before-semaphore[]
	public void export(long batch) throws Exception {
		InterProcessSemaphoreV2 exports = new InterProcessSemaphoreV2(this.curator, "/locks/exports/semaphore", 4);
		Lease lease = exports.acquire(30, TimeUnit.SECONDS);
		if (lease == null) {
			throw new IllegalStateException("4 exports are running");
		}
		try {
			this.inventory.export(batch);
		}
		finally {
			exports.returnLease(lease);
		}
	}
	// end::before-semaphore[]

}
