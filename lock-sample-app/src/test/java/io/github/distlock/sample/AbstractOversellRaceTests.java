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

import java.util.HashSet;
import java.util.List;

import io.github.distlock.sample.demo.PurchaseLoad;
import io.github.distlock.sample.shipping.ShipmentRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The goods-stock race across {@value #INSTANCES} app instances sharing one database and one
 * lock service: without the lock the stock invariant breaks, with it exactly the stock is sold.
 * Subclasses give the database and the lock service (ZooKeeper or etcd).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractOversellRaceTests {

	static final int INSTANCES = 3;

	/** The flash sale of the demo: stock 100, 1500 buyers at once. */
	static final int STOCK = 100;

	static final int REQUESTS = 1500;

	static final int CONCURRENCY = REQUESTS;

	private AppInstances instances;

	private PurchaseLoad load;

	/** Starts the database and lock service this class needs, if it starts any. */
	protected void startInfrastructure() throws Exception {
	}

	protected void stopInfrastructure() throws Exception {
	}

	protected abstract String jdbcUrl();

	protected String username() {
		return "sa";
	}

	protected String password() {
		return "";
	}

	/** The arguments that point an instance at the lock service ({@link AppInstances#onZooKeeper}). */
	protected abstract List<String> lockArguments();

	/** Goods numbers of this class: distinct per class, so classes sharing a database do not mix. */
	protected abstract long goodsBase();

	@BeforeAll
	void startInstances() throws Exception {
		startInfrastructure();
		this.instances = AppInstances.start(INSTANCES, jdbcUrl(), username(), password(), lockArguments());
		this.load = new PurchaseLoad(this.instances.uris());
	}

	@AfterAll
	void stopInstances() throws Exception {
		try {
			if (this.instances != null) {
				this.instances.close();
			}
		}
		finally {
			stopInfrastructure();
		}
	}

	/** The running instances. */
	protected AppInstances instances() {
		return this.instances;
	}

	@Test
	void eachInstanceHasItsOwnLockSessionAndPort() {
		assertThat(new HashSet<>(this.instances.lockSessionIds())).hasSize(INSTANCES);
		assertThat(new HashSet<>(this.instances.uris())).hasSize(INSTANCES);
	}

	@Test
	void unlockedPurchasesLoseUpdates() throws Exception {
		long goodsNo = goodsBase() + 1;
		this.load.reset(goodsNo, STOCK);

		PurchaseLoad.Counts counts = this.load.fire("unlocked", goodsNo, "purchase-unlocked", REQUESTS, CONCURRENCY);
		PurchaseLoad.State state = this.load.state(goodsNo);
		System.out.println(getClass().getSimpleName() + ": " + counts + " -> " + state);

		assertThat(counts.other()).as("unexpected answers %s", counts.otherKinds()).isZero();
		assertThat(counts.ok() + counts.soldOut()).isEqualTo(REQUESTS);
		assertThat(state.orders()).isEqualTo(counts.ok());
		// The invariant 'orders == stock taken' is broken: concurrent buyers read the same stock and
		// overwrite each other's decrement.
		assertThat(state.lostUpdates(STOCK)).as("lost updates (orders %d, final stock %d)", state.orders(), state.stock())
			.isPositive();
	}

	@Test
	void lockedPurchasesSellExactlyTheStock() throws Exception {
		assertExactlyTheStockIsSold("locked", goodsBase() + 2, "purchase");
	}

	@Test
	void reactivePurchasesSellExactlyTheStock() throws Exception {
		assertExactlyTheStockIsSold("reactive", goodsBase() + 3, "purchase-reactive");
	}

	/**
	 * Fires the buyers at a locked endpoint: exactly the stock is sold, with one increasing
	 * fencing token per order.
	 */
	private void assertExactlyTheStockIsSold(String run, long goodsNo, String endpoint) throws Exception {
		this.load.reset(goodsNo, STOCK);

		PurchaseLoad.Counts counts = this.load.fire(run, goodsNo, endpoint, REQUESTS, CONCURRENCY);
		PurchaseLoad.State state = this.load.state(goodsNo);
		System.out.println(getClass().getSimpleName() + " (" + run + "): " + counts + " -> " + state);

		assertThat(counts.other()).as("unexpected answers %s", counts.otherKinds()).isZero();
		assertThat(counts.lockFailures()).isZero();
		assertThat(counts.ok()).isEqualTo(STOCK);
		assertThat(counts.soldOut()).isEqualTo(REQUESTS - STOCK);
		assertThat(state.orders()).isEqualTo(STOCK);
		assertThat(state.stock()).isZero();
		assertThat(state.lostUpdates(STOCK)).isZero();

		List<Long> tokens = this.instances.bean(0, GoodsStockRepository.class).fencingTokensByOrderId(goodsNo);
		assertThat(tokens).hasSize(STOCK).doesNotContainNull().doesNotHaveDuplicates().isSorted();
		// each order was shipped from inside its lock with the lock's token, and none was refused
		List<String> shipped = this.instances.bean(0, ShipmentRepository.class).tokensOf(goodsNo);
		assertThat(shipped).as("Lock-Fencing-Token of each shipment")
			.allSatisfy((header) -> assertThat(header).startsWith("stock:" + goodsNo + "="));
		assertThat(shipped.stream().map((header) -> Long.parseLong(header.substring(header.indexOf('=') + 1))))
			.containsExactlyInAnyOrderElementsOf(tokens);
	}

}
