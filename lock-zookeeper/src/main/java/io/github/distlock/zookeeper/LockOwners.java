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

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Consumer;

import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;

/**
 * A lock's owner ({@code LockRequest.owner()}) as the data of its node, written after the node
 * was acquired. A node keeps its creation data (Curator's default: the host's address) at data
 * version {@code 0}, so only data at a later version is an owner. Every write is conditional on
 * the version read, and none replaces Curator's revocation marker: a node handed on from another
 * thread of the process gets the new holder's owner, unless its revocation was asked for.
 */
final class LockOwners {

	private LockOwners() {
	}

	/**
	 * Writes the owner as the node's data, unless its data changed since its creation.
	 * @param client the client
	 * @param nodePath the lock node
	 * @param owner the owner
	 * @throws KeeperException.NoNodeException if the node is gone
	 * @throws Exception from Curator
	 */
	static void record(CuratorFramework client, String nodePath, String owner) throws Exception {
		byte[] data = owner.getBytes(StandardCharsets.UTF_8);
		try {
			client.setData().withVersion(0).forPath(nodePath, data);
			return;
		}
		catch (KeeperException.BadVersionException written) {
			// the owner of a node handed on within this process, or a revocation request
		}
		Stat stat = new Stat();
		byte[] current = client.getData().storingStatIn(stat).forPath(nodePath);
		if (Arrays.equals(current, data) || Arrays.equals(current, ZooKeeperHeldLock.REVOKE_MESSAGE)) {
			return;
		}
		try {
			client.setData().withVersion(stat.getVersion()).forPath(nodePath, data);
		}
		catch (KeeperException.BadVersionException revokedMeanwhile) {
			// the revocation marker came first: it stays
		}
	}

	/**
	 * Writes the owner as {@link #record} does, with every request in background mode: nothing
	 * waits for ZooKeeper, and the requests follow one another from their answers.
	 * @param client the client
	 * @param nodePath the lock node
	 * @param owner the owner
	 * @param done told once, with {@code null} once written (or left to a revocation marker),
	 * or with the failure; on Curator's or ZooKeeper's event thread, which it must not block
	 */
	static void recordInBackground(CuratorFramework client, String nodePath, String owner,
			Consumer<@Nullable Exception> done) {
		byte[] data = owner.getBytes(StandardCharsets.UTF_8);
		try {
			client.setData().withVersion(0).inBackground((c, written) -> {
				int code = written.getResultCode();
				if (code == KeeperException.Code.BADVERSION.intValue()) {
					// the owner of a node handed on within this process, or a revocation request
					readThenRecord(client, nodePath, data, done);
				}
				else {
					done.accept(failure(code, nodePath));
				}
			}).forPath(nodePath, data);
		}
		catch (Exception ex) {
			done.accept(ex);
		}
	}

	private static void readThenRecord(CuratorFramework client, String nodePath, byte[] data,
			Consumer<@Nullable Exception> done) {
		try {
			client.getData().inBackground((c, read) -> {
				int code = read.getResultCode();
				if (code != KeeperException.Code.OK.intValue()) {
					done.accept(failure(code, nodePath));
				}
				else if (Arrays.equals(read.getData(), data)
						|| Arrays.equals(read.getData(), ZooKeeperHeldLock.REVOKE_MESSAGE)) {
					done.accept(null);
				}
				else {
					recordAtVersion(client, nodePath, data, read.getStat().getVersion(), done);
				}
			}).forPath(nodePath);
		}
		catch (Exception ex) {
			done.accept(ex);
		}
	}

	private static void recordAtVersion(CuratorFramework client, String nodePath, byte[] data, int version,
			Consumer<@Nullable Exception> done) {
		try {
			client.setData().withVersion(version).inBackground((c, written) -> {
				int code = written.getResultCode();
				// the revocation marker came first: it stays
				done.accept((code == KeeperException.Code.BADVERSION.intValue()) ? null : failure(code, nodePath));
			}).forPath(nodePath, data);
		}
		catch (Exception ex) {
			done.accept(ex);
		}
	}

	private static @Nullable Exception failure(int code, String nodePath) {
		return (code == KeeperException.Code.OK.intValue()) ? null
				: KeeperException.create(KeeperException.Code.get(code), nodePath);
	}

	/**
	 * Reads the owner of a node.
	 * @param client the client
	 * @param nodePath the lock node
	 * @return its owner; empty if none was written, or the node holds the revocation marker
	 * @throws KeeperException.NoNodeException if the node is gone
	 * @throws Exception from Curator
	 */
	static Optional<String> read(CuratorFramework client, String nodePath) throws Exception {
		Stat stat = new Stat();
		byte @Nullable [] data = client.getData().storingStatIn(stat).forPath(nodePath);
		if (stat.getVersion() == 0 || data == null || Arrays.equals(data, ZooKeeperHeldLock.REVOKE_MESSAGE)) {
			return Optional.empty();
		}
		return Optional.of(new String(data, StandardCharsets.UTF_8));
	}

}
