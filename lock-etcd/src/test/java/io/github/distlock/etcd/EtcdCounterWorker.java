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

package io.github.distlock.etcd;

import java.util.List;

import io.etcd.jetcd.Client;
import io.github.distlock.test.contract.SharedCounterJob;

/**
 * One separate process of the cross-process contract test on etcd: connects an
 * {@link EtcdLockRegistry} and runs a {@link SharedCounterJob}.
 * <p>
 * Arguments: endpoint, lock root path, then the job's arguments.
 */
public final class EtcdCounterWorker {

	private EtcdCounterWorker() {
	}

	public static void main(String[] args) throws Exception {
		SharedCounterJob job = SharedCounterJob.fromArguments(List.of(args).subList(2, args.length));
		try (Client client = Client.builder().endpoints(args[0]).build();
				EtcdLockRegistry registry = new EtcdLockRegistry(client, new EtcdLockPathResolver(args[1]))) {
			job.run(registry);
		}
	}

}
