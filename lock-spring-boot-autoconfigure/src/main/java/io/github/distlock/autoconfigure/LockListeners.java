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

import io.github.distlock.core.CompositeLockListener;
import io.github.distlock.core.LockListener;

import org.springframework.beans.factory.ObjectProvider;

/**
 * The application's {@link LockListener} beans, in order, as the one listener that the lock
 * registry (every lock event) and the interceptor (failure policies) tell. Not a listener bean
 * itself, so that it is not among the listeners it calls. The beans are looked up at the first
 * event, so that a listener may depend on {@code LockOperations}.
 */
final class LockListeners {

	private final LockListener listener;

	LockListeners(ObjectProvider<LockListener> listeners) {
		this.listener = CompositeLockListener.lookedUpAtFirstEvent(() -> listeners.orderedStream().toList());
	}

	/**
	 * The listener to give to a registry or an interceptor.
	 * @return one listener that calls every listener bean
	 */
	LockListener listener() {
		return this.listener;
	}

}
