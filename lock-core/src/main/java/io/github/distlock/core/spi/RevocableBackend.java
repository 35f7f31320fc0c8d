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

import io.github.distlock.annotation.LockType;

/**
 * A {@link LockBackend} whose locks can be asked to be given up, in the style of Curator's
 * {@code Revocable}: a holder that acquired its lock as revocable is told, through its lock's
 * {@link RevocableLock#watchRevocation watch}, when {@link #requestRevocation} asks for it, in
 * this process or another. The lock is never taken from the holder. A backend without this
 * capability refuses revocable requests.
 *
 * @since 0.1.0
 */
public interface RevocableBackend extends LockBackend {

	/**
	 * Whether locks of a type may be acquired as revocable; their locks are then
	 * {@link RevocableLock}s.
	 * @param type the lock type
	 * @return whether revocation of that type is supported
	 */
	@Override
	boolean supportsRevocation(LockType type);

	/**
	 * Asks the holder of a lock, in any process, to give it up: the lock service records the
	 * request where the holder's {@link RevocableLock#watchRevocation watch} sees it. Never
	 * affects a holder that does not watch.
	 * @param key the lock key
	 * @param path the key's lock path
	 * @param type a type for which {@link #supportsRevocation} is {@code true}
	 * @return whether the lock was held
	 * @throws Exception if the lock service failed
	 */
	@Override
	boolean requestRevocation(String key, String path, LockType type) throws Exception;

}
