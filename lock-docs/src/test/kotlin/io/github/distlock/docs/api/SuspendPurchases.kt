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
package io.github.distlock.docs.api

import io.github.distlock.annotation.DistributedLock
import io.github.distlock.reactive.ReactiveLockContext
import kotlinx.coroutines.reactor.awaitSingleOrNull
import org.springframework.stereotype.Service

/**
 * `@DistributedLock` on Kotlin `suspend` functions.
 */
@Service
class SuspendPurchases(private val orders: SuspendOrders) {

	// tag::suspend[]
	@DistributedLock(key = "'stock:' + #goodsNo")
	suspend fun purchase(goodsNo: Long): Order = orders.save(goodsNo)
	// end::suspend[]

	// tag::suspend-context[]
	@DistributedLock(key = "'stock:' + #goodsNo")
	suspend fun purchaseFenced(goodsNo: Long): Order {
		val lock = ReactiveLockContext.current().awaitSingleOrNull()!!   // the held lock
		return orders.save(goodsNo, lock.fencingToken())
	}
	// end::suspend-context[]

}

/**
 * A stand-in for a repository with suspending functions.
 */
interface SuspendOrders {

	suspend fun save(goodsNo: Long): Order

	suspend fun save(goodsNo: Long, fencingToken: Long): Order

}
