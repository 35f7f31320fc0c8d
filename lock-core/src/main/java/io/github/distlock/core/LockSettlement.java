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

package io.github.distlock.core;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * Whether the locks that guarded work were held throughout it, as the work ends: a lock
 * {@link LockState#IN_DOUBT in doubt} then is kept and awaited until the lock service settles
 * it, {@link LockState#HELD held} again (its session or lease lived on, so nobody else had it)
 * or {@link LockState#LOST lost}. The backends settle a doubt within their session timeout or
 * lease time to live. An interrupt ends the wait, and the doubt counts as a loss.
 */
final class LockSettlement {

	private static final Log logger = LogFactory.getLog(LockSettlement.class);

	/** How often a lock in doubt is looked at again. */
	private static final long CHECK_MILLIS = 10;

	private LockSettlement() {
	}

	/**
	 * The loss of a lock that guarded work which just ended, once its doubt is settled.
	 * @param lock the lock, not yet released
	 * @return the loss to report, or {@code null} if the lock was held throughout
	 */
	static @Nullable LockLostException lossOf(AcquiredLock lock) {
		LockState state = lock.state();
		if (state == LockState.IN_DOUBT) {
			logger.info("Lock '" + lock.key() + "' (" + lock.path() + ") was in doubt when the work guarded by it"
					+ " ended: it is kept until the lock service tells whether it is still held");
		}
		while (state == LockState.IN_DOUBT) {
			try {
				TimeUnit.MILLISECONDS.sleep(CHECK_MILLIS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return new LockLostException(lock.key(), lock.path(), "it was still in doubt when the thread was "
						+ "interrupted, so it cannot be told whether another holder had it meanwhile");
			}
			state = lock.state();
		}
		return (state == LockState.LOST) ? new LockLostException(lock.key(), lock.path()) : null;
	}

	/**
	 * The loss of a lock that guarded asynchronous work which just ended, once its doubt is
	 * settled, with no thread waiting: a lock in doubt is looked at again every few milliseconds.
	 * @param lock the lock, not yet released
	 * @return completed with the loss to report, or with {@code null} if the lock was held
	 * throughout
	 */
	static CompletableFuture<@Nullable LockLostException> settled(AcquiredLock lock) {
		CompletableFuture<@Nullable LockLostException> settled = new CompletableFuture<>();
		if (lock.state() == LockState.IN_DOUBT) {
			logger.info("Lock '" + lock.key() + "' (" + lock.path() + ") was in doubt when the work guarded by it"
					+ " ended: it is kept until the lock service tells whether it is still held");
		}
		lookAgain(lock, settled);
		return settled;
	}

	private static void lookAgain(AcquiredLock lock, CompletableFuture<@Nullable LockLostException> settled) {
		LockState state = lock.state();
		if (state == LockState.IN_DOUBT) {
			CompletableFuture.delayedExecutor(CHECK_MILLIS, TimeUnit.MILLISECONDS)
				.execute(() -> lookAgain(lock, settled));
			return;
		}
		settled.complete((state == LockState.LOST) ? new LockLostException(lock.key(), lock.path()) : null);
	}

	/**
	 * The first loss among locks that guarded work together, each settled in turn.
	 * @param locks the locks, not yet released
	 * @return the first loss, or {@code null} if every lock was held throughout
	 */
	static @Nullable LockLostException firstLossOf(List<? extends AcquiredLock> locks) {
		for (AcquiredLock lock : locks) {
			LockLostException loss = lossOf(lock);
			if (loss != null) {
				return loss;
			}
		}
		return null;
	}

}
