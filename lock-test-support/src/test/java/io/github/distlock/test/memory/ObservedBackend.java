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

package io.github.distlock.test.memory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.core.spi.OwnerRecordingBackend;
import io.github.distlock.core.spi.RevocableBackend;
import io.github.distlock.core.spi.RevocableLock;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.memory.InMemoryLockBackend;
import org.jspecify.annotations.Nullable;

/**
 * One client of an {@link InMemoryLockService} for the interleaving tests: the in-memory backend,
 * plus revocation of {@code MUTEX} locks (which it lacks), done the way the ZooKeeper backend
 * does it: a request is recorded with the holder's contender, where the holder's watch sees it,
 * also after a local hand-off, which passes the same contender on.
 * <p>
 * It keeps every rule of a {@link LockBackend}, or breaks exactly one of them
 * ({@link Rule}), so that the tests can show the interleavings they explore catch that.
 */
final class ObservedBackend implements RevocableBackend, OwnerRecordingBackend {

	/**
	 * The rules the backend keeps.
	 */
	enum Rule {

		/** Every rule of a backend. */
		SOUND,

		/** Breaks fencing: a lock handed off to the next thread keeps its holder's token. */
		HAND_OFF_REPEATS_TOKEN,

		/** Breaks state: an expired session's locks are lost without the state-change callback. */
		LOSS_NOT_TOLD

	}

	private final InMemoryLockBackend memory;

	private final Revocations revocations;

	private final Rule rule;

	private volatile Runnable engineCallback = () -> {
	};

	private volatile boolean telling = true;

	/**
	 * @param service the service shared by the clients of a scenario
	 * @param revocations the revocation requests, shared by the same clients
	 * @param rule what the backend keeps
	 */
	ObservedBackend(InMemoryLockService service, Revocations revocations, Rule rule) {
		this.memory = new InMemoryLockBackend(service);
		this.revocations = revocations;
		this.rule = rule;
		this.memory.onStateChange(() -> {
			if (this.telling) {
				this.engineCallback.run();
			}
		});
	}

	@Override
	public String pathOf(String key) {
		return this.memory.pathOf(key);
	}

	@Override
	public BackendLock acquire(LockRequest request, String path, long deadlineNanos) throws InterruptedException {
		Observed lock = new Observed(this.memory.acquire(request, path, deadlineNanos), path, new Revocation());
		if (request.type() == LockType.MUTEX) {
			this.revocations.held(path, lock.revocation);
		}
		return lock;
	}

	@Override
	public BackendLock acquireReadInWrite(BackendLock write, LockRequest request, long deadlineNanos)
			throws InterruptedException {
		Observed outer = (Observed) write;
		return new Observed(this.memory.acquireReadInWrite(outer.delegate, request, deadlineNanos), outer.path,
				new Revocation());
	}

	@Override
	public Collection<String> participants(String key, LockType type) {
		return this.memory.participants(key, type);
	}

	@Override
	public Optional<String> ownerOf(String key, String path, LockType type) {
		return this.memory.ownerOf(key, path, type);
	}

	@Override
	public void onStateChange(Runnable callback) {
		this.engineCallback = callback;
	}

	@Override
	public boolean supportsRevocation(LockType type) {
		return type == LockType.MUTEX;
	}

	@Override
	public boolean requestRevocation(String key, String path, LockType type) {
		return this.revocations.request(path);
	}

	/**
	 * Expires the client's session: its locks are lost, its waiters queue again in a new session
	 * ({@link InMemoryLockRegistry#expireSession()}); the engine is told, unless the backend
	 * breaks that rule.
	 */
	void expireSession() {
		this.telling = this.rule != Rule.LOSS_NOT_TOLD;
		try {
			this.memory.expireSession();
		}
		finally {
			this.telling = true;
		}
	}

	/** Ends the client's session. */
	void close() {
		this.memory.close();
	}

	/**
	 * Whether the revocation of the lock behind a backend lock of this backend was requested.
	 * @param lock a lock this backend returned
	 * @return whether a request is recorded with its contender
	 */
	static boolean revocationRecorded(BackendLock lock) {
		return ((Observed) lock).revocation.requested();
	}

	/**
	 * Whether a backend lock was handed off from another thread's.
	 * @param lock a lock this backend returned
	 * @return whether it came from {@link BackendLock#handOff()}
	 */
	static boolean handedOff(BackendLock lock) {
		return ((Observed) lock).handedOff;
	}

