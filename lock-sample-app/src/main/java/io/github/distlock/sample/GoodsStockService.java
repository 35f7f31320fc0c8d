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
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.fencing.JdbcFences;
import io.github.distlock.fencing.http.FencingTokenHighWaterMarks;
import io.github.distlock.sample.shipping.ShipmentRepository;
import io.github.distlock.sample.shipping.ShippingClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The purchase: read the stock, think a little, write stock - 1 and record an order.
 */
@Service
public class GoodsStockService {

	private final GoodsStockRepository repository;

	private final PurchaseProperties properties;

	private final JdbcFences fences;

	private final TransactionTemplate transactions;

	private final ShippingClient shipping;

	private final ShipmentRepository shipments;

	private final ObjectProvider<FencingTokenHighWaterMarks> shippingMarks;

	public GoodsStockService(GoodsStockRepository repository, PurchaseProperties properties, JdbcFences fences,
			PlatformTransactionManager transactionManager, ShippingClient shipping, ShipmentRepository shipments,
			ObjectProvider<FencingTokenHighWaterMarks> shippingMarks) {
		this.repository = repository;
		this.properties = properties;
		this.fences = fences;
		this.transactions = new TransactionTemplate(transactionManager);
		this.shipping = shipping;
		this.shipments = shipments;
		this.shippingMarks = shippingMarks;
	}

	/**
	 * The fixed purchase. The lock is acquired before the transaction begins and released after
	 * it commits (the lock advisor is ordered before the transaction advisor), so the next holder
	 * reads what this one wrote. {@code fenced = true} makes the transaction claim the key's fence
	 * with the lock's token before the method runs, holding the fence row's lock to the commit: a
	 * holder whose lock was lost while it paused is refused before it reads
	 * ({@code FencedOffException}, answered 409), or it finishes before the newer holder reads.
	 * The stock row itself is written through {@code FencedJdbc}, which refuses a write over a
	 * newer holder's. The order is then shipped by the shipping service over HTTP, with the lock's
	 * token in the request, which the service refuses (409) once a newer holder has shipped: the
	 * purchase then rolls back with {@code FencedOffException}.
	 * <p>
	 * The lock wait is {@code distributed-lock.default-wait-time} (30s in application.yml).
	 */
	@DistributedLock(key = "'stock:' + #goodsNo", fenced = true)
	@Transactional
	public Order purchase(long goodsNo) {
		return purchaseUnder(goodsNo, heldLock("purchase"));
	}

	/**
	 * The fixed purchase, for a caller that took the {@code stock:<goodsNo>} lock itself (the
	 * race page's instances, each with a lock session of its own; the reactive purchase), fenced
	 * as {@link #purchase} is: in a transaction of its own, inside the lock, that first claims the
	 * key's fence with the lock's token.
	 * @param goodsNo the item
	 * @param lock the lock the caller holds
	 * @return the order
	 */
	public Order purchaseHolding(long goodsNo, AcquiredLock lock) {
		// the key's fence row made before the transaction, as a fenced method's call does
		this.fences.prepare(List.of(lock.key()));
		return this.transactions.execute((status) -> {
			this.fences.claim(lock.key(), lock.fencingToken());
			return purchaseUnder(goodsNo, lock);
		});
	}

	private Order purchaseUnder(long goodsNo, AcquiredLock lock) {
		int stock = this.repository.findActiveStock(goodsNo).orElseThrow(() -> new GoodsNotFoundException(goodsNo));
		if (stock <= 0) {
			throw new SoldOutException(goodsNo);
		}
		pause();
		if (this.repository.updateStockFenced(lock, goodsNo, stock - 1) == 0) {
			throw new GoodsNotFoundException(goodsNo);
		}
		Instant now = now();
		long orderId = this.repository.insertOrder(goodsNo, lock.fencingToken(), now);
		this.shipping.ship(goodsNo, orderId, lock);
		return new Order(orderId, goodsNo, lock.fencingToken(), now, stock - 1);
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
	@DistributedLock(key = "'stock:' + #goodsNo", fenced = true)
	@Transactional
	public int restock(long goodsNo, int level) {
		heldLock("restock");
		int stock = this.repository.findStock(goodsNo).orElseThrow(() -> new GoodsNotFoundException(goodsNo));
		if (stock >= level) {
			return 0;
		}
		if (this.repository.fillStockFenced(goodsNo, level) == 0) {
			throw new GoodsNotFoundException(goodsNo);
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
		// lock tokens start over with a new lock service (a test's fresh server): the item's fence too
		this.fences.forget("stock:" + goodsNo);
		this.shippingMarks.ifAvailable((marks) -> marks.forget("stock:" + goodsNo));
		this.shipments.deleteOf(goodsNo);
		return new StockView(goodsNo, stock, 0);
	}

	private static AcquiredLock heldLock(String method) {
		AcquiredLock lock = LockContext.current();
		if (lock == null) {
			throw new IllegalStateException(method + "() must be called through its proxy, holding the lock");
		}
		return lock;
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
