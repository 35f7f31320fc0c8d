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

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The goods-stock API.
 */
@RestController
@RequestMapping("/goods-stock/{goodsNo}")
public class GoodsStockController {

	private final GoodsStockService service;

	private final ReactiveGoodsStockService reactiveService;

	public GoodsStockController(GoodsStockService service, ReactiveGoodsStockService reactiveService) {
		this.service = service;
		this.reactiveService = reactiveService;
	}

	/** Locked, fenced purchase: 200 order, 404, 409 sold out, 423 lock not had in time, 503 ZooKeeper down. */
	@PostMapping("/purchase")
	public Order purchase(@PathVariable long goodsNo) {
		return this.service.purchase(goodsNo);
	}

	/**
	 * The locked, fenced purchase through a reactive service: no thread waits for the lock; the
	 * same answers as {@code /purchase}.
	 */
	@PostMapping("/purchase-reactive")
	public Mono<Order> purchaseReactive(@PathVariable long goodsNo) {
		return this.reactiveService.purchase(goodsNo);
	}

	/** The same purchase without the lock: oversells under concurrency. */
	@PostMapping("/purchase-unlocked")
	public Order purchaseUnlocked(@PathVariable long goodsNo) {
		return this.service.purchaseUnlocked(goodsNo);
	}

	@GetMapping
	public StockView get(@PathVariable long goodsNo) {
		return this.service.get(goodsNo);
	}

	/** Creates or resets the item: the stock, fence 0, orders cleared. */
	@PutMapping
	public StockView reset(@PathVariable long goodsNo, @RequestParam int stock,
			@RequestParam(defaultValue = "true") boolean active) {
		return this.service.reset(goodsNo, stock, active);
	}

}
