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

package io.github.distlock.core.engine;

import io.github.distlock.annotation.LockType;

/**
 * The separate locks a key has: one per kind, where {@code READ} and {@code WRITE} are one.
 */
enum LockKind {

	MUTEX, SEMAPHORE_MUTEX, READ_WRITE, SEMAPHORE;

	static LockKind of(LockType type) {
		return switch (type) {
			case MUTEX -> MUTEX;
			case SEMAPHORE_MUTEX -> SEMAPHORE_MUTEX;
			case READ, WRITE -> READ_WRITE;
			case SEMAPHORE -> SEMAPHORE;
		};
	}

}
