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

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A fenced method: its transaction claims the fence of its lock key before it runs.
 */
@Service
class StockService {

	private final Orders orders;

	StockService(Orders orders) {
		this.orders = orders;
	}

	// tag::purchase[]
	@DistributedLock(key = "'stock:' + #goodsNo", fenced = true)
	@Transactional // optional: without it the method gets a REQUIRED transaction
	public Order purchase(long goodsNo) {
		return this.orders.place(goodsNo);
	}
	// end::purchase[]

}
