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

package io.github.distlock.interceptor;

import java.util.List;

/**
 * The keys a {@code @DistributedLock} expression gave for one call: one key, or the elements of
 * the collection or array it evaluated to.
 *
 * @param keys the keys, not blank
 * @param multiple whether the expression gave a collection or an array (even of one element)
 */
record LockKeys(List<String> keys, boolean multiple) {

	static LockKeys single(String key) {
		return new LockKeys(List.of(key), false);
	}

	String single() {
		return this.keys.get(0);
	}

}
