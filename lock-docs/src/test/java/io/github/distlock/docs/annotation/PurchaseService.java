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

import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.DistributedLock;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * A key expression that gives several keys: all of them locked, or none.
 */
@Service
public class PurchaseService {

	private final OrderRepository orders;

	PurchaseService(OrderRepository orders) {
		this.orders = orders;
	}

	// tag::several-keys[]
	@DistributedLock(key = "#skus.!['stock:' + #this]", waitTime = 3, timeUnit = TimeUnit.SECONDS)
	@Transactional
	public Order purchase(List<String> skus) {
		// LockContext.all(): one lock per key, each with its fencing token
		return this.orders.save(skus);
	}
	// end::several-keys[]

}
