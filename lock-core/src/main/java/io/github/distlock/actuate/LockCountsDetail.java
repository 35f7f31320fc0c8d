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
package io.github.distlock.actuate;

import java.util.LinkedHashMap;
import java.util.Map;

import io.github.distlock.core.LockIntrospection;

/**
 * The {@code locks} detail of a lock backend's health: how many locks this process holds, how
 * many threads wait for one, and how many locks it keeps with no holder (lock caching).
 *
 * @since 0.1.0
 */
public final class LockCountsDetail {

	/** The name of the detail. */
	public static final String NAME = "locks";

	private LockCountsDetail() {
	}

	/**
	 * The detail's value now.
	 * @param locks what the application holds, awaits and keeps
	 * @return {@code held}, {@code waiting} and {@code cached}, in that order
	 */
	public static Map<String, Integer> of(LockIntrospection locks) {
		Map<String, Integer> counts = new LinkedHashMap<>();
		counts.put("held", locks.heldLocks().size());
		counts.put("waiting", locks.waiters().size());
		counts.put("cached", locks.cachedLocks().size());
		return counts;
	}

}
