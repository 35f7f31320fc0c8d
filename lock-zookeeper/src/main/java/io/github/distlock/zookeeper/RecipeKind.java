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

package io.github.distlock.zookeeper;

import io.github.distlock.annotation.LockType;

/**
 * The kind of recipe that serves a lock type: READ and WRITE share one, Curator's, when a thread
 * waits, and {@link #READ_WRITE_NODES} when none does.
 */
enum RecipeKind {

	MUTEX, SEMAPHORE_MUTEX, READ_WRITE, SEMAPHORE,

	/** {@code READ} and {@code WRITE} acquired with no thread waiting ({@link ReadWriteNodes}). */
	READ_WRITE_NODES;

	static RecipeKind of(LockType type) {
		return switch (type) {
			case MUTEX -> MUTEX;
			case SEMAPHORE_MUTEX -> SEMAPHORE_MUTEX;
			case READ, WRITE -> READ_WRITE;
			case SEMAPHORE -> SEMAPHORE;
		};
	}

}
