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
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.spi.FencingTokens;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreV2;
import org.apache.curator.framework.recipes.locks.Lease;
import org.apache.curator.framework.recipes.locks.LockInternals;
import org.apache.curator.framework.recipes.locks.StandardLockInternalsDriver;
import org.apache.curator.utils.ZKPaths;
import org.jspecify.annotations.Nullable;

/**
 * {@link LockType#SEMAPHORE_MUTEX} and {@link LockType#SEMAPHORE}: an
 * {@link InterProcessSemaphoreV2} of one lease (the recipe behind
 * {@code InterProcessSemaphoreMutex}) or of the semaphore's permits, used directly so that the
 * lease node (and so its czxid) is known. Not reentrant; a lease may be returned by any thread.
 */
final class SemaphoreRecipe implements CuratorLockRecipe {

	/** The name Curator's semaphore gives its lease nodes, before their sequence number. */
	private static final String LEASE_NAME = "lease-";

	/** The name Curator's mutex gives its lock nodes, before their sequence number. */
	private static final String LOCK_NAME = "lock-";

	private static final StandardLockInternalsDriver SORTER = new StandardLockInternalsDriver();

	private final CuratorFramework client;

	private final String leasesPath;

	private final String locksPath;

	private final InterProcessSemaphoreV2 semaphore;

	private final int leases;

	/**
	 * @param path the semaphore's path, under which Curator keeps {@code leases} and {@code locks}
	 * @param leases how many holders it has at most
	 */
	SemaphoreRecipe(CuratorFramework client, String path, int leases) {
		this.client = client;
		this.leases = leases;
		this.leasesPath = ZKPaths.makePath(path, "leases");
		this.locksPath = ZKPaths.makePath(path, "locks");
		this.semaphore = new InterProcessSemaphoreV2(client, path, leases);
	}

	/** How many holders the semaphore has at most. */
	int leases() {
		return this.leases;
	}

	@Override
	public @Nullable HeldNode acquire(LockType type, long waitNanos) throws Exception {
		Lease lease = this.semaphore.acquire(waitNanos, TimeUnit.NANOSECONDS);
		if (lease == null) {
			return null;
		}
		try {
			// the lease gives its node name only
			String node = ZKPaths.makePath(this.leasesPath, lease.getNodeName());
			return new HeldNode(node, FencingTokens.of(LockNodes.czxid(this.client, node), 0), lease);
		}
		catch (Exception ex) {
			lease.close();
			throw ex;
		}
	}

	@Override
	public void release(LockType type, HeldNode node) throws Exception {
		Lease lease = node.lease();
		if (lease != null) {
			lease.close();
		}
	}

	/**
	 * The lease nodes, holders first, then the nodes of the threads queued on the semaphore's
	 * internal lock, as full paths; empty for a key never locked. The first thread in that
	 * queue also has a lease node once it has created one (beyond the holders' leases), and is
	 * then listed by that node only.
	 */
	@Override
	public Collection<String> participantNodes() throws Exception {
		List<String> nodes = new ArrayList<>();
		for (String lease : LockInternals.getSortedChildren(this.client, this.leasesPath, LEASE_NAME, SORTER)) {
			nodes.add(ZKPaths.makePath(this.leasesPath, lease));
		}
		List<String> queued = new ArrayList<>(
				LockInternals.getParticipantNodes(this.client, this.locksPath, LOCK_NAME, SORTER));
		if (nodes.size() > this.leases && !queued.isEmpty()) {
			queued.remove(0);
		}
		nodes.addAll(queued);
		return nodes;
	}

}
