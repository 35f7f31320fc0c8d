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

import com.baomidou.lock.LockInfo;
import com.baomidou.lock.LockTemplate;
import com.baomidou.lock.annotation.Lock4j;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The payment of an order with lock4j: the "before" of the lock4j guide.
 */
@Service
public class Lock4jPaymentService {

	private final OrderRepository orders;

	private final LockTemplate lockTemplate;

	Lock4jPaymentService(OrderRepository orders, LockTemplate lockTemplate) {
		this.orders = orders;
		this.lockTemplate = lockTemplate;
	}

	// tag::before[]
	@Lock4j(name = "order", keys = "#orderId", expire = 30000, acquireTimeout = 3000)
	@Transactional
	public void pay(long orderId) {
		Order order = this.orders.find(orderId);
		if (!order.paid()) {
			this.orders.save(order.markPaid());
		}
	}
	// end::before[]

	// tag::before-template[]
	public void refund(long orderId) {
		LockInfo lock = this.lockTemplate.lock("order:" + orderId, 30000, 3000);
		if (lock == null) {
			throw new IllegalStateException("order " + orderId + " is busy");
		}
		try {
			this.orders.save(this.orders.find(orderId));
		}
		finally {
			this.lockTemplate.releaseLock(lock);
		}
	}
	// end::before-template[]

}
