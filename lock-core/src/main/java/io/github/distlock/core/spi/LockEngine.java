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
package io.github.distlock.core.spi;

import io.github.distlock.core.LockListener;

/**
 * The engine under its first name.
 *
 * @since 0.1.0
 * @deprecated since 0.1.0: the engine has a package of its own, apart from the SPI a backend
 * implements; use {@link io.github.distlock.core.engine.LockEngine} (its {@code Options} are the
 * same type)
 */
@Deprecated(since = "0.1.0")
public final class LockEngine extends io.github.distlock.core.engine.LockEngine {

	/**
	 * Creates an engine and subscribes it to the backend's state changes.
	 * @param backend the lock service
	 * @param listener told of lock events; its exceptions are logged and ignored
	 * @param options what happens when a lock is lost, and which locks queue locally
	 */
	public LockEngine(LockBackend backend, LockListener listener, Options options) {
		super(backend, listener, options);
	}

}
