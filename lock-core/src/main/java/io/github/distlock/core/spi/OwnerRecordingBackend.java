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

import java.util.Optional;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockRequest;

/**
 * A {@link LockBackend} that records a request's {@link LockRequest#owner() owner} with its
 * contender, where any process reads it for the holder.
 *
 * @since 0.1.0
 */
public interface OwnerRecordingBackend extends LockBackend {

	/**
	 * The owner recorded by the holder of a lock, in any process.
	 * @param key the lock key
	 * @param path the key's lock path
	 * @param type the kind of lock
	 * @return the holder's owner; empty if the lock is free or its holder recorded none
	 * @throws Exception if the lock service failed
	 */
	@Override
	Optional<String> ownerOf(String key, String path, LockType type) throws Exception;

}
