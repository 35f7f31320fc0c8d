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

package io.github.distlock.sample.race;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.FencedOffException;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRequest;
import io.github.distlock.sample.GoodsStockService;
import io.github.distlock.sample.SoldOutException;
import org.jspecify.annotations.Nullable;

/**
 * One instance of a race: buys through its own lock client (its own session in the lock
 * service), or without a lock, and counts the answers.
 */
final class RaceInstance implements AutoCloseable {

	private static final Duration WAIT = Duration.ofSeconds(60);

	private final GoodsStockService stock;

	private final @Nullable LockOperations locks;

	private final @Nullable AutoCloseable client;

	final AtomicInteger ok = new AtomicInteger();

	final AtomicInteger soldOut = new AtomicInteger();

	final AtomicInteger lockErrors = new AtomicInteger();

	final AtomicInteger other = new AtomicInteger();

	RaceInstance(GoodsStockService stock, @Nullable LockOperations locks, @Nullable AutoCloseable client) {
		this.stock = stock;
		this.locks = locks;
		this.client = client;
	}

	void buy(long goodsNo) {
		try {
			if (this.locks != null) {
				this.locks.execute(new LockRequest("stock:" + goodsNo, LockType.MUTEX, WAIT, "RaceInstance.buy"),
						() -> this.stock.purchaseHolding(goodsNo, LockContext.current()));
			}
			else {
				this.stock.purchaseUnlocked(goodsNo);
			}
			this.ok.incrementAndGet();
		}
		catch (SoldOutException ex) {
			this.soldOut.incrementAndGet();
		}
		catch (FencedOffException ex) {
			// a holder whose lock was lost meanwhile, refused by the fence: no sale, nothing written
			this.other.incrementAndGet();
		}
		catch (DistributedLockException ex) {
			this.lockErrors.incrementAndGet();
		}
		catch (RuntimeException ex) {
			this.other.incrementAndGet();
		}
	}

	@Override
	public void close() throws Exception {
		if (this.client != null) {
			this.client.close();
		}
	}

}
