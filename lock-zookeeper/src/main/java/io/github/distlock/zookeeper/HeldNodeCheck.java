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
import java.util.concurrent.CompletableFuture;

import io.github.distlock.core.spi.BackendLock;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEvent;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;

/**
 * Confirms held locks after a pause of the process, in one round trip: a sync, so that the
 * server answering has seen every session the ensemble closed, then a read of each lock's node,
 * sent behind it on the session's FIFO. A lock is confirmed when its node exists and is owned
 * by the session that created it; the reads complete on Curator's event thread and block
 * nothing.
 */
final class HeldNodeCheck {

	private final CuratorFramework client;

	HeldNodeCheck(CuratorFramework client) {
		this.client = client;
	}

	/**
	 * @param locks locks of this backend ({@link ZooKeeperHeldLock}); any other is not confirmed
	 * @return completed with whether every node is there, owned by its session
	 */
	CompletableFuture<Boolean> confirm(Collection<BackendLock> locks) {
		List<ZooKeeperHeldLock> held = new ArrayList<>();
		for (BackendLock lock : locks) {
			if (!(lock instanceof ZooKeeperHeldLock node)) {
				return CompletableFuture.completedFuture(false);
			}
			held.add(node);
		}
		if (held.isEmpty()) {
			return CompletableFuture.completedFuture(true);
		}
		try {
			CompletableFuture<Boolean> synced = new CompletableFuture<>();
			this.client.sync().inBackground((client, event) -> synced.complete(ok(event))).forPath(held.get(0).nodePath());
			List<CompletableFuture<Boolean>> reads = new ArrayList<>();
			reads.add(synced);
			for (ZooKeeperHeldLock lock : held) {
				CompletableFuture<Boolean> read = new CompletableFuture<>();
				this.client.checkExists()
					.inBackground((client, event) -> read.complete(ok(event) && ownedBy(event.getStat(), lock)))
					.forPath(lock.nodePath());
				reads.add(read);
			}
			return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new))
				.thenApply((all) -> reads.stream().allMatch(CompletableFuture::join));
		}
		catch (Exception ex) {
			return CompletableFuture.failedFuture(ex);
		}
	}

	private static boolean ok(CuratorEvent event) {
		return event.getResultCode() == KeeperException.Code.OK.intValue();
	}

	private boolean ownedBy(Stat stat, ZooKeeperHeldLock lock) {
		if (stat == null) {
			return false;
		}
		long session = lock.sessionId();
		return stat.getEphemeralOwner() == ((session != 0) ? session : currentSession());
	}

	private long currentSession() {
		try {
			return this.client.getZookeeperClient().getZooKeeper().getSessionId();
		}
		catch (Exception ex) {
			return -1;
		}
	}

}
