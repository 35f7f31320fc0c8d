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
 * A thread of this process waiting for a lock.
 *
 * @param key the lock key
 * @param name the bounded name of the lock
 * @param path the lock path
 * @param type the kind of lock
 * @param since when the wait began
 * @param thread the name of the waiting thread
 * @since 0.1.0
 */
public record LockWaiter(String key, String name, String path, LockType type, Instant since, String thread) {

}
