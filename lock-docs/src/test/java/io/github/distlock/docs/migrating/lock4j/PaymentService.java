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
package io.github.distlock.docs.migrating.lock4j;

import java.time.Duration;

import io.github.distlock.annotation.DistributedLock;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The payment of an order with {@code @DistributedLock}: the "after" of the lock4j guide.
 */
@Service
public class PaymentService {

	private final OrderRepository orders;

	private final LockOperations locks;

	PaymentService(OrderRepository orders, LockOperations locks) {
		this.orders = orders;
		this.locks = locks;
	}

	// tag::after[]
	@DistributedLock(key = "'order#' + #orderId", waitFor = "3s", maxHold = "30s")
	@Transactional
	public void pay(long orderId) {
		Order order = this.orders.find(orderId);
		if (!order.paid()) {
			this.orders.save(order.markPaid());
		}
	}
	// end::after[]

	// tag::after-template[]
	public void refund(long orderId) {
		try (LockHandle lock = this.locks.acquire("order:" + orderId, Duration.ofSeconds(3))) {
			this.orders.save(this.orders.find(orderId));
		}
	}
	// end::after-template[]

}
