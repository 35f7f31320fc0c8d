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

package io.github.distlock.test.zookeeper;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Helpers for tests against a real ZooKeeper server.
 *
 * @since 0.1.0
 */
public final class ZooKeeperTestSupport {

	private ZooKeeperTestSupport() {
	}

	/**
	 * A started client, connected before it is returned.
	 */
	public static CuratorFramework connectedClient(String connectString) throws InterruptedException {
		return connectedClient(connectString, 10_000, 5_000);
	}

	/**
	 * A started client with the given timeouts and a single retry, connected before it is
	 * returned.
	 */
	public static CuratorFramework connectedClient(String connectString, int sessionTimeoutMs,
			int connectionTimeoutMs) throws InterruptedException {
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs(sessionTimeoutMs)
			.connectionTimeoutMs(connectionTimeoutMs)
			.retryPolicy(new RetryOneTime(100))
			.build();
		client.start();
		if (!client.blockUntilConnected(10, TimeUnit.SECONDS)) {
			client.close();
			throw new IllegalStateException("Could not connect to " + connectString);
		}
		return client;
	}

	/**
	 * Expires a client's session on the server, as a long partition or pause would: another
	 * handle opened with the same session id and password closes it.
	 */
	public static void expireSession(CuratorFramework client) throws Exception {
		expireSession(client, client.getZookeeperClient().getCurrentConnectionString());
	}

	/**
	 * Expires a client's session through another connect string, for a client whose own
	 * connection is cut or frozen.
	 */
	public static void expireSession(CuratorFramework client, String connectString) throws Exception {
		org.apache.zookeeper.ZooKeeper zookeeper = client.getZookeeperClient().getZooKeeper();
		CountDownLatch connected = new CountDownLatch(1);
		org.apache.zookeeper.ZooKeeper twin = new org.apache.zookeeper.ZooKeeper(connectString, 10_000, (event) -> {
					if (event.getState() == org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected) {
						connected.countDown();
					}
				}, zookeeper.getSessionId(), zookeeper.getSessionPasswd());
		try {
			connected.await(10, TimeUnit.SECONDS);
		}
		finally {
			twin.close();
		}
	}

	/**
	 * The mode of a server ({@code leader}, {@code follower} or {@code standalone}), from the
	 * {@code srvr} command that ZooKeeper allows by default.
	 */
	public static String serverMode(int port) throws java.io.IOException {
		return srvr(port, "Mode").orElse("unknown");
	}

	/**
	 * The packets a server has received from clients, from the {@code srvr} command, which is
	 * itself one of them.
	 */
	public static long packetsReceived(int port) throws java.io.IOException {
		return Long.parseLong(srvr(port, "Received").orElseThrow());
	}

	private static java.util.Optional<String> srvr(int port, String field) throws java.io.IOException {
		return ZooKeeperProcess.field(ZooKeeperProcess.fourLetterWord(port, "srvr"), field);
	}

	/**
	 * Every ephemeral node (a lock or lease node) under a path, depth first.
	 */
	public static List<String> ephemeralNodesUnder(CuratorFramework client, String path) throws Exception {
		List<String> found = new ArrayList<>();
		List<String> children;
		try {
			children = client.getChildren().forPath(path);
		}
		catch (KeeperException.NoNodeException ex) {
			// gone, or deleted while this looked (Curator deletes nodes in the background)
			return found;
		}
		for (String child : children) {
			String childPath = ZKPaths.makePath(path, child);
			Stat stat = client.checkExists().forPath(childPath);
			if (stat != null && stat.getEphemeralOwner() != 0) {
				found.add(childPath);
			}
			found.addAll(ephemeralNodesUnder(client, childPath));
		}
		return found;
	}

	/**
	 * The paths a client watches for data changes, from ZooKeeper's own watch manager.
	 */
	@SuppressWarnings("unchecked")
	public static List<String> dataWatches(CuratorFramework client) throws Exception {
		org.apache.zookeeper.ZooKeeper zookeeper = client.getZookeeperClient().getZooKeeper();
		java.lang.reflect.Method method = org.apache.zookeeper.ZooKeeper.class.getDeclaredMethod("getDataWatches");
		method.setAccessible(true);
		return (List<String>) method.invoke(zookeeper);
	}

}
