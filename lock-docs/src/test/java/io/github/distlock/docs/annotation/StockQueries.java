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
package io.github.distlock.docs.annotation;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.annotation.LockFailurePolicy;
import io.github.distlock.core.DistributedLockException;
import org.springframework.stereotype.Service;

/**
 * The failure policies: a fallback method of the same bean, and a skipped call.
 */
@Service
public class StockQueries {

	private final OrderRepository orders;

	StockQueries(OrderRepository orders) {
		this.orders = orders;
	}

	// tag::fallback[]
	@DistributedLock(key = "'stock:' + #goodsNo", waitFor = "200ms",
			onFailure = LockFailurePolicy.FALLBACK, fallback = "lastKnownStock")
	public Integer stock(int goodsNo) {
		return this.orders.stockOf(goodsNo);
	}

	Integer lastKnownStock(int goodsNo, DistributedLockException cause) {
		return -1;   // same parameters, then (optionally) the exception
	}
	// end::fallback[]

}
