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

package io.github.distlock.transaction;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Warns, once per lock name, when a lock is acquired inside a transaction that is already
 * running: the lock is then released before that transaction commits, so the next holder may
 * read data the transaction has not committed yet. Lock names are bounded (the annotated method,
 * or the name given to {@code LockOperations}), and so is what this remembers.
 *
 * @since 0.1.0
 */
public class LockInsideTransactionWarning implements LockListener {

	private static final Log logger = LogFactory.getLog(LockInsideTransactionWarning.class);

	private final Set<String> warned = ConcurrentHashMap.newKeySet();

	@Override
	public void onAcquired(AcquiredLock lock, Duration waited) {
		if (TransactionSynchronizationManager.isActualTransactionActive() && this.warned.add(lock.name())) {
			logger.warn("Lock '" + lock.name() + "' (key '" + lock.key() + "') was acquired inside a running "
					+ "transaction: the lock is released before that transaction commits, so the next holder may "
					+ "read stale data. Lock in the caller, outside @Transactional, or check distributed-lock.order");
		}
	}

}
