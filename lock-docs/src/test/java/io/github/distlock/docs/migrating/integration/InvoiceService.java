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
package io.github.distlock.docs.migrating.integration;

import java.time.Duration;

import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockOperations;

import org.springframework.stereotype.Service;

/**
 * An invoice issued under a lock of {@link LockOperations}: the "after" of the Spring
 * Integration guide.
 */
@Service
public class InvoiceService {

	private final LockOperations locks;

	private final Invoices invoices;

	InvoiceService(LockOperations locks, Invoices invoices) {
		this.locks = locks;
		this.invoices = invoices;
	}

	// tag::after[]
	public void issue(long invoiceId) {
		this.locks.execute("invoice:" + invoiceId, Duration.ofSeconds(30), () -> {
			this.invoices.issue(invoiceId, LockContext.current().fencingToken());
			return null;
		});
	}
	// end::after[]

}
