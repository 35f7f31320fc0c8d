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

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.jspecify.annotations.Nullable;
import org.redisson.Redisson;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.redisson.api.redisnode.RedisMaster;
import org.redisson.api.redisnode.RedisNode;
import org.redisson.api.redisnode.RedisNodes;
import org.redisson.config.Config;

/**
 * The Redisson peer: one {@link RedissonClient} per process on a single Redis server, with
 * Redisson's defaults, whose {@link RLock} the runs measure beside the others. Redis is not a
 * consensus system: one server, no quorum behind a write, and on this machine no persistence at
 * all (appendonly no, no snapshots; the report prints the server's settings). The figures say
 * what a lock costs there, not what ZooKeeper's or etcd's guarantees would cost.
 */
final class RedissonLocks implements AutoCloseable {

	/** The machine's Redis, unless {@code bench.redis} says otherwise. */
	static final String DEFAULT_ADDRESS = "redis://127.0.0.1:6379";

	/** Prefix of every lock name. */
	static final String PREFIX = "bench:";

	private final RedissonClient client;

	private final String address;

	private RedissonLocks(RedissonClient client, String address) {
		this.client = client;
		this.address = address;
	}

	/**
	 * Connects to a single Redis server.
	 * @param address {@code redis://HOST:PORT}, or {@code HOST:PORT}
	 * @return the connected client
	 * @throws RuntimeException (Redisson's {@code RedisConnectionException}) if the server does not answer
	 */
	static RedissonLocks connect(String address) {
		String url = address.contains("://") ? address : "redis://" + address;
		Config config = new Config();
		config.useSingleServer().setAddress(url);
		return new RedissonLocks(Redisson.create(config), url);
	}

	/**
	 * Connects the peer of a run if {@code bench.implementations} selects it, or leaves Redisson
	 * out of the run when it is not selected or the server does not answer, saying so in one line.
	 * @param options the run's options: whether the peer is selected, and its server
	 * @param resources where the connected client is registered, to be closed with the run
	 * @return the peer, or none, and the report's line about it
	 */
	static OfRun forRun(BenchmarkOptions options, Resources resources) {
		if (!options.implementations().contains(Implementation.PEER)) {
			return new OfRun(null, "- Peer: Redisson not selected (bench.implementations).");
		}
		String address = options.redis();
		try {
			RedissonLocks locks = resources.add(connect(address));
			return new OfRun(locks, locks.describe());
		}
		catch (RuntimeException ex) {
			String line = "Redisson left out of this run: no answer from Redis at " + address + " ("
					+ ex.getClass().getSimpleName() + ": " + ex.getMessage() + ").";
			LockBenchmark.say(line);
			return new OfRun(null, "- Peer: " + line);
		}
	}

	/**
	 * A contender for one thread: the same cycle on every thread, Redisson keeping each thread's
	 * hold apart.
	 * @param redisson the process's peer, or {@code null} if it has none
	 * @return the contender
	 * @throws IllegalStateException if the process has no peer
	 */
	static Contender contender(@Nullable RedissonLocks redisson) {
		if (redisson == null) {
			throw new IllegalStateException("Redisson is not connected in this process: Redis did not answer at the "
					+ "start of the run, or the run left Redisson out");
		}
		return redisson::cycle;
	}

	/**
	 * A cycle as an application writes it with Redisson: {@code tryLock(wait, unit)} without a
	 * lease time, so that Redisson's watchdog keeps the lock (30 s, renewed every 10 s), the
	 * critical section, {@code unlock()}.
	 */
	private void cycle(String key, Runnable criticalSection) throws Exception {
		RLock lock = this.client.getLock(PREFIX + key);
		if (!lock.tryLock(LockClients.WAIT.toSeconds(), TimeUnit.SECONDS)) {
			throw new TimeoutException("No Redisson lock on " + PREFIX + key + " within " + LockClients.WAIT);
		}
		try {
			criticalSection.run();
		}
		finally {
			lock.unlock();
		}
	}

	/** One line for the report: the server, its persistence settings and the client. */
	String describe() {
		String server;
		try {
			RedisMaster redis = this.client.getRedisNodes(RedisNodes.SINGLE).getInstance();
			Map<String, String> info = redis.info(RedisNode.InfoSection.SERVER);
			String appendonly = config(redis, "appendonly");
			String save = config(redis, "save");
			server = "Redis " + info.getOrDefault("redis_version", "?") + " (appendonly '" + appendonly
					+ "', appendfsync '" + config(redis, "appendfsync") + "', save '" + save + "'"
					+ ((appendonly.equals("no") && save.isEmpty()) ? ": nothing is written to disk" : "") + ")";
		}
		catch (RuntimeException ex) {
			server = "Redis (version and settings not readable: " + ex.getMessage() + ")";
		}
		return "- Peer: Redisson " + version() + " `RLock` on " + server + " at " + this.address
				+ ": one server, not consensus. One `RedissonClient` per process with Redisson's defaults; a cycle is "
				+ "`getLock(\"" + PREFIX + "KEY\").tryLock(" + LockClients.WAIT.toSeconds() + ", SECONDS)` (no lease "
				+ "time: the watchdog's 30 s lease, renewed every 10 s), the critical section, `unlock()`. The "
				+ "ZooKeeper and etcd server counters do not apply to it (—).";
	}

	private static String config(RedisMaster redis, String name) {
		return redis.getConfig(name).getOrDefault(name, "?");
	}

	static String version() {
		String version = Redisson.class.getPackage().getImplementationVersion();
		return (version != null) ? version : "(version not in its jar)";
	}

	@Override
	public void close() {
		this.client.shutdown(0, 5, TimeUnit.SECONDS);
	}

	/**
	 * The peer of a run.
	 *
	 * @param locks the connected client, or {@code null} when Redisson is left out
	 * @param reportLine what the report says about it
	 */
	record OfRun(@Nullable RedissonLocks locks, String reportLine) {

		boolean present() {
			return this.locks != null;
		}

	}

}
