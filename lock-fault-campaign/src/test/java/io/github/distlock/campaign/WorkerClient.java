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

package io.github.distlock.campaign;

import io.github.distlock.core.LockRegistry;

/**
 * The worker side of a backend: the client of a campaign worker process, connected through its
 * proxy, and the registry its threads lock through (told of its locks' state changes by the
 * listener it was made with). One implementation per {@link Backend}.
 */
interface WorkerClient extends AutoCloseable {

	/** The registry the worker's threads lock through. */
	LockRegistry registry();

	/**
	 * Ends this process's session from outside, as a long pause or partition would.
	 * @return when it began and ended ({@link System#nanoTime()})
	 * @throws UnsupportedOperationException if the backend's sessions are ended by the
	 * orchestrator instead ({@link ClusterUnderTest#endSessionOf})
	 */
	long[] expireSession() throws Exception;

	/**
	 * Whether the lock service's client library believes it is connected while the protocol
	 * client under it is not (Curator over ZooKeeper's client): the library then missed a
	 * disconnection, and the locks stay held in the holder's eyes. Looked at every 50 ms.
	 */
	default boolean deafToDisconnection() {
		return false;
	}

	/** Closes the registry, then the client. */
	@Override
	void close() throws Exception;

}
