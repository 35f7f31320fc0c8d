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

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockState;
import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;

/**
 * Refuses to commit a transaction while a lock held by the committing thread is not known to
 * be held: lost, or in doubt because the connection to the lock service is suspended. The transaction
 * manager then rolls back and the {@link LockLostException} reaches the caller, so that work
 * done under a lock that another process may have taken meanwhile is not committed.
 *
 * @since 0.1.0
 */
public class LockLossCommitGuard implements TransactionExecutionListener {

	@Override
	public void beforeCommit(TransactionExecution transaction) {
		for (AcquiredLock lock : LockContext.all()) {
			LockState state = lock.state();
			if (state == LockState.LOST || state == LockState.IN_DOUBT) {
				throw new LockLostException(lock.key(), lock.path(), "the transaction '"
						+ transaction.getTransactionName() + "' is rolled back because the lock is " + state);
			}
		}
	}

}
