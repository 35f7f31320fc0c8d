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

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Deletes nodes of this client's session that no lock of the registry uses: a safety net under
 * the cleanups of Curator and of our recipes. An acquisition that fails over a lost connection
 * or an interrupt can leave such a node (Curator's semaphore has done so before, and its
 * protected creates cannot always tell a first attempt's node from a retry's); it lives as long
 * as the session, and queues every process behind it.
 * <p>
 * Such a failure schedules a sweep of its lock path. The sweep runs when no thread of the
 * registry holds or awaits a lock on that path, and deletes the session's nodes it finds there;
 * it gives up a round if an acquisition on the path began while it looked, since that node may
 * be new. Runs on a thread of its own, never Curator's or ZooKeeper's.
 */
final class StrayNodeSweep implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(StrayNodeSweep.class);

	private static final long DELAY_MILLIS = 1_000;

	/** Paths awaiting a sweep at most, so that a storm of failures cannot grow the map unbounded. */
	private static final int MAX_PENDING = 1024;

	/** Lock nodes lie on the lock path or, for the semaphore, one level below it. */
	private static final int DEPTH = 1;

	private final CuratorFramework client;

	private final Predicate<String> inUse;

	/** The paths to sweep, each with how many acquisitions on it began since it was added. */
	private final ConcurrentHashMap<String, Long> pending = new ConcurrentHashMap<>();

	private final ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, (task) -> {
		Thread thread = new Thread(task, "distributed-lock-stray-nodes");
		thread.setDaemon(true);
		return thread;
	});

	/**
	 * @param inUse whether a thread of the registry holds or awaits a lock on a path
	 */
	StrayNodeSweep(CuratorFramework client, Predicate<String> inUse) {
		this.client = client;
		this.inUse = inUse;
		this.executor.setRemoveOnCancelPolicy(true);
	}

	/**
	 * Notes that an acquisition on a lock path begins; to be called before it creates a node.
	 */
	void acquisitionBegins(String path) {
		if (!this.pending.isEmpty()) {
			this.pending.computeIfPresent(path, (p, begun) -> begun + 1);
		}
	}

	/**
	 * Sweeps a lock path once no lock of the registry uses it.
	 */
	void schedule(String path) {
		if (this.pending.size() >= MAX_PENDING) {
			logger.debug("Too many lock paths await a sweep for stray nodes; not sweeping " + path);
			return;
		}
		if (this.pending.putIfAbsent(path, 0L) == null) {
			later(path);
		}
	}

	boolean isPending(String path) {
		return this.pending.containsKey(path);
	}

	private void later(String path) {
		if (!this.executor.isShutdown()) {
			this.executor.schedule(() -> sweep(path), DELAY_MILLIS, TimeUnit.MILLISECONDS);
		}
	}

	private void sweep(String path) {
		Long begun = this.pending.get(path);
		if (begun == null) {
			return;
		}
		try {
			if (!this.client.getZookeeperClient().isConnected() || this.inUse.test(path)) {
				later(path);
				return;
			}
			long session = this.client.getZookeeperClient().getZooKeeper().getSessionId();
			List<String> strays = nodesOfSession(path, session, DEPTH);
			if (!strays.isEmpty() && (!begun.equals(this.pending.get(path)) || this.inUse.test(path))) {
				later(path);
				return;
			}
			for (String stray : strays) {
				logger.warn("Deleting node " + stray + " of this client's session, which no lock uses: "
						+ "an acquisition that failed over a lost connection or an interrupt left it behind");
				this.client.delete().guaranteed().inBackground().forPath(stray);
			}
			if (!this.pending.remove(path, begun)) {
				later(path);
			}
		}
		catch (Exception ex) {
			logger.debug("Could not sweep " + path + " for stray nodes; trying again", ex);
			later(path);
		}
	}

	private List<String> nodesOfSession(String path, long session, int depth) throws Exception {
		List<String> found = new ArrayList<>();
		List<String> children;
		try {
			children = this.client.getChildren().forPath(path);
		}
		catch (KeeperException.NoNodeException ex) {
			return found;
		}
		for (String child : children) {
			String childPath = ZKPaths.makePath(path, child);
			Stat stat = this.client.checkExists().forPath(childPath);
			if (stat == null) {
				continue;
			}
			if (stat.getEphemeralOwner() == session) {
				found.add(childPath);
			}
			else if (stat.getEphemeralOwner() == 0 && stat.getNumChildren() > 0 && depth > 0) {
				found.addAll(nodesOfSession(childPath, session, depth - 1));
			}
		}
		return found;
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
	}

}
