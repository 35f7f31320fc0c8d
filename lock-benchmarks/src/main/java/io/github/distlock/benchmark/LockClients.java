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
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Everything one process needs to run every implementation: a raw Curator client (for the floor
 * and the raw recipes) and a Spring application context with the starter's auto-configuration
 * (which builds its own client, as in an application), both on the same server and with the
 * same client settings (the starter's defaults); and, when the run has it, the process's Redisson
 * peer (not owned: its opener closes it).
 */
final class LockClients implements AutoCloseable {

	/** How long every implementation waits for a lock: far longer than any wait here. */
	static final Duration WAIT = Duration.ofSeconds(60);

	/** Root of the raw implementations' paths. */
	static final String RAW_ROOT = "/bench";

	private final CuratorFramework raw;

	private final ConfigurableApplicationContext context;

	private final LockOperations operations;

	private final LockedMethods lockedMethods;

	private final Map<String, InterProcessMutex> sharedMutexes = new ConcurrentHashMap<>();

	private final @Nullable RedissonLocks redisson;

	private LockClients(CuratorFramework raw, ConfigurableApplicationContext context, @Nullable RedissonLocks redisson) {
		this.raw = raw;
		this.context = context;
		this.redisson = redisson;
		this.operations = context.getBean(LockOperations.class);
		this.lockedMethods = context.getBean(LockedMethods.class);
	}

	/**
	 * Connects both clients.
	 * @param connectString the server
	 * @param rootPath the starter's {@code distributed-lock.zookeeper.root-path}
	 * @param starterProperties more properties of the Spring context
	 * @param redisson this process's Redisson peer, or {@code null} when the run has none
	 * @return the clients
	 * @throws InterruptedException if interrupted while connecting
	 */
	static LockClients connect(String connectString, String rootPath, Map<String, String> starterProperties,
			@Nullable RedissonLocks redisson) throws InterruptedException {
		CuratorFramework raw = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs(30_000)
			.connectionTimeoutMs(15_000)
			.retryPolicy(new ExponentialBackoffRetry(1000, 3, 8000))
			.build();
		raw.start();
		ConfigurableApplicationContext context = null;
		try {
			if (!raw.blockUntilConnected(15, TimeUnit.SECONDS)) {
				throw new IllegalStateException("Could not connect to ZooKeeper at " + connectString);
			}
			Map<String, Object> properties = new LinkedHashMap<>();
			properties.put("distributed-lock.zookeeper.connect-string", connectString);
			properties.put("distributed-lock.zookeeper.root-path", rootPath);
			properties.put("distributed-lock.default-wait-time", WAIT.toSeconds() + "s");
			properties.put("spring.jmx.enabled", "false");
			properties.putAll(starterProperties);
			context = new SpringApplicationBuilder(BenchmarkApplication.class).web(WebApplicationType.NONE)
				.bannerMode(Banner.Mode.OFF)
				.logStartupInfo(false)
				.properties(properties)
				.run();
			return new LockClients(raw, context, redisson);
		}
		catch (RuntimeException | InterruptedException ex) {
			if (context != null) {
				context.close();
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
			case CURATOR_PER_THREAD -> new OwnMutex(this.raw);
			case CURATOR_SHARED -> (key, criticalSection) -> holding(
					this.sharedMutexes.computeIfAbsent(path(implementation, key),
							(path) -> new InterProcessMutex(this.raw, path)),
					criticalSection);
			case LOCK_OPERATIONS -> (key, criticalSection) -> this.operations.execute("ops:" + key, WAIT, () -> {
				criticalSection.run();
				return null;
			});
			case ANNOTATED -> this.lockedMethods::cycle;
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

	/** Forgets the shared mutexes, which a new-key-each-cycle run piles up (one per key, never evicted). */
	void forgetSharedMutexes() {
		this.sharedMutexes.clear();
	}

	CuratorFramework raw() {
		return this.raw;
	}

	ConfigurableApplicationContext context() {
		return this.context;
	}

	LockOperations operations() {
		return this.operations;
	}

	@Override
	public void close() {
		try {
			this.context.close();
		}
		finally {
			this.raw.close();
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
