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

import java.util.List;

import io.github.distlock.test.contract.SharedCounterJob;
import org.apache.curator.framework.CuratorFramework;

import static io.github.distlock.test.zookeeper.ZooKeeperTestSupport.connectedClient;

/**
 * One separate process of the cross-process contract test on ZooKeeper: connects a
 * {@link ZookeeperLockRegistry} and runs a {@link SharedCounterJob}.
 * <p>
 * Arguments: connect string, lock root path, then the job's arguments.
 */
public final class ZooKeeperCounterWorker {

	private ZooKeeperCounterWorker() {
	}

	public static void main(String[] args) throws Exception {
		SharedCounterJob job = SharedCounterJob.fromArguments(List.of(args).subList(2, args.length));
		try (CuratorFramework client = connectedClient(args[0]);
				ZookeeperLockRegistry registry = new ZookeeperLockRegistry(client, new ZnodeLockPathResolver(args[1]))) {
			job.run(registry);
		}
	}

}
