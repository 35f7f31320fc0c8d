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

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.GetOption;
import io.github.distlock.core.LockListener;
import io.github.distlock.etcd.EtcdLockPathResolver;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.etcd.EtcdLockBackend;
import io.github.distlock.test.etcd.EtcdCluster;

/**
 * The etcd campaign's cluster: three {@code etcd} processes ({@link EtcdCluster}), a jetcd client
 * and {@link Etcdctl} of the orchestrator's own on them, and four workers on
 * {@link LockEngine} over an {@link EtcdLockBackend} with a {@value CampaignWorker#SESSION_TIMEOUT_MS} ms lease, contending
 * on the same keys under {@value #ROOT}: plain with the local queue and hand-off, through a jetcd
 * namespace ({@code /campaign}) with them, with the local queue and no hand-off, and with
 * neither. Each worker names itself as the owner of its requests, so that its contender keys
 * ({@code …/<w|r>-<lease>-<n>}, value {@code o=<worker>}) tell which lease is its own.
 */
final class EtcdClusterUnderTest implements ClusterUnderTest {

	static final String ROOT = "/campaign/Locks";

	static final Duration LEASE_TTL = Duration.ofMillis(CampaignWorker.SESSION_TIMEOUT_MS);

	/**
	 * How long after its lease was revoked from outside a worker may still not know: until the
	 * answer to its next renewal, which jetcd sends a third of the time to live after the last one
	 * on a 500 ms tick, and a round trip.
	 */
	static final long REVOKE_NOTICE_NANOS = LEASE_TTL.toNanos() / 3 + TimeUnit.SECONDS.toNanos(1);

	private static final List<Nemesis.Fault> FAULTS = List.of(Nemesis.Fault.KILL_LEADER, Nemesis.Fault.KILL_FOLLOWER,
			Nemesis.Fault.QUORUM_LOSS, Nemesis.Fault.PAUSE_CLIENT_LONG, Nemesis.Fault.PAUSE_CLIENT_SHORT,
			Nemesis.Fault.FREEZE_CLIENT_LONG, Nemesis.Fault.FREEZE_CLIENT_SHORT, Nemesis.Fault.CUT_CLIENT_LONG,
			Nemesis.Fault.CUT_CLIENT_SHORT, Nemesis.Fault.FLAP_CLIENT, Nemesis.Fault.SLOW_CLIENT,
			Nemesis.Fault.REVOKE_LEASE, Nemesis.Fault.KILL_CLIENT, Nemesis.Fault.STALL_CLIENT);

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

	private final EtcdCluster cluster;

	private final Client admin;

	private final Etcdctl etcdctl;

	private final Set<Integer> down = new HashSet<>();

	private EtcdClusterUnderTest(EtcdCluster cluster) {
		this.cluster = cluster;
		this.admin = Client.builder().endpoints(cluster.endpoints().toArray(String[]::new)).build();
		this.etcdctl = new Etcdctl(cluster.endpoints());
	}

	static EtcdClusterUnderTest start() throws Exception {
		return new EtcdClusterUnderTest(EtcdCluster.start(3));
	}

	@Override
	public List<WorkerSpec> workers() {
		return List.of(new WorkerSpec("w1", "plain", true, 8, true), new WorkerSpec("w2", "namespace", true, 8, true),
				new WorkerSpec("w3", "plain", true, 0, false), new WorkerSpec("w4", "plain", false, 0, false));
	}

	@Override
	public List<Nemesis.Fault> faults() {
		return FAULTS;
	}

	@Override
	public List<Integer> clientPorts() {
		return this.cluster.endpoints().stream().map((url) -> URI.create(url).getPort()).toList();
	}

	@Override
	public List<String> workerArgs() {
		return List.of("owners=true");
	}

	@Override
	public int awaitLeader(Duration timeout) throws Exception {
		return this.cluster.awaitLeader(timeout);
	}

	@Override
	public int follower() throws Exception {
		int leader = this.cluster.awaitLeader(Duration.ofSeconds(10));
		for (int member = 0; member < this.cluster.size(); member++) {
			if (member != leader && !this.down.contains(member)) {
				return member;
			}
		}
		return -1;
	}

	@Override
	public void kill(int member) throws Exception {
		this.cluster.kill(member);
		this.down.add(member);
	}

	@Override
	public void restart(int member) throws Exception {
		this.cluster.restart(member);
		this.down.remove(member);
	}

	@Override
	public int size() {
		return this.cluster.size();
	}

	/**
	 * Waits until every member runs and says it is healthy (it has a leader and answers), and
	 * one leads.
	 */
	@Override
	public void awaitAllServing(Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		for (String metrics : this.cluster.metricsUrls()) {
			URI health = URI.create(metrics.replace("/metrics", "/health"));
			while (!healthy(health)) {
				if (System.nanoTime() > deadline) {
					throw new IllegalStateException("etcd member " + health + " is not healthy");
				}
				Thread.sleep(100);
			}
		}
		this.cluster.awaitLeader(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
	}

	private static boolean healthy(URI health) throws InterruptedException {
		try {
			HttpRequest request = HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(2)).build();
			return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body().contains("\"health\":\"true\"");
		}
		catch (IOException ex) {
			return false;
		}
	}

