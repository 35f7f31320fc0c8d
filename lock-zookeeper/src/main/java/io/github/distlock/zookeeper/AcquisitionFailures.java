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

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import org.apache.curator.framework.CuratorFramework;
import org.jspecify.annotations.Nullable;

/**
 * The exceptions an acquisition ends with, the same whether a thread waits for the lock
 * ({@link ZooKeeperLockBackend#acquire}) or nothing does
 * ({@link ZooKeeperLockBackend#acquireAsync}): each names the key, its lock path and, for a
 * failure of ZooKeeper, the connect string.
 */
final class AcquisitionFailures {

	private final CuratorFramework client;

	AcquisitionFailures(CuratorFramework client) {
		this.client = client;
	}

	/** The server cannot serve locks (it is older than 3.5). */
	LockBackendException unsupported(String key, String path, String reason) {
		return new LockBackendException("Could not acquire lock '" + key + "' (" + path + "): " + reason, null);
	}

	/** The client did not connect before the deadline. */
	LockBackendException notConnected(String key, String path) {
		return new LockBackendException("Could not acquire lock '" + key + "' (" + path
				+ "): not connected to ZooKeeper at '" + connectString() + "'", null);
	}

	/** ZooKeeper or Curator failed the acquisition. */
	LockBackendException failure(String key, String path, Throwable ex) {
		return new LockBackendException("Could not acquire lock '" + key + "' (" + path + ") from ZooKeeper at '"
				+ connectString() + "': " + ex, ex);
	}

	/**
	 * The deadline passed: {@link LockAcquisitionException} while connected, with the cause if
	 * the deadline cut a call to ZooKeeper short; a {@link LockBackendException} while the
	 * connection is lost.
	 */
	DistributedLockException waitElapsed(String key, String path, long startNanos, @Nullable Throwable cause) {
		Duration waited = Duration.ofNanos(System.nanoTime() - startNanos);
		if (this.client.getZookeeperClient().isConnected()) {
			LockAcquisitionException elapsed = new LockAcquisitionException(key, path, waited);
			if (cause != null) {
				elapsed.initCause(cause);
			}
			return elapsed;
		}
		return new LockBackendException("Could not acquire lock '" + key + "' (" + path + ") within "
				+ waited.toMillis() + " ms: lost the connection to ZooKeeper at '" + connectString() + "'", cause);
	}

	/** The session ended while waiting (its node went with it), and no time is left to queue again. */
	LockBackendException sessionEnded(String key, String path) {
		return new LockBackendException("Could not acquire lock '" + key + "' (" + path
				+ "): the ZooKeeper session ended while waiting, and the wait time elapsed", null);
	}

	/**
	 * A call bounded apart from the wait time (writing the owner) took longer than its bound.
	 * @param what what the call does: "Could not {what} ZooKeeper at …"
	 */
	LockBackendException notWithin(String what, long boundNanos, @Nullable Throwable cause) {
		return new LockBackendException("Could not " + what + " ZooKeeper at '" + connectString() + "' within "
				+ TimeUnit.NANOSECONDS.toMillis(boundNanos) + " ms", cause);
	}

	/** The backend was closed before or while the acquisition waited. */
	LockBackendException closed(String key, String path) {
		return new LockBackendException("Could not acquire lock '" + key + "' (" + path
				+ "): the ZooKeeper lock backend is closed", null);
	}

	String connectString() {
		return this.client.getZookeeperClient().getCurrentConnectionString();
	}

}
