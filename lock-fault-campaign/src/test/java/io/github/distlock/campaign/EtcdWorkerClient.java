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

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.ClientBuilder;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.etcd.EtcdLockPathResolver;
import io.github.distlock.etcd.EtcdLockBackend;

/**
 * An etcd worker's client: jetcd through the worker's proxy (plain, or in the namespace
 * {@code /campaign}, by the worker's mode), and a {@link LockEngine} over an
 * {@link EtcdLockBackend} on it with a
 * {@link EtcdClusterUnderTest#LEASE_TTL} lease, its lease granted before the worker starts.
 */
final class EtcdWorkerClient implements WorkerClient {

	private final Client client;

	private final EtcdLockBackend backend;

	private final LockEngine registry;

	EtcdWorkerClient(Map<String, String> args, LockListener listener) {
		String mode = args.get("mode");
		ClientBuilder builder = Client.builder()
			.endpoints(Arrays.stream(args.get("connect").split(",")).map((address) -> "http://" + address)
				.toArray(String[]::new))
			.connectTimeout(Duration.ofMillis(500));
		if (mode.equals("namespace")) {
			builder.namespace(ByteSequence.from("/campaign", StandardCharsets.UTF_8));
		}
		this.client = builder.build();
		String root = mode.equals("plain") ? EtcdClusterUnderTest.ROOT : "/Locks";
		this.backend = new EtcdLockBackend(this.client, new EtcdLockPathResolver(root), EtcdClusterUnderTest.LEASE_TTL);
		this.registry = new LockEngine(CampaignWorker.engineBackend(this.backend, args), listener,
				CampaignWorker.engineOptions(args));
		this.backend.awaitLease(Duration.ofSeconds(30));
	}

	@Override
	public LockRegistry registry() {
		return this.registry;
	}

	/**
	 * Not here: the orchestrator revokes a worker's lease with {@code etcdctl}.
	 */
	@Override
	public long[] expireSession() {
		throw new UnsupportedOperationException("etcd leases are revoked by the orchestrator");
	}

	@Override
	public void close() {
		this.registry.close();
		this.backend.close();
		this.client.close();
	}

}
