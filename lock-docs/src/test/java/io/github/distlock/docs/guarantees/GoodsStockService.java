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
package io.github.distlock.docs.guarantees;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.fencing.FencedJdbc;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

// tag::service[]
@Service
class GoodsStockService {

	private final FencedJdbc fencedJdbc;

	GoodsStockService(FencedJdbc fencedJdbc) {
		this.fencedJdbc = fencedJdbc;
	}

	@DistributedLock(key = "'stock:' + #goodsNo", fenced = true)
	@Transactional
	public void setStock(long goodsNo, int stock) {
		// UPDATE goods_stock SET stock = ?, fence = <token> WHERE (goods_no = ?) AND fence <= <token>
		this.fencedJdbc.update("UPDATE goods_stock SET stock = ? WHERE goods_no = ?", stock, goodsNo);
	}

}
// end::service[]
