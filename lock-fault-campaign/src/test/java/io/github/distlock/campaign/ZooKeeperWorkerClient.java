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

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/**
 * A ZooKeeper worker's client: Curator through the worker's proxy (a plain connect string, a
 * chroot {@code /campaign}, or a namespace {@code campaign}, by the worker's mode), with a
 * {@value CampaignWorker#SESSION_TIMEOUT_MS} ms session, and a {@link LockEngine} over a
 * {@link ZooKeeperLockBackend} on it.
 */
final class ZooKeeperWorkerClient implements WorkerClient {

	private final CuratorFramework client;

	private final ZooKeeperLockBackend backend;

	private final LockEngine registry;

	private final String ensemble;

	ZooKeeperWorkerClient(Map<String, String> args, LockListener listener) throws InterruptedException {
		String mode = args.get("mode");
		CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
			.connectString(args.get("connect") + (mode.equals("chroot") ? "/campaign" : ""))
			.sessionTimeoutMs(CampaignWorker.SESSION_TIMEOUT_MS)
			.connectionTimeoutMs(2_000)
			.retryPolicy(new ExponentialBackoffRetry(100, 3, 1_000));
		if (mode.equals("namespace")) {
			builder.namespace("campaign");
		}
		this.client = builder.build();
		this.client.start();
		if (!this.client.blockUntilConnected(30, TimeUnit.SECONDS)) {
			throw new IllegalStateException("Worker " + args.get("worker") + " could not connect");
		}
		String root = mode.equals("plain") ? ZooKeeperClusterUnderTest.ROOT : "/Locks";
		this.backend = new ZooKeeperLockBackend(this.client, new ZnodeLockPathResolver(root));
		this.registry = new LockEngine(CampaignWorker.engineBackend(this.backend, args), listener,
				CampaignWorker.engineOptions(args));
		this.ensemble = args.get("ensemble");
	}

	@Override
	public LockRegistry registry() {
		return this.registry;
	}

	/**
	 * Another handle opened with the same session id and password closes the session.
	 */
	@Override
	public long[] expireSession() throws Exception {
		ZooKeeper zookeeper = this.client.getZookeeperClient().getZooKeeper();
		CountDownLatch connected = new CountDownLatch(1);
		long from = System.nanoTime();
		ZooKeeper twin = new ZooKeeper(this.ensemble, CampaignWorker.SESSION_TIMEOUT_MS, (event) -> {
			if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
				connected.countDown();
			}
		}, zookeeper.getSessionId(), zookeeper.getSessionPasswd());
		try {
			connected.await(10, TimeUnit.SECONDS);
		}
		finally {
			twin.close();
		}
		return new long[] { from, System.nanoTime() };
	}

	/**
	 * Curator says connected while ZooKeeper's client is not: Curator missed the
	 * {@code Disconnected} event. (Asked only while Curator says connected, when getting the
	 * handle does nothing else.)
	 */
	@Override
	public boolean deafToDisconnection() {
		try {
			return this.client.getZookeeperClient().isConnected()
					&& !this.client.getZookeeperClient().getZooKeeper().getState().isConnected();
		}
		catch (Exception ex) {
			return false;
		}
	}

	@Override
	public void close() {
		this.registry.close();
		this.backend.close();
		this.client.close();
	}

}