	/**
	 * Whether a backend lock was handed off from another thread's after the engine had seen a
	 * revocation request for it: after a revocation watch on it had run its callback.
	 * @param lock a lock this backend returned
	 * @return whether it came from a {@link BackendLock#handOff()} after a request was seen
	 */
	static boolean handedOffAfterRevocationSeen(BackendLock lock) {
		return ((Observed) lock).handedOffAfterRevocationSeen;
	}

	/**
	 * A lock of the in-memory backend, with the revocation requests recorded with its contender.
	 */
	private final class Observed implements RevocableLock {

		private final BackendLock delegate;

		private final String path;

		private final Revocation revocation;

		private final long fencingToken;

		private final boolean handedOff;

		private final boolean handedOffAfterRevocationSeen;

		Observed(BackendLock delegate, String path, Revocation revocation) {
			this(delegate, path, revocation, delegate.fencingToken(), false, false);
		}

		private Observed(BackendLock delegate, String path, Revocation revocation, long fencingToken,
				boolean handedOff, boolean handedOffAfterRevocationSeen) {
			this.delegate = delegate;
			this.path = path;
			this.revocation = revocation;
			this.fencingToken = fencingToken;
			this.handedOff = handedOff;
			this.handedOffAfterRevocationSeen = handedOffAfterRevocationSeen;
		}

		@Override
		public long fencingToken() {
			return this.fencingToken;
		}

		@Override
		public String describe() {
			return this.delegate.describe();
		}

		@Override
		public LockState state() {
			return this.delegate.state();
		}

		@Override
		public @Nullable BackendLock handOff() {
			boolean revocationSeen = this.revocation.seen();
			BackendLock next = this.delegate.handOff();
			if (next == null) {
				return null;
			}
			long token = (ObservedBackend.this.rule == Rule.HAND_OFF_REPEATS_TOKEN) ? this.fencingToken
					: next.fencingToken();
			// the same contender: its revocation requests go with it
			return new Observed(next, this.path, this.revocation, token, true, revocationSeen);
		}

		@Override
		public @Nullable ContenderWatch watchContenders(Runnable onContender) {
			return this.delegate.watchContenders(onContender);
		}

		@Override
		public void release() {
			ObservedBackend.this.revocations.released(this.path, this.revocation);
			this.delegate.release();
		}

		@Override
		public void watchRevocation(Runnable onRequested) {
			this.revocation.watch(onRequested);
		}

	}

	/**
	 * The revocation requests of the clients of one service, by lock path: recorded with the
	 * contender that holds the {@code MUTEX} of the path.
	 */
	static final class Revocations {

		private final ReentrantLock lock = new ReentrantLock();

		private final Map<String, Revocation> holders = new HashMap<>();

		void held(String path, Revocation revocation) {
			this.lock.lock();
			try {
				this.holders.put(path, revocation);
			}
			finally {
				this.lock.unlock();
			}
		}

		void released(String path, Revocation revocation) {
			this.lock.lock();
			try {
				this.holders.remove(path, revocation);
			}
			finally {
				this.lock.unlock();
			}
		}

		boolean request(String path) {
			Revocation holder;
			this.lock.lock();
			try {
				holder = this.holders.get(path);
			}
			finally {
				this.lock.unlock();
			}
			if (holder == null) {
				return false;
			}
			holder.request();
			return true;
		}

	}

	/**
	 * The revocation request recorded with one contender, and the watches on it.
	 */
	static final class Revocation {

		private final ReentrantLock lock = new ReentrantLock();

		private final List<Runnable> watches = new ArrayList<>();

		private boolean requested;

		/** Whether a watch ran its callback for the request: the engine has seen it. */
		private volatile boolean seen;

		/** Records a request and runs the watches, on the caller's thread (the "event thread"). */
		void request() {
			List<Runnable> told;
			this.lock.lock();
			try {
				if (this.requested) {
					return;
				}
				this.requested = true;
				told = List.copyOf(this.watches);
			}
			finally {
				this.lock.unlock();
			}
			told.forEach(Runnable::run);
			this.seen |= !told.isEmpty();
		}

		/** Watches for a request, including one recorded before. */
		void watch(Runnable onRequested) {
			boolean already;
			this.lock.lock();
			try {
				this.watches.add(onRequested);
				already = this.requested;
			}
			finally {
				this.lock.unlock();
			}
			if (already) {
				onRequested.run();
				this.seen = true;
			}
		}

		boolean seen() {
			return this.seen;
		}

		boolean requested() {
			this.lock.lock();
			try {
				return this.requested;
			}
			finally {
				this.lock.unlock();
			}
		}

	}

}
