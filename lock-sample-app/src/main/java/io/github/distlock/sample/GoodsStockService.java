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

package io.github.distlock.sample;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ThreadLocalRandom;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The purchase: read the stock, think a little, write stock - 1 and record an order.
 */
@Service
public class GoodsStockService {

	private final GoodsStockRepository repository;

	private final PurchaseProperties properties;

	public GoodsStockService(GoodsStockRepository repository, PurchaseProperties properties) {
		this.repository = repository;
		this.properties = properties;
	}

	/**
	 * The fixed purchase. The lock is acquired before the transaction begins and released after
	 * it commits (the lock advisor is ordered before the transaction advisor), so the next holder
	 * reads what this one wrote. The row is also fenced with the claim pattern: first claimed with
	 * the lock's token (refused if a later holder has claimed it), then read and written only
	 * while still claimed by that token. A holder whose lock was lost while it paused is refused
	 * before it reads, or its write is; a write-only fence would let its late write land between
	 * the next holder's read and write, and one sale would be lost.
	 * <p>
	 * The lock wait is {@code distributed-lock.default-wait-time} (30s in application.yml).
	 */
	@DistributedLock(key = "'stock:' + #goodsNo")
	@Transactional
	public Order purchase(long goodsNo) {
		AcquiredLock lock = LockContext.current();
		if (lock == null) {
			throw new IllegalStateException("purchase() must be called through its proxy, holding the lock");
		}
		return purchaseUnder(goodsNo, lock);
	}

	/**
	 * The fixed purchase, for a caller that took the {@code stock:<goodsNo>} lock itself (the
	 * race page's instances, each with a lock session of its own), in a transaction of its own,
	 * inside the lock.
	 * @param goodsNo the item
	 * @param lock the lock the caller holds
	 * @return the order
	 */
	@Transactional
	public Order purchaseHolding(long goodsNo, AcquiredLock lock) {
		return purchaseUnder(goodsNo, lock);
	}

	private Order purchaseUnder(long goodsNo, AcquiredLock lock) {
		long token = lock.fencingToken();
		boolean claimed = this.repository.claim(goodsNo, token) == 1;
		int stock = this.repository.findActiveStock(goodsNo).orElseThrow(() -> new GoodsNotFoundException(goodsNo));
		if (!claimed) {
			throw new FencedOffException(goodsNo, token);
		}
		if (stock <= 0) {
			throw new SoldOutException(goodsNo);
		}
		pause();
		if (this.repository.updateStockClaimed(goodsNo, stock - 1, token) == 0) {
			throw new FencedOffException(goodsNo, token);
		}
		Instant now = now();
		long orderId = this.repository.insertOrder(goodsNo, token, now);
		return new Order(orderId, goodsNo, token, now, stock - 1);
	}

	/**
	 * The broken purchase: the same read, pause and write with no lock, each statement in its
	 * own auto-committed transaction. Concurrent buyers read the same stock and overwrite each
	 * other's decrement: more orders than stock sold.
	 */
	public Order purchaseUnlocked(long goodsNo) {
		int stock = this.repository.findActiveStock(goodsNo).orElseThrow(() -> new GoodsNotFoundException(goodsNo));
		if (stock <= 0) {
			throw new SoldOutException(goodsNo);
		}
		pause();
		this.repository.updateStock(goodsNo, stock - 1);
		Instant now = now();
		long orderId = this.repository.insertOrder(goodsNo, null, now);
		return new Order(orderId, goodsNo, null, now, stock - 1);
	}

	/**
	 * Fills the stock up to a level, under the same lock and fence as a purchase.
	 * @param goodsNo the goods
	 * @param level the stock to fill up to
	 * @return how much was added
	 */
	@DistributedLock(key = "'stock:' + #goodsNo")
	@Transactional
	public int restock(long goodsNo, int level) {
		AcquiredLock lock = LockContext.current();
		if (lock == null) {
			throw new IllegalStateException("restock() must be called through its proxy, holding the lock");
		}
		long token = lock.fencingToken();
		if (this.repository.claim(goodsNo, token) != 1) {
			throw new FencedOffException(goodsNo, token);
		}
		int stock = this.repository.findStock(goodsNo).orElseThrow(() -> new GoodsNotFoundException(goodsNo));
		if (stock >= level) {
			return 0;
		}
		if (this.repository.updateStockClaimed(goodsNo, level, token) == 0) {
			throw new FencedOffException(goodsNo, token);
		}
		return level - stock;
	}

	@Transactional(readOnly = true)
	public StockView get(long goodsNo) {
		int stock = this.repository.findStock(goodsNo).orElseThrow(() -> new GoodsNotFoundException(goodsNo));
		return new StockView(goodsNo, stock, this.repository.countOrders(goodsNo));
	}

	@Transactional
	public StockView reset(long goodsNo, int stock, boolean active) {
		if (stock < 0) {
			throw new IllegalArgumentException("stock must not be negative, but was " + stock);
		}
		this.repository.reset(goodsNo, stock, active);
		return new StockView(goodsNo, stock, 0);
	}

	private void pause() {
		long min = this.properties.pauseMin().toNanos();
		long max = this.properties.pauseMax().toNanos();
		long nanos = (max > min) ? ThreadLocalRandom.current().nextLong(min, max + 1) : min;
		if (nanos <= 0) {
			return;
		}
		try {
			Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted during the purchase", ex);
		}
	}

	private static Instant now() {
		return Instant.now().truncatedTo(ChronoUnit.MILLIS);
	}

}
