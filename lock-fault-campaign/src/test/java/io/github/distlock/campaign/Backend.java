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

import java.nio.file.Path;
import java.util.Map;

import io.github.distlock.core.LockListener;

/**
 * A lock service the campaign runs on ({@code -Dcampaign.backend}): how the orchestrator starts
 * its cluster, and how a worker process connects to it.
 */
enum Backend {

	ZOOKEEPER {

		@Override
		ClusterUnderTest start(Path dir) throws Exception {
			return ZooKeeperClusterUnderTest.start(dir);
		}

		@Override
		WorkerClient connect(Map<String, String> args, LockListener listener) throws Exception {
			return new ZooKeeperWorkerClient(args, listener);
		}

	},

	ETCD {

		@Override
		ClusterUnderTest start(Path dir) throws Exception {
			return EtcdClusterUnderTest.start();
		}

		@Override
		WorkerClient connect(Map<String, String> args, LockListener listener) {
			return new EtcdWorkerClient(args, listener);
		}

	};

	/**
	 * Starts the servers: ZooKeeper's keep their data and logs in the run's directory, etcd's in
	 * a temporary directory of their own, deleted when they stop.
	 */
	abstract ClusterUnderTest start(Path dir) throws Exception;

	/**
	 * Connects a worker process, as its arguments say, with a registry that tells the listener
	 * of its locks' state changes.
	 */
	abstract WorkerClient connect(Map<String, String> args, LockListener listener) throws Exception;

	/** The name used in properties, arguments and directories. */
	String id() {
		return name().toLowerCase();
	}

	static Backend of(String id) {
		return valueOf(id.trim().toUpperCase());
	}

}
