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

import java.time.Instant;

import io.github.distlock.annotation.LockType;

/**
 * A lock that this process keeps in the lock service although no thread holds it (lock
 * caching): the next thread of this process that asks for it takes it without a round trip, and
 * it is given up as soon as another process queues for it.
 *
 * @param key the lock key
 * @param path the key's lock path
 * @param type the lock type
 * @param description what holds it in the service: a node, a key
 * @param fencingToken the token its next holder gets
 * @param cachedSince when its last holder released it
 * @since 0.1.0
 */
public record CachedLock(String key, String path, LockType type, String description, long fencingToken,
		Instant cachedSince) {
}
