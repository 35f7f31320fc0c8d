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

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.curator.framework.CuratorFramework;

/**
 * The deletes of released {@code MUTEX} nodes that were the first of a lock path this process
 * made (a key used once, most often), held back for a moment so that the next new lock path's
 * transaction of this session carries them: one request, and one write to ZooKeeper's
 * log, where a delete and a create would take two. A delete is sent on its own when no such
 * transaction comes within {@link #BOUND}, and before any other request of this session that
 * creates a node, so that ZooKeeper still applies the session's requests in the order the
 * engine made them. Until then the released node is still in the lock's queue: another process
 * waits that much longer for it, and no process can take the lock meanwhile.
 */
final class DeferredDeletes {

	/** How long a released node's delete waits for a transaction to ride in. */
	static final Duration BOUND = Duration.ofMillis(2);

	private final CuratorFramework client;

	private final AsyncTimer timer;

	private final Duration bound;

	private final Queue<String> nodes = new ConcurrentLinkedQueue<>();

	/** Whether the timer will send what is held back; cleared by the timer before it sends. */
	private final AtomicBoolean flushScheduled = new AtomicBoolean();

	DeferredDeletes(CuratorFramework client, AsyncTimer timer) {
		this(client, timer, BOUND);
	}

	DeferredDeletes(CuratorFramework client, AsyncTimer timer, Duration bound) {
		this.client = client;
		this.timer = timer;
		this.bound = bound;
	}

	/**
	 * Holds a released node's delete back, for at most the bound.
	 * @param nodePath the node
	 */
	void add(String nodePath) {
		this.nodes.add(nodePath);
		if (this.flushScheduled.compareAndSet(false, true)) {
			try {
				this.timer.schedule(this::flush, System.nanoTime() + this.bound.toNanos());
			}
			catch (RejectedExecutionException closed) {
				flush();
			}
		}
	}

	/**
	 * The deletes held back, for a transaction to carry; the caller sends them on their own
	 * ({@link #send}) if its transaction is not applied.
	 * @return the nodes, in the order they were released
	 */
	List<String> take() {
		if (this.nodes.isEmpty()) {
			return List.of();
		}
		List<String> taken = new ArrayList<>();
		for (String node = this.nodes.poll(); node != null; node = this.nodes.poll()) {
			taken.add(node);
		}
		return taken;
	}

	/**
	 * Sends the deletes held back, each on its own, in the session's order: before another
	 * create, and when the registry closes.
	 */
	void sendNow() {
		send(this.client, take());
	}

	private void flush() {
		// cleared first: a node added after the take below schedules the timer again
		this.flushScheduled.set(false);
		sendNow();
	}

	/**
	 * Sends deletes of nodes each on its own, guaranteed: Curator retries one over a lost
	 * connection, and a node gone already is no error.
	 * @param client the client
	 * @param nodes the nodes
	 */
	static void send(CuratorFramework client, List<String> nodes) {
		for (String node : nodes) {
			LockNodes.deleteQuietly(client, node);
		}
	}

}
