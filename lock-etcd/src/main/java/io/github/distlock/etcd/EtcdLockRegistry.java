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

package io.github.distlock.etcd;

import java.time.Duration;
import java.util.Collection;

import io.etcd.jetcd.Client;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockPathResolver;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.AbstractLockRegistry;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.core.engine.LockEngine;
import org.jspecify.annotations.Nullable;

/**
 * The etcd {@link LockRegistry}: core's {@link LockEngine} over an {@link EtcdLockBackend} that
 * this registry makes, and closes with it.
 *
 * @since 0.1.0
 * @deprecated since 0.1.0: a registry is the engine over a backend, the same for every lock
 * service; use {@code new LockEngine(new EtcdLockBackend(client, pathResolver, leaseTtl),
 * listener, options)} (the auto-configuration makes that {@link LockRegistry} bean), and close
 * the engine, then the backend
 */
@Deprecated(since = "0.1.0")
public class EtcdLockRegistry extends AbstractLockRegistry implements AutoCloseable {

	private final EtcdLockBackend backend;

	/**
	 * Creates a registry with no listener that does not interrupt holders.
	 * @param client a jetcd client
	 * @param pathResolver maps keys to lock paths
	 */
	public EtcdLockRegistry(Client client, LockPathResolver pathResolver) {
		this(client, pathResolver, new LockListener() {
		}, Options.DEFAULTS);
	}

	/**
	 * Creates a registry.
	 * @param client a jetcd client
	 * @param pathResolver maps keys to lock paths
	 * @param listener told of acquisitions, failures, releases and changes of state
	 * @param options the lease's time to live and what happens when a lock is lost
	 */
	public EtcdLockRegistry(Client client, LockPathResolver pathResolver, LockListener listener, Options options) {
		this(new EtcdLockBackend(client, pathResolver, options.leaseTtl()), listener, options);
	}

	private EtcdLockRegistry(EtcdLockBackend backend, LockListener listener, Options options) {
		super(new LockEngine(backend, listener, options.engineOptions()));
		this.backend = backend;
	}

	/**
	 * The contender keys of a lock, in queue order (the holders first); {@code READ} and
	 * {@code WRITE} share one queue.
	 */
	@Override
	public Collection<String> participants(String key, LockType type) {
		return super.participants(key, type);
	}

	/** The lease the registry binds new keys to, or 0 if it has none now. */
	long currentLeaseId() {
		return this.backend.currentLeaseId();
	}

	/**
	 * Waits until etcd has granted the registry its lease: a check that etcd can be reached,
	 * with the client's credentials, before the first lock is asked for.
	 * @param timeout how long to wait
	 * @throws LockBackendException if etcd did not grant it in time, or refused
	 */
	public void awaitLease(Duration timeout) {
		this.backend.awaitLease(timeout);
	}

	/**
	 * The backend this registry locks through.
	 * @return the backend
	 */
	public EtcdLockBackend backend() {
		return this.backend;
	}

	/** How many locks of this registry are in use now (held or awaited), by path and kind. */
	int locksInUse() {
		return engine().locksInUse();
	}

	/** The jetcd client the registry locks through. */
	Client client() {
		return this.backend.client();
	}

	/** The latest lease of the registry, whatever its status, or {@code null} before one was granted. */
	EtcdSession.@Nullable Lease latestLease() {
		return this.backend.latestLease();
	}

	/**
	 * Releases the locks kept for their {@code holdAtLeast} at once, revokes the registry's lease
	 * (so its other locks go at once) and stops renewing it; its waiters stop waiting, and every
	 * acquisition after fails with a {@link LockBackendException}. The jetcd client is the
	 * caller's to close.
	 */
	@Override
	public void close() {
		engine().close();
		this.backend.close();
	}

	/**
	 * How a registry takes locks and what it does when one is lost.
	 *
	 * @param leaseTtl the time to live of the registry's lease: how long a crashed holder blocks
	 * its locks, and how long a partitioned one may believe it still holds them; whole seconds,
	 * at least one (less than two is raised to two, the least etcd grants, with a warning)
	 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
	 * @param localQueue whether threads of this JVM that want the same lock first queue locally,
	 * in FIFO order, so that only one of them at a time has a contender key in etcd
	 * @param maxHandoffs with the local queue, how many times in a row a held {@code MUTEX} key
	 * may pass directly to the next waiting thread of this JVM ({@code 0}: never)
	 * @param maxHandoffTime how long after its acquisition a {@code MUTEX} key may still be
	 * handed off
	 * @deprecated since 0.1.0: the engine's options are the same for every backend; use
	 * {@link LockEngine.Options}, and give the lease's time to live to the
	 * {@link EtcdLockBackend}
	 */
	@Deprecated(since = "0.1.0")
	public record Options(Duration leaseTtl, boolean interruptOnLoss, boolean localQueue, int maxHandoffs,
			Duration maxHandoffTime) {

		/** A 30 s lease, no interrupt, a local queue, at most 8 hand-offs within 100 ms. */
		public static final Options DEFAULTS = new Options(Duration.ofSeconds(30), false, true);

		public Options {
			if (leaseTtl.compareTo(Duration.ofSeconds(1)) < 0) {
				throw new IllegalArgumentException("leaseTtl must be at least 1 s, but was " + leaseTtl);
			}
			if (maxHandoffs < 0 || maxHandoffs > FencingTokens.MAX_HANDOFFS) {
				throw new IllegalArgumentException(
						"maxHandoffs must be between 0 and " + FencingTokens.MAX_HANDOFFS + ", but was " + maxHandoffs);
			}
		}

		/**
		 * Options with at most 8 hand-offs within 100 ms when there is a local queue.
		 * @param leaseTtl the time to live of the registry's lease
		 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
		 * @param localQueue whether threads of this JVM queue locally first
		 */
		public Options(Duration leaseTtl, boolean interruptOnLoss, boolean localQueue) {
			this(leaseTtl, interruptOnLoss, localQueue, 8, Duration.ofMillis(100));
		}

		/**
		 * Options with a local queue and at most 8 hand-offs within 100 ms.
		 * @param leaseTtl the time to live of the registry's lease
		 * @param interruptOnLoss whether to interrupt the holder's thread when its lock is lost
		 */
		public Options(Duration leaseTtl, boolean interruptOnLoss) {
			this(leaseTtl, interruptOnLoss, true);
		}

		/**
		 * The engine options these options stand for.
		 * @return the options of a {@link LockEngine} over an {@link EtcdLockBackend}
		 */
		public LockEngine.Options engineOptions() {
			return LockEngine.Options.of(this.interruptOnLoss, this.localQueue)
				.withHandoff(this.localQueue ? this.maxHandoffs : 0, this.maxHandoffTime);
		}

	}

}
