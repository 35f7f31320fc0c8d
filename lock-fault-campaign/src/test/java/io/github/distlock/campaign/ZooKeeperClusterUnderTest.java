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

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.distlock.core.LockListener;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.test.zookeeper.ZooKeeperProcesses;
import io.github.distlock.zookeeper.ZnodeLockPathResolver;
import io.github.distlock.zookeeper.ZooKeeperLockBackend;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * The ZooKeeper campaign's cluster: a 3-server ensemble of separate server processes
 * ({@link ZooKeeperProcesses}, with a tick of 500 ms so that sessions of a few seconds are
 * allowed; its servers' ids are the members' indexes plus one), a Curator client of the
 * orchestrator's own on it, and four workers (plain, chrooted and namespaced connections
 * contending on the same znodes under {@value #ROOT}, with and without the local queue and
 * hand-off). Sessions are ended from outside by the worker itself ({@code EXPIRED} in its history).
 */
final class ZooKeeperClusterUnderTest implements ClusterUnderTest {

	static final String ROOT = "/campaign/Locks";

	private static final List<Nemesis.Fault> FAULTS = List.of(Nemesis.Fault.KILL_LEADER, Nemesis.Fault.KILL_FOLLOWER,
			Nemesis.Fault.PAUSE_CLIENT_LONG, Nemesis.Fault.PAUSE_CLIENT_SHORT, Nemesis.Fault.FREEZE_CLIENT_LONG,
			Nemesis.Fault.FREEZE_CLIENT_SHORT, Nemesis.Fault.CUT_CLIENT_LONG, Nemesis.Fault.CUT_CLIENT_SHORT,
			Nemesis.Fault.FLAP_CLIENT, Nemesis.Fault.EXPIRE_SESSION, Nemesis.Fault.KILL_CLIENT,
			Nemesis.Fault.SLOW_CLIENT, Nemesis.Fault.STALL_CLIENT);

	private final ZooKeeperProcesses ensemble;

	private final CuratorFramework admin;

	private ZooKeeperClusterUnderTest(ZooKeeperProcesses ensemble, CuratorFramework admin) {
		this.ensemble = ensemble;
		this.admin = admin;
	}

	static ZooKeeperClusterUnderTest start(Path dir) throws Exception {
		ZooKeeperProcesses ensemble = ZooKeeperProcesses.builder()
			.servers(3)
			.directory(dir)
			.property("tickTime", "500")
			.property("initLimit", "20")
			// As the campaign always had it: ZooKeeper passes this zoo.cfg line on as the system property
			// zookeeper.znode.container.checkIntervalMs, which its container manager does not read (it
			// reads znode.container.checkIntervalMs), so the reaper keeps its default interval of a minute.
			.property("znode.container.checkIntervalMs", "1000")
			.start();
		try {
			CuratorFramework admin = client(ensemble.connectString());
			admin.create().creatingParentsIfNeeded().forPath(ROOT);
			return new ZooKeeperClusterUnderTest(ensemble, admin);
		}
		catch (Exception ex) {
			ensemble.close();
			throw ex;
		}
	}

	@Override
	public List<WorkerSpec> workers() {
		return List.of(new WorkerSpec("w1", "plain", true, 8, true), new WorkerSpec("w2", "chroot", true, 8, true),
				new WorkerSpec("w3", "namespace", true, 0, false), new WorkerSpec("w4", "plain", false, 0, false));
	}

	@Override
	public List<Nemesis.Fault> faults() {
		return FAULTS;
	}

	@Override
	public List<Integer> clientPorts() {
		return this.ensemble.clientPorts();
	}

	@Override
	public List<String> workerArgs() {
		return List.of("ensemble=" + this.ensemble.connectString());
	}

	@Override
	public int awaitLeader(Duration timeout) throws Exception {
		return this.ensemble.awaitLeader(timeout) - 1;
	}

	@Override
	public int follower() {
		return this.ensemble.follower().orElse(0) - 1;
	}

	@Override
	public void kill(int member) throws Exception {
		this.ensemble.kill(member + 1);
	}

	@Override
	public void restart(int member) throws Exception {
		this.ensemble.restart(member + 1);
	}

	@Override
	public int size() {
		return this.ensemble.size();
	}

	@Override
	public void awaitAllServing(Duration timeout) throws Exception {
		this.ensemble.awaitAllServing(timeout);
	}

	@Override
	public SessionEnd endSessionOf(WorkerProcess worker) throws Exception {
		worker.expireSession();
		return new SessionEnd(null, null);
	}

	@Override
	public String awaitHolding(WorkerProcess worker, Duration timeout) {
		return null;
	}

	@Override
	public List<String> lockNodesOf(String key) throws Exception {
		return ephemeralNodesUnder(ZKPaths.makePath(ROOT, key));
	}

	@Override
	public <T> T withRegistry(RegistryTask<T> task) throws Exception {
		try (ZooKeeperLockBackend backend = new ZooKeeperLockBackend(this.admin, new ZnodeLockPathResolver(ROOT));
				LockEngine registry = new LockEngine(backend, new LockListener() {
				}, LockEngine.Options.STANDARD)) {
			return task.run(registry);
		}
	}

	/**
	 * Waits until no ephemeral node is left under {@code /campaign}: sessions of killed processes
	 * end within their timeout.
	 */
	@Override
	public void checkLeftovers(InvariantChecker checker) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CampaignWorker.SESSION_TIMEOUT_MS * 3L);
		List<String> nodes = ephemeralNodesUnder("/campaign");
		while (!nodes.isEmpty() && System.nanoTime() < deadline) {
			Thread.sleep(200);
			nodes = ephemeralNodesUnder("/campaign");
		}
		nodes.forEach((node) -> checker.add("leftover-node", node));
	}

	@Override
	public String strayNodeLogText() {
		return "of this client's session, which no lock uses";
	}

	private List<String> ephemeralNodesUnder(String path) throws Exception {
		List<String> found = new ArrayList<>();
		List<String> children;
		try {
			children = this.admin.getChildren().forPath(path);
		}
		catch (KeeperException.NoNodeException gone) {
			return found;
		}
		for (String child : children) {
			String childPath = ZKPaths.makePath(path, child);
			Stat stat = this.admin.checkExists().forPath(childPath);
			if (stat != null && stat.getEphemeralOwner() != 0) {
				found.add(childPath + " (session 0x" + Long.toHexString(stat.getEphemeralOwner()) + ")");
			}
			found.addAll(ephemeralNodesUnder(childPath));
		}
		return found;
	}

	private static CuratorFramework client(String connectString) throws InterruptedException {
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs(10_000)
			.connectionTimeoutMs(5_000)
			.retryPolicy(new ExponentialBackoffRetry(200, 10, 2_000))
			.build();
		client.start();
		if (!client.blockUntilConnected(60, TimeUnit.SECONDS)) {
			client.close();
			throw new IllegalStateException("Could not connect to " + connectString);
		}
		return client;
	}

	@Override
	public void close() {
		try {
			this.admin.close();
		}
		finally {
			this.ensemble.close();
		}
	}

}
