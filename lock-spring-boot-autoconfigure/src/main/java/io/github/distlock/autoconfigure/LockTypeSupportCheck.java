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

package io.github.distlock.autoconfigure;

import java.util.Set;
import java.util.function.BooleanSupplier;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AsyncLockRegistry;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.interceptor.LockOperationSource;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Fails start-up when a {@code @DistributedLock} method of a bean uses a lock type that the lock
 * backend does not support, or cannot acquire with no thread waiting for a method that returns a
 * {@code CompletionStage} or a {@code Publisher}, naming the method, the type and the backend; and
 * when a fenced method has nothing to fence it with.
 */
final class LockTypeSupportCheck implements SmartInitializingSingleton {

	private final LockOperationSource operations;

	private final LockRegistry registry;

	/** Whether fenced methods can be called: asked once every singleton exists. */
	private final BooleanSupplier fencing;

	LockTypeSupportCheck(LockOperationSource operations, LockRegistry registry, BooleanSupplier fencing) {
		this.operations = operations;
		this.registry = registry;
		this.fencing = fencing;
	}

	@Override
	public void afterSingletonsInstantiated() {
		Set<LockType> async = (this.registry instanceof AsyncLockRegistry asyncRegistry) ? asyncRegistry.asyncTypes()
				: Set.of();
		this.operations.checkSupported(this.registry.supportedTypes(), async, this.registry::supportsRevocation,
				backendName());
		this.operations.checkFencing(this.fencing.getAsBoolean());
	}

	/** The backend's name, under the engine; the registry's when it is the application's own. */
	private String backendName() {
		Object backend = (this.registry instanceof LockEngine engine) ? engine.backend() : this.registry;
		return backend.getClass().getSimpleName();
	}

}
