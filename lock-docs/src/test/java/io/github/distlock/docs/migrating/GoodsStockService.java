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
package io.github.distlock.docs.migrating;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.fencing.FencedJdbc;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Fencing, as every migration guide shows it: the key's fence claimed before the method runs,
 * and the rows written only by the newest holder.
 */
@Service
public class GoodsStockService {

	private final FencedJdbc fencedJdbc;

	GoodsStockService(FencedJdbc fencedJdbc) {
		this.fencedJdbc = fencedJdbc;
	}

	// tag::fenced[]
	@DistributedLock(key = "'stock:' + #goodsNo", fenced = true)
	@Transactional
	public void restock(long goodsNo, int quantity) {
		// runs as: UPDATE goods_stock SET stock = stock + ?, fence = <token> WHERE (goods_no = ?) AND fence <= <token>
		this.fencedJdbc.update("UPDATE goods_stock SET stock = stock + ? WHERE goods_no = ?", quantity, goodsNo);
	}
	// end::fenced[]

}
