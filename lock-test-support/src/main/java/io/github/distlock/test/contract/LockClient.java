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

package io.github.distlock.test.contract;

import io.github.distlock.core.LockRegistry;

/**
 * One contender of the contract suite: a {@link LockRegistry} with a session (or lease) of its
 * own in the lock service, as a separate process has. The suite closes it after each test.
 *
 * @since 0.1.0
 */
public interface LockClient extends AutoCloseable {

	/**
	 * The client's registry.
	 * @return the registry
	 */
	LockRegistry registry();

	/**
	 * Closes the registry and the client's connection to the lock service.
	 * @throws Exception if closing fails
	 */
	@Override
	void close() throws Exception;

}
