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

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.core.FencedOffException;

/**
 * High-water marks in the process's memory, for at most a given number of keys: past it, the
 * mark of the key accepted least recently is forgotten.
 * <p>
 * What that costs: a forgotten key accepts its next token whatever it is, so a stale holder of
 * that key whose first request after the eviction arrives before the new holder's is accepted.
 * The bound must therefore exceed the number of keys in use at once by a margin, and the marks
 * are those of this process only: another instance of the server, or this one restarted, knows
 * none of them. Where that matters, use {@link JdbcHighWaterMarks}.
 *
 * @since 0.1.0
 */
public class InMemoryHighWaterMarks implements FencingTokenHighWaterMarks {

	/** How many keys are remembered unless told otherwise. */
	public static final int DEFAULT_MAX_KEYS = 10_000;

	private final int maxKeys;

	private final Map<String, Long> marks;

	/** Guards the marks: a lock, not a monitor, so that a virtual thread waiting on it is unmounted. */
	private final ReentrantLock lock = new ReentrantLock();

	/** Creates marks for at most {@value #DEFAULT_MAX_KEYS} keys. */
	public InMemoryHighWaterMarks() {
		this(DEFAULT_MAX_KEYS);
	}

	/**
	 * Creates marks for at most a number of keys.
	 * @param maxKeys how many keys are remembered, at least 1
	 * @throws IllegalArgumentException for a bound below 1
	 */
	public InMemoryHighWaterMarks(int maxKeys) {
		if (maxKeys < 1) {
			throw new IllegalArgumentException("In-memory high-water marks need room for at least 1 key, but max-keys was "
					+ maxKeys);
		}
		this.maxKeys = maxKeys;
		this.marks = new LinkedHashMap<>(16, 0.75f, true) {

			private static final long serialVersionUID = 1L;

			@Override
			protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
				return size() > InMemoryHighWaterMarks.this.maxKeys;
			}

		};
	}

	@Override
	public void accept(String key, long token) {
		this.lock.lock();
		try {
			Long mark = this.marks.get(key);
			if (mark != null && mark > token) {
				throw new FencedOffException(key, token, mark);
			}
			this.marks.put(key, token);
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public void forget(String key) {
		this.lock.lock();
		try {
			this.marks.remove(key);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * The mark of a key.
	 * @param key the lock key
	 * @return the highest token accepted, or empty if none was or it was forgotten
	 */
	public OptionalLong mark(String key) {
		this.lock.lock();
		try {
			Long mark = this.marks.get(key);
			return (mark != null) ? OptionalLong.of(mark) : OptionalLong.empty();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * How many keys have a mark now.
	 * @return the number, at most the bound
	 */
	public int size() {
		this.lock.lock();
		try {
			return this.marks.size();
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * How many keys are remembered at most.
	 * @return the bound
	 */
	public int getMaxKeys() {
		return this.maxKeys;
	}

}
