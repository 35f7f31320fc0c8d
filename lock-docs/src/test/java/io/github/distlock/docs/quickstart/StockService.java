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
package io.github.distlock.docs.quickstart;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.LockContext;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

// tag::service[]
@Service
public class StockService {

	private final Stock stock;

	public StockService(Stock stock) {
		this.stock = stock;
	}

	// tag::purchase[]
	@DistributedLock(key = "'stock:' + #goodsNo", waitFor = "3s")
	@Transactional
	public Order purchase(int goodsNo) {
		long token = LockContext.current().fencingToken();
		return this.stock.sell(goodsNo, token);
	}
	// end::purchase[]

}
// end::service[]
