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

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.github.distlock.core.LockOperations;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.CreateMode;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Everything one process needs to run every implementation: a raw Curator client (for the floor
 * and the raw recipes) and a Spring application context with the starter's auto-configuration
 * (which builds its own client, as in an application), both on the same server and with the
 * same client settings (the starter's defaults); when the run measures it, a second such context
 * with lock caching on, under its own root path; and, when the run has it, the process's Redisson
 * peer (not owned: its opener closes it).
 */
final class LockClients implements AutoCloseable {

	/** How long every implementation waits for a lock: far longer than any wait here. */
	static final Duration WAIT = Duration.ofSeconds(60);

	/** Root of the raw implementations' paths. */
	static final String RAW_ROOT = "/bench";

	private final CuratorFramework raw;

	private final StarterContext starter;

	private final @Nullable StarterContext cached;

	private final Map<String, InterProcessMutex> sharedMutexes = new ConcurrentHashMap<>();

	private final @Nullable RedissonLocks redisson;

	private final TransactionFloor transactionFloor;

	private LockClients(CuratorFramework raw, StarterContext starter, @Nullable StarterContext cached,
			@Nullable RedissonLocks redisson) {
		this.raw = raw;
		this.starter = starter;
		this.cached = cached;
		this.redisson = redisson;
		this.transactionFloor = new TransactionFloor(raw);
	}

	/**
	 * Connects the clients.
	 * @param connectString the server
	 * @param rootPath the starter's {@code distributed-lock.zookeeper.root-path}
	 * @param starterProperties more properties of the Spring contexts
	 * @param redisson this process's Redisson peer, or {@code null} when the run has none
	 * @param withCache whether to start the second context, with lock caching on (root path
	 * {@code rootPath} + {@value StarterContext#CACHED_ROOT_SUFFIX}), for
	 * {@link Implementation#LOCK_OPERATIONS_CACHED}
	 * @return the clients
	 * @throws InterruptedException if interrupted while connecting
	 */
	static LockClients connect(String connectString, String rootPath, Map<String, String> starterProperties,
			@Nullable RedissonLocks redisson, boolean withCache) throws InterruptedException {
		CuratorFramework raw = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs(30_000)
			.connectionTimeoutMs(15_000)
			.retryPolicy(new ExponentialBackoffRetry(1000, 3, 8000))
			.build();
		raw.start();
		StarterContext starter = null;
		try {
			if (!raw.blockUntilConnected(15, TimeUnit.SECONDS)) {
				throw new IllegalStateException("Could not connect to ZooKeeper at " + connectString);
			}
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("distributed-lock.zookeeper.connect-string", connectString);
			properties.put("distributed-lock.zookeeper.root-path", rootPath);
			properties.put("distributed-lock.default-wait-time", WAIT.toSeconds() + "s");
			properties.put("spring.jmx.enabled", "false");
			// the starter's default is on: this context is the uncached one, the cached one is apart
			properties.put(StarterContext.CACHE_ENABLED, "false");
			properties.putAll(starterProperties);
			starter = StarterContext.start(properties);
			StarterContext cached = withCache ? StarterContext
				.start(StarterContext.cachedVariant(properties, "distributed-lock.zookeeper.root-path")) : null;
			return new LockClients(raw, starter, cached, redisson);
		}
		catch (RuntimeException | InterruptedException ex) {
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
	 * @return a new contender
	 */
	Contender contender(Implementation implementation) {
		return switch (implementation) {
			case FLOOR -> this::createAndDelete;
			case TRANSACTION_FLOOR -> this.transactionFloor;
			case CURATOR_PER_THREAD -> new OwnMutex(this.raw);
			case CURATOR_SHARED -> (key, criticalSection) -> holding(
					this.sharedMutexes.computeIfAbsent(path(implementation, key),
							(path) -> new InterProcessMutex(this.raw, path)),
					criticalSection);
			case LOCK_OPERATIONS -> this.starter.operationsContender();
			case LOCK_OPERATIONS_CACHED -> cached().operationsContender();
			case ANNOTATED -> this.starter.annotatedContender();
			case REDISSON -> RedissonLocks.contender(this.redisson);
		};
	}

	private void createAndDelete(String key, Runnable criticalSection) throws Exception {
		String node = this.raw.create()
			.creatingParentContainersIfNeeded()
			.withMode(CreateMode.EPHEMERAL_SEQUENTIAL)
			.forPath(path(Implementation.FLOOR, key) + "/n-");
		criticalSection.run();
		this.raw.delete().forPath(node);
	}

	static void holding(InterProcessMutex mutex, Runnable criticalSection) throws Exception {
		if (!mutex.acquire(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
			throw new TimeoutException("No lock within " + WAIT);
		}
		try {
			criticalSection.run();
		}
		finally {
			mutex.release();
		}
	}

	static String path(Implementation implementation, String key) {
		return RAW_ROOT + "/" + implementation.id() + "/" + key;
	}

	/**
	 * Forgets the shared mutexes and the transaction floor's lock paths, which a
	 * new-key-each-cycle run piles up (one per key, never evicted).
	 */
	void forgetSharedMutexes() {
		this.sharedMutexes.clear();
		this.transactionFloor.forget();
	}

	CuratorFramework raw() {
		return this.raw;
	}

	ConfigurableApplicationContext context() {
		return this.starter.context();
	}

	LockOperations operations() {
		return this.starter.operations();
	}

	private StarterContext cached() {
		if (this.cached == null) {
			throw new IllegalStateException("No context with lock caching in this process: connected without it");
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
				this.raw.close();
			}
		}
	}

	/**
	 * Curator's mutex with an instance per thread: the thread keeps its instance while it stays
	 * on one key, and makes a new one for a new key.
	 */
	private static final class OwnMutex implements Contender {

		private final CuratorFramework client;

		private @Nullable String key;

		private @Nullable InterProcessMutex mutex;

		OwnMutex(CuratorFramework client) {
			this.client = client;
		}

		@Override
		public void cycle(String key, Runnable criticalSection) throws Exception {
			InterProcessMutex mutex = this.mutex;
			if (mutex == null || !key.equals(this.key)) {
				mutex = new InterProcessMutex(this.client, path(Implementation.CURATOR_PER_THREAD, key));
				this.mutex = mutex;
				this.key = key;
			}
			holding(mutex, criticalSection);
		}

	}

}
