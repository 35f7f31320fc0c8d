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

package io.github.distlock.fencing.http;

import io.github.distlock.core.FencedOffException;

/**
 * The highest fencing token a server has accepted per lock key: a request that carries a lower
 * token for a key comes from a holder whose lock another holder has taken since, and is refused.
 * <p>
 * Contract: {@link #accept} is atomic per key (two concurrent calls cannot both raise the mark
 * past each other); a token equal to the mark is accepted (the same holder calling again); a
 * token greater than the mark becomes the mark; a lower one is refused with
 * {@link FencedOffException} naming the mark, and leaves the mark as it was. Implementations are
 * thread-safe. {@link JdbcHighWaterMarks} keeps the marks in the application's database,
 * shared by every instance of the server; {@link InMemoryHighWaterMarks} keeps a bounded number
 * in the process.
 *
 * @since 0.1.0
 */
@FunctionalInterface
public interface FencingTokenHighWaterMarks {

	/**
	 * Accepts a lock holder's token for a key, raising the key's mark to it.
	 * @param key the lock key
	 * @param token the holder's fencing token, positive
	 * @throws FencedOffException if the key's mark is greater than the token
	 * @throws IllegalArgumentException if the store cannot hold the key (too long, say)
	 */
	void accept(String key, long token);

	/**
	 * Forgets a key's mark, so that its next token is accepted whatever it is: for a lock
	 * service whose tokens started over (a new ZooKeeper ensemble or etcd cluster), or data reset
	 * by hand. Never while a holder of the key may still call. The default refuses.
	 * @param key the lock key
	 * @throws UnsupportedOperationException if the store cannot forget
	 */
	default void forget(String key) {
		throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot forget the mark of '" + key + "'");
	}

}
