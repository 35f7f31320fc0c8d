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

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import io.github.distlock.core.AsyncLockHandle;
import io.github.distlock.core.AsyncLockOperations;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.MultiLockRequest;
import io.github.distlock.reactive.ReactiveLockOperations;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code AsyncLockOperations} and {@code ReactiveLockOperations}, as beans of the starter.
 */
class AsyncProgrammaticLocking {

	private final AsyncLockOperations asyncLocks;

	private final ReactiveLockOperations reactiveLocks;

	private final AsyncPurchases.ReactiveOrders orders;

	private final AsyncPurchases.Exporter exporter;

	AsyncProgrammaticLocking(AsyncLockOperations asyncLocks, ReactiveLockOperations reactiveLocks,
			AsyncPurchases.ReactiveOrders orders, AsyncPurchases.Exporter exporter) {
		this.asyncLocks = asyncLocks;
		this.reactiveLocks = reactiveLocks;
		this.orders = orders;
		this.exporter = exporter;
	}

	CompletableFuture<Order> purchaseLater(long goodsNo) {
		// tag::execute-async[]
		CompletableFuture<Order> order = asyncLocks.executeAsync("stock:" + goodsNo, Duration.ofSeconds(3),
				(lock) -> placeOrderAsync(goodsNo, lock.fencingToken()));
		// end::execute-async[]
		return order;
	}

	Mono<Order> purchase(long goodsNo) {
		// tag::with-lock[]
		Mono<Order> order = reactiveLocks.withLock(LockRequest.of("stock:" + goodsNo, Duration.ofSeconds(3)),
				(lock) -> orders.save(goodsNo, lock.fencingToken()));
		Flux<Row> rows = reactiveLocks.withLockMany(LockRequest.of("export", Duration.ZERO), (lock) -> exporter.rows());
		// end::with-lock[]
		return order;
	}

	Mono<Order> purchaseByHand(long goodsNo) {
		// tag::acquire[]
		LockRequest request = LockRequest.of("stock:" + goodsNo, Duration.ofSeconds(3));
		Mono<AsyncLockHandle> handle = reactiveLocks.acquire(request);      // the subscriber closes it
		Mono<Order> order = Mono.usingWhen(handle,
				(lock) -> orders.save(goodsNo, lock.fencingToken()),
				(lock) -> Mono.fromRunnable(lock::close));
		// end::acquire[]
		return order;
	}

	CompletableFuture<Void> move(long from, long to, BigDecimal amount, List<String> keys) {
		// tag::several-keys[]
		// several keys, all or none, in key order
		CompletableFuture<Void> moved = asyncLocks.executeAllAsync(
				MultiLockRequest.of(List.of("account:" + from, "account:" + to), Duration.ofSeconds(3)),
				(locks) -> transferAsync(from, to, amount));
		Flux<Row> both = reactiveLocks.withLockAll(MultiLockRequest.of(keys, Duration.ofSeconds(3)), (locks) -> rows(keys));
		// end::several-keys[]
		return moved;
	}

	private CompletableFuture<Order> placeOrderAsync(long goodsNo, long fencingToken) {
		return CompletableFuture.completedFuture(new Order(1, goodsNo, fencingToken));
	}

	private CompletableFuture<Void> transferAsync(long from, long to, BigDecimal amount) {
		return CompletableFuture.completedFuture(null);
	}

	private Flux<Row> rows(List<String> keys) {
		return Flux.fromIterable(keys).map((key) -> new Row(0, key));
	}

}
