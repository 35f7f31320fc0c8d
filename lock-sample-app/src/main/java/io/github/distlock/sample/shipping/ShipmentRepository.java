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
package io.github.distlock.sample.shipping;

import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The shipments, one row per shipped order, with the fencing token header it was shipped under.
 */
@Repository
public class ShipmentRepository {

	private final JdbcClient jdbc;

	public ShipmentRepository(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Records an order's shipment once: a call sent again for the same order changes nothing. */
	void insert(long goodsNo, long orderId, @Nullable String token) {
		this.jdbc.sql("INSERT INTO shipment (goods_no, order_id, fencing_token) SELECT ?, ?, ? FROM DUAL "
				+ "WHERE NOT EXISTS (SELECT 1 FROM shipment WHERE goods_no = ? AND order_id = ?)")
			.params(goodsNo, orderId, token, goodsNo, orderId)
			.update();
	}

	/**
	 * How many orders of an item were shipped.
	 * @param goodsNo the item
	 * @return the shipments
	 */
	public long count(long goodsNo) {
		return this.jdbc.sql("SELECT COUNT(*) FROM shipment WHERE goods_no = ?").param(goodsNo).query(Long.class).single();
	}

	/**
	 * The fencing token headers an item's orders were shipped with, in order.
	 * @param goodsNo the item
	 * @return the headers ({@code null} for an unlocked purchase)
	 */
	public List<String> tokensOf(long goodsNo) {
		return this.jdbc.sql("SELECT fencing_token FROM shipment WHERE goods_no = ? ORDER BY id")
			.param(goodsNo)
			.query(String.class)
			.list();
	}

	/**
	 * Deletes an item's shipments.
	 * @param goodsNo the item
	 */
	public void deleteOf(long goodsNo) {
		this.jdbc.sql("DELETE FROM shipment WHERE goods_no = ?").param(goodsNo).update();
	}

}
