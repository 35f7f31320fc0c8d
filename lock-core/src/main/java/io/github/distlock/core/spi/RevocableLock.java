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

/**
 * A {@link BackendLock} of a {@link RevocableBackend}, for the types whose revocation it
 * supports.
 *
 * @since 0.1.0
 */
public interface RevocableLock extends BackendLock {

	/**
	 * Watches for requests to revoke this lock ({@link RevocableBackend#requestRevocation}),
	 * including one made before the watch began; called once, by the engine, for a revocable
	 * lock. The watch ends with the lock (its release or its hand-off).
	 * @param onRequested run, on the lock service's event thread, when a request is seen; does
	 * not block
	 */
	@Override
	void watchRevocation(Runnable onRequested);

}
