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

package io.github.distlock.benchmark;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.support.CloseableClient;
import io.etcd.jetcd.support.Observers;
import org.jspecify.annotations.Nullable;

/**
 * Everything the etcd run needs: a raw jetcd client (for the floor and etcd's lock service) with
 * a kept-alive lease per cycling thread, and a Spring application context with the starter on
 * the etcd backend (which builds its own client and lease, as in an application), both on the
 * same server; when the run measures it, a second such context with lock caching on, under its
 * own root path; and, when the run has it, the Redisson peer.
 * <p>
 * A lease per thread, because etcd's lock service keys a lock by its name and lease: two
 * threads that share a lease share the lock (a shared lease let two of 16 threads into the
 * critical section at once, three times in one run).
 */
final class EtcdLockClients implements AutoCloseable {

	/** Time to live of the raw lease: the starter's default session TTL. */
	private static final long LEASE_TTL_SECONDS = 30;

	private final Client raw;

	private final List<Long> leases = new ArrayList<>();

	private final List<CloseableClient> keepAlives = new ArrayList<>();

	private final StarterContext starter;

	private final @Nullable StarterContext cached;

	private final @Nullable RedissonLocks redisson;

	private EtcdLockClients(Client raw, StarterContext starter, @Nullable StarterContext cached,
			@Nullable RedissonLocks redisson) {
		this.raw = raw;
		this.starter = starter;
		this.cached = cached;
		this.redisson = redisson;
	}

	/**
	 * Connects the clients.
	 * @param endpoint the server's client URL
	 * @param rootPath the starter's {@code distributed-lock.etcd.root-path}
	 * @param starterProperties more properties of the Spring contexts
	 * @param redisson the Redisson peer, or {@code null} when the run has none (not owned: its opener closes it)
	 * @param withCache whether to start the second context, with lock caching on (root path
	 * {@code rootPath} + {@value StarterContext#CACHED_ROOT_SUFFIX}), for
	 * {@link EtcdImplementation#LOCK_OPERATIONS_CACHED}
	 * @return the clients
	 * @throws Exception if etcd does not grant the raw lease
	 */
	static EtcdLockClients connect(String endpoint, String rootPath, Map<String, String> starterProperties,
			@Nullable RedissonLocks redisson, boolean withCache) throws Exception {
		Client raw = Client.builder().endpoints(endpoint).build();
		StarterContext starter = null;
		try {
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("distributed-lock.backend", "etcd");
			properties.put("distributed-lock.etcd.endpoints", endpoint);
			properties.put("distributed-lock.etcd.root-path", rootPath);
			properties.put("distributed-lock.default-wait-time", LockClients.WAIT.toSeconds() + "s");
			properties.put("spring.jmx.enabled", "false");
			// the starter's default is on: this context is the uncached one, the cached one is apart
			properties.put(StarterContext.CACHE_ENABLED, "false");
			properties.putAll(starterProperties);
			starter = StarterContext.start(properties);
			StarterContext cached = withCache ? StarterContext
				.start(StarterContext.cachedVariant(properties, "distributed-lock.etcd.root-path")) : null;
			EtcdLockClients clients = new EtcdLockClients(raw, starter, cached, redisson);
			starter = null;
			try {
				clients.grantLeases(Arrays.stream(Scenario.values()).mapToInt(Scenario::threads).max().orElse(1));
			}
			catch (Exception ex) {
				clients.close();
				throw ex;
			}
			return clients;
		}
		catch (Exception ex) {
			if (starter != null) {
				starter.close();
			}
			raw.close();
			throw ex;
		}
	}

	/**
	 * A contender for one thread.
	 * @param implementation what it runs
	 * @param thread the thread's index in the window: etcd's lock service gets that thread's lease
	 * @return a new contender
	 */
	Contender contender(EtcdImplementation implementation, int thread) {
		return switch (implementation) {
			case FLOOR -> this::putAndDelete;
			case JETCD_LOCK -> {
				long lease = lease(thread);
				yield (key, criticalSection) -> lockService(key, lease, criticalSection);
			}
			case LOCK_OPERATIONS -> this.starter.operationsContender();
			case LOCK_OPERATIONS_CACHED -> cached().operationsContender();
			case ANNOTATED -> this.starter.annotatedContender();
			case REDISSON -> RedissonLocks.contender(this.redisson);
		};
	}

	private void putAndDelete(String key, Runnable criticalSection) throws Exception {
		ByteSequence name = bytes("/bench-floor/" + key + "/" + UUID.randomUUID());
		this.raw.getKVClient().put(name, ByteSequence.EMPTY).get(LockClients.WAIT.toSeconds(), TimeUnit.SECONDS);
		criticalSection.run();
		this.raw.getKVClient().delete(name).get(LockClients.WAIT.toSeconds(), TimeUnit.SECONDS);
	}

	/** The kept-alive lease of a cycling thread. */
	private long lease(int thread) {
		if (thread >= this.leases.size()) {
			throw new IllegalArgumentException("No lease for thread " + thread + ": " + this.leases.size() + " granted");
		}
		return this.leases.get(thread);
	}

	/** Grants a kept-alive lease for each thread a scenario may run. */
	private void grantLeases(int threads) throws Exception {
		for (int i = 0; i < threads; i++) {
			long id = this.raw.getLeaseClient().grant(LEASE_TTL_SECONDS).get(15, TimeUnit.SECONDS).getID();
			this.keepAlives.add(this.raw.getLeaseClient().keepAlive(id, Observers.observer((response) -> {
			})));
			this.leases.add(id);
		}
	}

	private void lockService(String key, long lease, Runnable criticalSection) throws Exception {
		ByteSequence owned = this.raw.getLockClient()
			.lock(bytes("/bench-jetcd/" + key), lease)
			.get(LockClients.WAIT.toSeconds(), TimeUnit.SECONDS)
			.getKey();
		try {
			criticalSection.run();
		}
		finally {
			this.raw.getLockClient().unlock(owned).get(LockClients.WAIT.toSeconds(), TimeUnit.SECONDS);
		}
	}

	private static ByteSequence bytes(String text) {
		return ByteSequence.from(text, StandardCharsets.UTF_8);
	}

	private StarterContext cached() {
		if (this.cached == null) {
			throw new IllegalStateException("No context with lock caching in this run: connected without it");
		}
		return this.cached;
	}

	/** Closes the context with lock caching first (releasing the locks it keeps), then the others. */
	@Override
	public void close() {
		try {
			if (this.cached != null) {
				this.cached.close();
			}
		}
		finally {
			try {
				this.starter.close();
			}
			finally {
				this.keepAlives.forEach(CloseableClient::close);
				this.raw.close();
			}
		}
	}

}
