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

import java.util.concurrent.CompletableFuture;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LeaderOnly;
import io.github.distlock.reactive.ReactiveLockContext;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.stereotype.Service;

/**
 * Annotated methods whose work goes on after they return: a {@code CompletionStage}, a
 * {@code Mono}, a {@code Flux}.
 */
@Service
public class AsyncPurchases {

	private final Inventory inventory;

	private final ReactiveOrders orders;

	private final Exporter exporter;

	private final JdbcOrders jdbc;

	AsyncPurchases(Inventory inventory, ReactiveOrders orders, Exporter exporter, JdbcOrders jdbc) {
		this.inventory = inventory;
		this.orders = orders;
		this.exporter = exporter;
		this.jdbc = jdbc;
	}

	// tag::methods[]
	@DistributedLock(key = "'stock:' + #goodsNo", waitFor = "3s")
	public CompletableFuture<Order> purchaseLater(long goodsNo) {          // or any CompletionStage
		return inventory.reserveAsync(goodsNo).thenCompose(this::placeOrder);
	}

	@DistributedLock(key = "'stock:' + #goodsNo", waitFor = "3s")
	public Mono<Order> purchase(long goodsNo) {
		return ReactiveLockContext.current()                               // the held lock, from the Reactor Context
			.flatMap((lock) -> orders.save(goodsNo, lock.fencingToken()));
	}

	@DistributedLock(key = "'export'")
	public Flux<Row> export() {                                            // held until the Flux completes
		return exporter.rows();
	}
	// end::methods[]

	// tag::blocking[]
	@DistributedLock(key = "'stock:' + #goodsNo", waitFor = "3s")
	public Mono<Order> purchaseOnJdbc(long goodsNo) {
		return ReactiveLockContext.current()
			.flatMap((lock) -> Mono.fromCallable(() -> jdbc.save(goodsNo, lock.fencingToken()))
				.subscribeOn(Schedulers.boundedElastic()));                // blocking work off the lock's threads
	}
	// end::blocking[]

	// tag::leader-only[]
	@LeaderOnly("exports")
	public Flux<Row> exportAsLeader() {             // empty where this process does not lead
		return exporter.rows();                     // cancelled when the term ends first
	}
	// end::leader-only[]

	private CompletableFuture<Order> placeOrder(long goodsNo) {
		return CompletableFuture.completedFuture(new Order(1, goodsNo, 0));
	}

	/** A stand-in for a non-blocking inventory service. */
	interface Inventory {

		CompletableFuture<Long> reserveAsync(long goodsNo);

	}

	/** A stand-in for a reactive repository. */
	interface ReactiveOrders {

		Mono<Order> save(long goodsNo, long fencingToken);

	}

	/** A stand-in for a blocking (JDBC) repository. */
	interface JdbcOrders {

		Order save(long goodsNo, long fencingToken);

	}

	/** A stand-in for a streaming export. */
	interface Exporter {

		Flux<Row> rows();

	}

}
