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

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.reactive.ReactiveLockContext;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The fixed purchase for a reactive caller: the same lock, fence and transaction as
 * {@link GoodsStockService#purchase(long)}, with no thread waiting for the lock. The lock is
 * held from the subscription until the returned {@code Mono} completes; the JDBC work, which
 * blocks, runs on Reactor's bounded elastic scheduler, in a transaction of its own inside the
 * lock that claims the key's fence first ({@link GoodsStockService#purchaseHolding}: a reactive
 * method cannot be {@code fenced = true}, its work finishing after it returns).
 */
@Service
public class ReactiveGoodsStockService {

	private final GoodsStockService purchases;

	public ReactiveGoodsStockService(GoodsStockService purchases) {
		this.purchases = purchases;
	}

	/**
	 * Purchases one item.
	 * @param goodsNo the item
	 * @return the order, once the lock is released
	 */
	@DistributedLock(key = "'stock:' + #goodsNo")
	public Mono<Order> purchase(long goodsNo) {
		return ReactiveLockContext.current()
			.switchIfEmpty(Mono.error(() -> new IllegalStateException(
					"purchase() must be called through its proxy, holding the lock")))
			.publishOn(Schedulers.boundedElastic())
			.map((lock) -> this.purchases.purchaseHolding(goodsNo, lock));
	}

}
