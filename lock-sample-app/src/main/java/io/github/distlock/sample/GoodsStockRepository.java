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

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.fencing.FencedJdbc;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/**
 * Plain JDBC access to {@code goods_stock} and {@code goods_order}; the locked writes of the stock
 * go through {@link FencedJdbc}, guarded by the row's {@code fence} column.
 */
@Repository
public class GoodsStockRepository {

	private final JdbcClient jdbc;

	private final FencedJdbc fencedJdbc;

	public GoodsStockRepository(JdbcClient jdbc, FencedJdbc fencedJdbc) {
		this.jdbc = jdbc;
		this.fencedJdbc = fencedJdbc;
	}

	public Optional<Integer> findActiveStock(long goodsNo) {
		return this.jdbc.sql("SELECT stock FROM goods_stock WHERE goods_no = ? AND is_active = TRUE")
			.param(goodsNo)
			.query(Integer.class)
			.optional();
	}

	public Optional<Integer> findStock(long goodsNo) {
		return this.jdbc.sql("SELECT stock FROM goods_stock WHERE goods_no = ?")
			.param(goodsNo)
			.query(Integer.class)
			.optional();
	}

	/**
	 * Writes the stock for a lock holder, refused with {@code FencedOffException} if a holder
	 * with a greater token has written the row since.
	 * @return the number of rows written: 0 when there is no such row
	 */
	public int updateStockFenced(AcquiredLock lock, long goodsNo, int stock) {
		return this.fencedJdbc.update(lock, "UPDATE goods_stock SET stock = ? WHERE goods_no = ?", stock, goodsNo);
	}

	/**
	 * Writes the stock for the holder of the lock the calling thread holds, as
	 * {@link #updateStockFenced} does.
	 * @return the number of rows written: 0 when there is no such row
	 */
	public int fillStockFenced(long goodsNo, int stock) {
		return this.fencedJdbc.update("UPDATE goods_stock SET stock = ? WHERE goods_no = ?", stock, goodsNo);
	}

	/**
	 * Writes the stock unconditionally: what the unlocked purchase does.
	 */
	public int updateStock(long goodsNo, int stock) {
		return this.jdbc.sql("UPDATE goods_stock SET stock = ? WHERE goods_no = ?").params(stock, goodsNo).update();
	}

	public long insertOrder(long goodsNo, Long fencingToken, Instant createdAt) {
		KeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.sql("INSERT INTO goods_order (goods_no, fencing_token, created_at) VALUES (?, ?, ?)")
			.params(goodsNo, fencingToken, Timestamp.from(createdAt))
			.update(keys, "id");
		return keys.getKeyAs(Number.class).longValue();
	}

	public long countOrders(long goodsNo) {
		return this.jdbc.sql("SELECT COUNT(*) FROM goods_order WHERE goods_no = ?").param(goodsNo).query(Long.class).single();
	}

	/**
	 * The fencing tokens of the item's orders, by order id.
	 */
	public List<Long> fencingTokensByOrderId(long goodsNo) {
		return this.jdbc.sql("SELECT fencing_token FROM goods_order WHERE goods_no = ? ORDER BY id")
			.param(goodsNo)
			.query(Long.class)
			.list();
	}

	/**
	 * Creates the item or resets it: stock, fence 0, active flag; its orders are deleted.
	 */
	public void reset(long goodsNo, int stock, boolean active) {
		this.jdbc.sql("DELETE FROM goods_order WHERE goods_no = ?").param(goodsNo).update();
		int updated = this.jdbc.sql("UPDATE goods_stock SET stock = ?, fence = 0, is_active = ? WHERE goods_no = ?")
			.params(stock, active, goodsNo)
			.update();
		if (updated == 0) {
			this.jdbc.sql("INSERT INTO goods_stock (goods_no, stock, is_active, fence) VALUES (?, ?, ?, 0)")
				.params(goodsNo, stock, active)
				.update();
		}
	}

}
