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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.spi.FencingTokens;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.framework.recipes.locks.InterProcessReadWriteLock;
import org.jspecify.annotations.Nullable;

/**
 * {@link LockType#READ} and {@link LockType#WRITE}: the two halves of one
 * {@link InterProcessReadWriteLock}. The fencing token is read with one {@code exists} after
 * the acquisition, as Curator's read/write driver cannot be replaced.
 */
final class ReadWriteRecipe implements CuratorLockRecipe {

	private final CuratorFramework client;

	private final InterProcessReadWriteLock.ReadLock readLock;

	private final InterProcessReadWriteLock.WriteLock writeLock;

	private final Map<String, Long> tokens = new ConcurrentHashMap<>();

	ReadWriteRecipe(CuratorFramework client, String path) {
		this.client = client;
		InterProcessReadWriteLock lock = new InterProcessReadWriteLock(client, path);
		this.readLock = lock.readLock();
		this.writeLock = lock.writeLock();
	}

	@Override
	public @Nullable HeldNode acquire(LockType type, long waitNanos) throws Exception {
		InterProcessMutex mutex = mutex(type);
		boolean reentering = mutex.isOwnedByCurrentThread();
		if (!mutex.acquire(waitNanos, TimeUnit.NANOSECONDS)) {
			return null;
		}
		String node = (type == LockType.READ) ? this.readLock.getLockPath() : this.writeLock.getLockPath();
		if (reentering) {
			return new HeldNode(node, this.tokens.get(node), null);
		}
		long token;
		try {
			token = FencingTokens.of(LockNodes.czxid(this.client, node), 0);
		}
		catch (Exception ex) {
			mutex.release();
			throw ex;
		}
		this.tokens.put(node, token);
		return new HeldNode(node, token, null);
	}

	@Override
	public void release(LockType type, HeldNode node) throws Exception {
		InterProcessMutex mutex = mutex(type);
		try {
			mutex.release();
		}
		finally {
			if (!mutex.isOwnedByCurrentThread()) {
				this.tokens.remove(node.nodePath());
			}
		}
	}

	/**
	 * Deletes the node in the background: Curator's lock is its holder's thread's, which may
	 * still run; it ends that with {@link #closedAfterGiveUp}.
	 */
	@Override
	public void giveUp(LockType type, HeldNode node) throws Exception {
		this.client.delete().guaranteed().inBackground().forPath(node.nodePath());
	}

	/**
	 * Releases Curator's lock on the holder's thread, which forgets it (its delete finds the
	 * node gone, which Curator ignores).
	 */
	@Override
	public void closedAfterGiveUp(LockType type, HeldNode node) throws Exception {
		release(type, node);
	}

	@Override
	public Collection<String> participantNodes() throws Exception {
		List<String> nodes = new ArrayList<>(this.writeLock.getParticipantNodes());
		for (String node : this.readLock.getParticipantNodes()) {
			if (!nodes.contains(node)) {
				nodes.add(node);
			}
		}
		return nodes;
	}

	private InterProcessMutex mutex(LockType type) {
		return switch (type) {
			case READ -> this.readLock;
			case WRITE -> this.writeLock;
			default -> throw new IllegalArgumentException("Not a read/write lock type: " + type);
		};
	}

}
