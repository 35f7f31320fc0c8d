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

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.etcd.jetcd.Watch;
import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.core.spi.RevocableLock;
import org.jspecify.annotations.Nullable;

/**
 * A contender key whose turn came. Its state follows the lease the key is bound to. The key may
 * pass from thread to thread of this process (local hand-off) before it is deleted.
 */
final class EtcdHeldLock implements RevocableLock {

	private final EtcdLockBackend backend;

	private final Contenders.Contender contender;

	private final EtcdSession.Lease lease;

	private final LockType type;

	private final int handoffs;

	private volatile Watch.@Nullable Watcher revocationWatch;

	/**
	 * The open watches of the key's queue: shared by the locks the key is handed on to, since a
	 * watch is of the key; the release of the key ends them.
	 */
	private final Set<MutexQueueWatch> queueWatches;

	EtcdHeldLock(EtcdLockBackend backend, Contenders.Contender contender, EtcdSession.Lease lease, LockType type) {
		this(backend, contender, lease, type, 0, ConcurrentHashMap.newKeySet());
	}

	private EtcdHeldLock(EtcdLockBackend backend, Contenders.Contender contender, EtcdSession.Lease lease,
			LockType type, int handoffs, Set<MutexQueueWatch> queueWatches) {
		this.backend = backend;
		this.contender = contender;
		this.lease = lease;
		this.type = type;
		this.handoffs = handoffs;
		this.queueWatches = queueWatches;
	}

	/**
	 * The key's create revision times 1024, plus the number of hand-offs of the key so far.
	 */
	@Override
	public long fencingToken() {
		return FencingTokens.of(this.contender.createRevision(), this.handoffs);
	}

	/**
	 * The same key for the next thread of this process, with the next token; the key's queue
	 * watches go on.
	 */
	@Override
	public @Nullable BackendLock handOff() {
		if (this.handoffs >= FencingTokens.MAX_HANDOFFS) {
			return null;
		}
		stopWatchingRevocation();
		return new EtcdHeldLock(this.backend, this.contender, this.lease, this.type, this.handoffs + 1,
				this.queueWatches);
	}

	@Override
	public String describe() {
		return "key " + this.contender.key();
	}

	@Override
	public LockState state() {
		return switch (this.lease.status()) {
			case ALIVE -> LockState.HELD;
			case IN_DOUBT -> LockState.IN_DOUBT;
			case LOST -> LockState.LOST;
		};
	}

	/**
	 * Ends the key's watches, then removes the key.
	 */
	@Override
	public void release() {
		stopWatchingRevocation();
		for (MutexQueueWatch watch : this.queueWatches) {
			watch.close();
		}
		this.backend.release(this);
	}

	/**
	 * Watches the key's queue for another contender ({@link MutexQueueWatch}): {@code MUTEX}
	 * only, where every other key of the queue waits for this one.
	 * @return the watch, or {@code null} for another type, or if the client cannot watch (its
	 * watch client is closed)
	 */
	@Override
	public @Nullable ContenderWatch watchContenders(Runnable onContender) {
		if (this.type != LockType.MUTEX) {
			return null;
		}
		return new MutexQueueWatch(this.backend.client(), this.contender.key(), onContender, this.queueWatches)
			.start();
	}

	/**
	 * Watches the key for the revocation marker that a request writes as its value.
	 */
	@Override
	public void watchRevocation(Runnable onRequested) {
		this.revocationWatch = this.backend.contenders().watchRevocation(this.contender.key(), onRequested);
	}

	private void stopWatchingRevocation() {
		Watch.Watcher watch = this.revocationWatch;
		if (watch != null) {
			this.revocationWatch = null;
			watch.close();
		}
	}

	Contenders.Contender contender() {
		return this.contender;
	}

	EtcdSession.Lease lease() {
		return this.lease;
	}

}
