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

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.function.LongSupplier;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.GetOption;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockListener;
import io.github.distlock.test.contract.LockClient;
import io.github.distlock.test.contract.LockRegistryContractTests;
import io.github.distlock.test.contract.SharedCounterJob;
import io.github.distlock.test.etcd.EtcdServerExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The contract of every lock backend, against a real etcd server: each client is a jetcd
 * client with an {@link EtcdLockRegistry} whose lease lives 3 s; a lock is lost by revoking the
 * lease; what is left for a key is the contender keys under its lock path; the separate
 * processes run {@link EtcdCounterWorker}.
 */
class EtcdLockRegistryContractTests extends LockRegistryContractTests<EtcdLockRegistryContractTests.EtcdClient> {

	private static final String ROOT = "/Locks";

	private static final EtcdLockPathResolver paths = new EtcdLockPathResolver(ROOT);

	@RegisterExtension
	static final EtcdServerExtension etcd = new EtcdServerExtension();

	/** Reads what the server holds, outside the clients under test. */
	private Client observer;

	@BeforeEach
	void connectObserver() {
		this.observer = Client.builder().endpoints(etcd.endpoint()).build();
	}

	@AfterEach
	void closeObserver() {
		this.observer.close();
	}

	@Override
	protected EtcdClient newClient(LockListener listener) {
		return newClient(listener, new EtcdLockRegistry.Options(Duration.ofSeconds(3), false));
	}

	@Override
	protected Optional<EtcdClient> newHandingOffClient(LockListener listener) {
		return Optional.of(newClient(listener,
				new EtcdLockRegistry.Options(Duration.ofSeconds(3), false, true, 8, Duration.ofMinutes(1))));
	}

	private static EtcdClient newClient(LockListener listener, EtcdLockRegistry.Options options) {
		Client client = Client.builder().endpoints(etcd.endpoint()).build();
		EtcdLockRegistry registry = new EtcdLockRegistry(client, paths, listener, options);
		return new EtcdClient(client, registry, registry::currentLeaseId, registry::close);
	}

	/** The engine over a backend, as the auto-configuration makes them, with caching on. */
	@Override
	protected Optional<EtcdClient> newCachingClient(LockListener listener, Duration idleTime) {
		Client client = Client.builder().endpoints(etcd.endpoint()).build();
		EtcdLockBackend backend = new EtcdLockBackend(client, paths, Duration.ofSeconds(3));
		LockEngine engine = new LockEngine(backend, listener,
				LockEngine.Options.STANDARD.withCaching(LockEngine.Caching.of(idleTime, 100)));
		return Optional.of(new EtcdClient(client, engine, backend::currentLeaseId, () -> {
			engine.close();
			backend.close();
		}));
	}

	@Override
	protected void loseLocks(EtcdClient client) throws Exception {
		this.observer.getLeaseClient().revoke(client.leaseId().getAsLong()).get();
	}

	@Override
	protected Collection<String> entriesOf(String key) throws Exception {
		ByteSequence prefix = ByteSequence.from(paths.resolve(key) + "/", StandardCharsets.UTF_8);
		return this.observer.getKVClient()
			.get(prefix, GetOption.builder().isPrefix(true).build())
			.get()
			.getKvs()
			.stream()
			.map((kv) -> kv.getKey().toString(StandardCharsets.UTF_8))
			.toList();
	}

	@Override
	protected Duration lossTimeout() {
		return Duration.ofSeconds(10);
	}

	@Override
	protected Optional<Process> startContenderProcess(SharedCounterJob job) throws Exception {
		return Optional.of(job.javaProcess(EtcdCounterWorker.class, etcd.endpoint(), ROOT).start());
	}

	record EtcdClient(Client client, LockRegistry registry, LongSupplier leaseId, AutoCloseable registryCloser)
			implements LockClient {

		@Override
		public void close() throws Exception {
			this.registryCloser.close();
			this.client.close();
		}

	}

}
