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
import java.util.Collection;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.AbstractLockRegistry;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.core.engine.LockEngine;
import org.apache.curator.framework.CuratorFramework;

/**
 * The ZooKeeper {@link LockRegistry}: core's {@link LockEngine} over a {@link ZooKeeperLockBackend}
 * that this registry makes, and closes with it.
 * <p>
 * A held lock is {@link LockState#IN_DOUBT in doubt} while the connection is suspended,
 * {@link LockState#LOST lost} when the session is lost or replaced, and {@link LockState#HELD
 * held} again when the same session reconnects. The {@link LockListener} is told of every lock
 * event; optionally the holder's thread is interrupted when its lock is lost. A thread whose
 * lock was lost cannot re-enter it.
 *
 * @since 0.1.0
 * @deprecated since 0.1.0: a registry is the engine over a backend, the same for every lock
 * service; use {@code new LockEngine(new ZooKeeperLockBackend(client, pathResolver), listener,
 * options)} (the auto-configuration makes that {@link LockRegistry} bean), and close the engine,
 * then the backend
 */
@Deprecated(since = "0.1.0")
public class ZookeeperLockRegistry extends AbstractLockRegistry implements AutoCloseable {

	private final ZooKeeperLockBackend backend;

	/**
	 * Creates a registry with no listener that does not interrupt holders.
	 * @param client a started client
	 * @param pathResolver maps keys to lock paths
	 */
	public ZookeeperLockRegistry(CuratorFramework client, LockPathResolver pathResolver) {
		this(client, pathResolver, new LockListener() {
		}, Options.DEFAULTS);
	}

	/**
	 * Creates a registry.
	 * @param client a started client
	 * @param pathResolver maps keys to lock paths
	 * @param listener told of acquisitions, failures, releases and changes of state
	 * @param options how locks are taken and what happens when one is lost
	 */
	public ZookeeperLockRegistry(CuratorFramework client, LockPathResolver pathResolver, LockListener listener,
			Options options) {
		this(new ZooKeeperLockBackend(client, pathResolver), listener, options);
	}

	private ZookeeperLockRegistry(ZooKeeperLockBackend backend, LockListener listener, Options options) {
		super(new LockEngine(backend, listener, options.engineOptions()));
		this.backend = backend;
	}

	/**
	 * Checks that the server supports container nodes (ZooKeeper 3.5 or later), which lock
	 * paths are made of. While the client is not connected, the check runs when it connects,
	 * and locks fail with {@link LockBackendException} if the server is older.
	 * @throws IllegalStateException if the server is older
	 */
	public void verifyServer() {
		this.backend.verifyServer();
	}

	/**
	 * Checks that this client may create and delete lock nodes under the parent of the lock
	 * paths (the root path), creating the root if missing as a persistent node with the client's
	 * ACL: for an ensemble secured with authentication and ACLs, where wrong credentials would
	 * otherwise fail every lock. Does nothing while the client is not connected.
	 * @throws LockBackendException if ZooKeeper refuses, naming the path and what was refused
	 */
	public void verifyAccess() {
		this.backend.verifyAccess();
	}

	/**
	 * The contenders for a key across all processes, as ZooKeeper sees them: their node
	 * names, holder first.
	 * @param key the lock key
	 * @param type the kind of lock
	 * @return the participant nodes
	 * @throws LockBackendException if ZooKeeper cannot be read
	 */
	@Override
	public Collection<String> participants(String key, LockType type) {
		return super.participants(key, type);
	}

	@Override
	public String pathOf(String key) {
		return this.backend.pathOf(key);
	}

	/**
	 * The resolver that maps keys to lock paths.
	 * @return the path resolver
	 */
	public LockPathResolver getPathResolver() {
		return this.backend.pathResolver();
	}

	/**
	 * The backend this registry locks through.
	 * @return the backend
	 */
	public ZooKeeperLockBackend backend() {
		return this.backend;
	}

	/**
	 * The client this registry uses.
	 * @return the client
	 */
	public CuratorFramework getClient() {
		return this.backend.client();
	}


	/**
	 * The number of recipe instances cached now; each belongs to a lock that is held or awaited.
	 * @return the number of cached recipes
	 */
	int cachedRecipeCount() {
		return this.backend.recipes().size();
	}

	/**
	 * The number of locks of this process in use now in core's engine, by path and kind.
	 * @return the number of lock table entries
	 */
	int locksInUse() {
		return engine().locksInUse();
	}

	/**
	 * The node behind a lock of this registry.
	 * @param lock a handle this registry gave out
	 * @return the node path
	 */
	String nodePathOf(LockHandle lock) {
		return ((ZooKeeperHeldLock) engine().backendLockOf(lock)).nodePath();
	}

	/** Whether a sweep for stray nodes of this session awaits the lock path. */
	boolean strayNodeSweepPending(String path) {
		return this.backend.strays().isPending(path);
	}

	/**
	 * Releases the locks kept for their {@code holdAtLeast} at once and stops the registry's
	 * background work. The Curator client is the caller's to close.
	 */
	@Override
	public void close() {
		engine().close();
		this.backend.close();
	}

	/**
	 * How a registry takes locks and what it does when one is lost.
	 *
	 * @deprecated since 0.1.0: the engine's options are the same for every backend; use
	 * {@link LockEngine.Options}
	 *
	 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
	 * @param localQueue whether threads of this JVM queue locally, in FIFO order, before one of
	 * them contends in ZooKeeper
	 * @param maxHandoffs with the local queue, how many times in a row a held {@code MUTEX} node
	 * may pass directly to the next waiting thread of this JVM ({@code 0}: never)
	 * @param maxHandoffTime how long after its acquisition a {@code MUTEX} node may still be
	 * handed off
	 * @param interruptOnRevocation whether to interrupt the holder's thread of a revocable lock
	 * when its revocation is requested
	 */
	@Deprecated(since = "0.1.0")
	public record Options(boolean interruptOnLoss, boolean localQueue, int maxHandoffs, Duration maxHandoffTime,
			boolean interruptOnRevocation) {

		/** No interrupt, local queue on, at most 8 hand-offs within 100 ms. */
		public static final Options DEFAULTS = new Options(false, true, 8, Duration.ofMillis(100));

		/**
		 * Options that do not interrupt for a revocation request.
		 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
		 * @param localQueue whether threads of this JVM queue locally first
		 * @param maxHandoffs how many times in a row a held {@code MUTEX} node may pass to the
		 * next waiting thread of this JVM
		 * @param maxHandoffTime how long after its acquisition a {@code MUTEX} node may still be
		 * handed off
		 */
		public Options(boolean interruptOnLoss, boolean localQueue, int maxHandoffs, Duration maxHandoffTime) {
			this(interruptOnLoss, localQueue, maxHandoffs, maxHandoffTime, false);
		}

		public Options {
			if (maxHandoffs < 0 || maxHandoffs > FencingTokens.MAX_HANDOFFS) {
				throw new IllegalArgumentException(
						"maxHandoffs must be between 0 and " + FencingTokens.MAX_HANDOFFS + ", but was " + maxHandoffs);
			}
		}

		/**
		 * The engine options these options stand for.
		 * @return the options of a {@link LockEngine} over a {@link ZooKeeperLockBackend}
		 */
		public LockEngine.Options engineOptions() {
			return LockEngine.Options.of(this.interruptOnLoss, this.localQueue)
				.withHandoff(this.localQueue ? this.maxHandoffs : 0, this.maxHandoffTime)
				.withInterruptOnRevocation(this.interruptOnRevocation);
		}

	}

}
