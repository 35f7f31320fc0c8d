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
package io.github.distlock.docs.gettingstarted;

import java.time.Duration;

import io.github.distlock.core.LockOperations;

import org.springframework.stereotype.Service;

/**
 * The getting-started page's programmatic lock.
 */
@Service
public class Inventory {

	private final LockOperations locks;

	private final Warehouse warehouse;

	public Inventory(LockOperations locks, Warehouse warehouse) {
		this.locks = locks;
		this.warehouse = warehouse;
	}

	// tag::execute[]
	public int recount(String sku) {
		return this.locks.execute("inventory:" + sku, Duration.ofSeconds(5),
				() -> this.warehouse.count(sku));
	}
	// end::execute[]

	/** What the inventory counts. */
	public interface Warehouse {

		int count(String sku);

	}

}
