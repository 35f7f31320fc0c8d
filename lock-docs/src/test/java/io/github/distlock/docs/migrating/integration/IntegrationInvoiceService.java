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

import java.util.concurrent.locks.Lock;

import org.springframework.integration.support.locks.LockRegistry;
import org.springframework.stereotype.Service;

/**
 * An invoice issued under a lock of Spring Integration's {@link LockRegistry}: the "before" of
 * the Spring Integration guide, and, unchanged, one way to run it on our locks.
 */
@Service
public class IntegrationInvoiceService {

	private final LockRegistry<?> lockRegistry;

	private final Invoices invoices;

	IntegrationInvoiceService(LockRegistry<?> lockRegistry, Invoices invoices) {
		this.lockRegistry = lockRegistry;
		this.invoices = invoices;
	}

	// tag::before[]
	public void issue(long invoiceId) {
		Lock lock = this.lockRegistry.obtain("invoice:" + invoiceId);
		lock.lock();
		try {
			this.invoices.issue(invoiceId);
		}
		finally {
			lock.unlock();
		}
	}
	// end::before[]

}