	/**
	 * Revokes the lease of one of the worker's contender keys with {@code etcdctl lease revoke},
	 * as an operator would.
	 */
	@Override
	public SessionEnd endSessionOf(WorkerProcess worker) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
		while (System.nanoTime() < deadline) {
			for (KeyValue contender : keysUnder(ROOT + "/")) {
				if (owner(contender).equals(worker.name())) {
					long from = System.nanoTime();
					this.etcdctl.revoke(contender.getLease());
					return new SessionEnd("lease " + Long.toHexString(contender.getLease()),
							new long[] { from, System.nanoTime() + REVOKE_NOTICE_NANOS });
				}
			}
			Thread.sleep(50);
		}
		return new SessionEnd("no lease found", null);
	}

	/**
	 * Waits until one of the worker's contender keys is first in its queue: the worker holds
	 * that lock (a {@code READ} key may share it with other readers).
	 */
	@Override
	public String awaitHolding(WorkerProcess worker, Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			Map<String, KeyValue> firstByQueue = new HashMap<>();
			for (KeyValue contender : keysUnder(ROOT + "/")) {
				firstByQueue.merge(queue(contender), contender,
						(a, b) -> (position(a) <= position(b)) ? a : b);
			}
			for (KeyValue first : firstByQueue.values()) {
				if (owner(first).equals(worker.name())) {
					return name(first);
				}
			}
			Thread.sleep(20);
		}
		return null;
	}

	@Override
	public List<String> lockNodesOf(String key) throws Exception {
		return keysUnder(new EtcdLockPathResolver(ROOT).resolve(key) + "/").stream()
			.map(EtcdClusterUnderTest::describe)
			.toList();
	}

	@Override
	public <T> T withRegistry(RegistryTask<T> task) throws Exception {
		try (EtcdLockBackend backend = new EtcdLockBackend(this.admin, new EtcdLockPathResolver(ROOT), LEASE_TTL);
				LockEngine registry = new LockEngine(backend, new LockListener() {
				}, LockEngine.Options.STANDARD)) {
			return task.run(registry);
		}
	}

	/**
	 * Waits until no key is left under {@code /campaign} and etcd holds no lease: the leases of
	 * killed processes, and those their registries gave up, expire within their time to live.
	 */
	@Override
	public void checkLeftovers(InvariantChecker checker) throws Exception {
		long deadline = System.nanoTime() + LEASE_TTL.toNanos() * 3;
		List<KeyValue> keys = keysUnder("/campaign");
		List<Long> leases = this.etcdctl.leases();
		while ((!keys.isEmpty() || !leases.isEmpty()) && System.nanoTime() < deadline) {
			Thread.sleep(200);
			keys = keysUnder("/campaign");
			leases = this.etcdctl.leases();
		}
		keys.forEach((kv) -> checker.add("leftover-key", describe(kv)));
		for (long lease : leases) {
			checker.add("leftover-lease", this.etcdctl.describe(lease).replace('\n', ' '));
		}
	}

	@Override
	public String strayNodeLogText() {
		return null;
	}

	private List<KeyValue> keysUnder(String prefix) throws Exception {
		return new ArrayList<>(this.admin.getKVClient()
			.get(bytes(prefix), GetOption.builder().isPrefix(true).build())
			.get(10, TimeUnit.SECONDS)
			.getKvs());
	}

	private static String name(KeyValue kv) {
		return kv.getKey().toString(StandardCharsets.UTF_8);
	}

	private static String queue(KeyValue kv) {
		String name = name(kv);
		return name.substring(0, name.lastIndexOf('/'));
	}

	/** The queue position: {@code p=<revision>} in the value, else the create revision. */
	private static long position(KeyValue kv) {
		for (String line : kv.getValue().toString(StandardCharsets.UTF_8).split("\n")) {
			if (line.startsWith("p=")) {
				return Long.parseLong(line.substring(2));
			}
		}
		return kv.getCreateRevision();
	}

	private static String owner(KeyValue kv) {
		for (String line : kv.getValue().toString(StandardCharsets.UTF_8).split("\n")) {
			if (line.startsWith("o=")) {
				return line.substring(2);
			}
		}
		return "";
	}

	private static String describe(KeyValue kv) {
		return name(kv) + " (lease " + Long.toHexString(kv.getLease()) + ", owner " + owner(kv) + ", created at "
				+ kv.getCreateRevision() + ")";
	}

	private static ByteSequence bytes(String text) {
		return ByteSequence.from(text, StandardCharsets.UTF_8);
	}

	@Override
	public void close() throws Exception {
		try {
			this.admin.close();
		}
		finally {
			this.cluster.close();
		}
	}

}
