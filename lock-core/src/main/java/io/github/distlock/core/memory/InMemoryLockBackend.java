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

package io.github.distlock.core.memory;

import java.time.Duration;
import java.util.Collection;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.InvalidLockKeyException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.AsyncLockBackend;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.ContenderWatch;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.core.spi.OwnerRecordingBackend;
import org.jspecify.annotations.Nullable;

/**
 * A {@link LockBackend} in this JVM: one client of an {@link InMemoryLockService}, as one
 * process with one session would be, with the semantics of the ZooKeeper backend, for tests and
 * for applications that need no lock service (Spring's {@code ConcurrentMapCacheManager} plays
 * the same part for caches). A {@link io.github.distlock.core.engine.LockEngine} over it is a
 * registry:
 * <pre class="code">
 * InMemoryLockService service = new InMemoryLockService();
 * InMemoryLockBackend backend = new InMemoryLockBackend(service);
 * LockEngine registry = new LockEngine(backend, listener, LockEngine.Options.STANDARD);
 * </pre>
 * It has one session at a time, and a connection that a test may suspend
 * ({@link #suspendConnection()}: held locks in doubt), restore, or end with the session
 * ({@link #expireSession()}: held locks lost, free for others; {@link #close()}).
 *
 * @since 0.1.0
 */
public final class InMemoryLockBackend implements OwnerRecordingBackend, AsyncLockBackend, AutoCloseable {

	private static final String PATH_PREFIX = "memory:";

	/** How often an asynchronous acquisition looks for the connection while it is suspended. */
	private static final long RECONNECT_LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	private final InMemoryLockService service;

	/**
	 * Guards the session and the connection; never held while waiting for a lock or while the
	 * engine follows states.
	 */
	private final ReentrantLock connection = new ReentrantLock();

	private final Condition connectedAgain = this.connection.newCondition();

	private volatile long session;

	private volatile boolean connected = true;

	private volatile boolean closed;

	private volatile Runnable onChange = () -> {
	};

	/**
	 * Creates a client of the service, in a session of its own.
	 * @param service the service shared by the clients of a test
	 */
	public InMemoryLockBackend(InMemoryLockService service) {
		this.service = Objects.requireNonNull(service, "service");
		this.session = service.openSession();
	}

	@Override
	public String pathOf(String key) {
		if (key == null || key.isBlank()) {
			throw new InvalidLockKeyException("Lock key must not be null or blank");
		}
		return PATH_PREFIX + key;
	}

	@Override
	public void onStateChange(Runnable callback) {
		this.onChange = callback;
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Here: from the locks' states, since the service lives in this process and pauses with it.
	 */
	@Override
	public CompletionStage<Boolean> confirmHeld(Collection<BackendLock> locks) {
		return CompletableFuture.completedFuture(locks.stream().allMatch((lock) -> lock.state() == LockState.HELD));
	}

	/**
	 * Every type, {@code SEMAPHORE} too.
	 */
	@Override
	public Set<LockType> supportedTypes() {
		return EnumSet.allOf(LockType.class);
	}

	/**
	 * Queues in the service and waits. A lock granted just as the session expired is queued for
	 * again in the new session, within the wait time.
	 */
	@Override
	public BackendLock acquire(LockRequest request, String path, long deadline) throws InterruptedException {
		long start = System.nanoTime();
		while (true) {
			awaitConnection(request.key(), path, deadline);
			LockEntry entry = enqueue(request, path);
			LockEntry.State outcome = this.service.awaitGrant(entry, deadline);
			if (outcome == LockEntry.State.GRANTED) {
				return new HeldEntry(entry);
			}
			if (outcome == LockEntry.State.ENDED) {
				throw closed(request.key(), path);
			}
			if (outcome == LockEntry.State.GONE || System.nanoTime() - deadline >= 0) {
				throw new LockAcquisitionException(request.key(), path, Duration.ofNanos(System.nanoTime() - start));
			}
		}
	}

	/**
	 * Every type.
	 */
	@Override
	public Set<LockType> asyncTypes() {
		return EnumSet.allOf(LockType.class);
	}

	/**
	 * Queues in the service and completes when the entry is granted; while the client is
	 * disconnected, it looks again every few milliseconds.
	 */
	@Override
	public CompletableFuture<BackendLock> acquireAsync(LockRequest request, String path, long deadline) {
		CompletableFuture<BackendLock> result = new CompletableFuture<>();
		queueAsync(request, path, System.nanoTime(), deadline, result);
		return result;
	}

	private void queueAsync(LockRequest request, String path, long start, long deadline,
			CompletableFuture<BackendLock> result) {
		if (result.isDone()) {
			return;
		}
		long remaining = deadline - System.nanoTime();
		if (!this.connected) {
			if (this.closed) {
				result.completeExceptionally(closed(request.key(), path));
			}
			else if (remaining <= 0) {
				result.completeExceptionally(new LockBackendException("Could not acquire lock '" + request.key()
						+ "' (" + path + "): the in-memory client is disconnected", null));
			}
			else {
				CompletableFuture.delayedExecutor(Math.min(remaining, RECONNECT_LOOK_NANOS), TimeUnit.NANOSECONDS)
					.execute(() -> queueAsync(request, path, start, deadline, result));
			}
			return;
		}
		LockEntry entry;
		try {
			entry = enqueue(request, path);
		}
		catch (LockBackendException ex) {
			result.completeExceptionally(ex);
			return;
		}
		result.whenComplete((lock, failure) -> {
			if (result.isCancelled()) {
				this.service.release(entry);
			}
		});
		this.service.whenSettled(entry)
			.orTimeout(Math.max(0, remaining), TimeUnit.NANOSECONDS)
			.whenComplete((state, failure) -> {
				if (state == LockEntry.State.GRANTED) {
					if (!result.complete(new HeldEntry(entry))) {
						this.service.release(entry);
					}
				}
				else if (state == LockEntry.State.ENDED) {
					result.completeExceptionally(closed(request.key(), path));
				}
				else if (state == LockEntry.State.LOST && System.nanoTime() - deadline < 0) {
					queueAsync(request, path, start, deadline, result);
				}
				else {
					// the deadline passed, or the caller gave up
					this.service.release(entry);
					result.completeExceptionally(new LockAcquisitionException(request.key(), path,
							Duration.ofNanos(System.nanoTime() - start)));
				}
			});
	}

	private LockEntry enqueue(LockRequest request, String path) {
		this.connection.lock();
		try {
			if (this.closed) {
				throw closed(request.key(), path);
			}
			return this.service.enqueue(request.key(), request.type(), request.permits(), this.session,
					request.owner());
		}
		finally {
			this.connection.unlock();
		}
	}

	@Override
	public BackendLock acquireReadInWrite(BackendLock write, LockRequest request, long deadline) {
		LockEntry read = this.service.enterInside(((HeldEntry) write).entry, request.owner());
		if (read == null) {
			throw new LockLostException(request.key(), pathOf(request.key()));
		}
		return new HeldEntry(read);
	}

	private void awaitConnection(String key, String path, long deadline) throws InterruptedException {
		if (this.connected) {
			return;
		}
		this.connection.lock();
		try {
			while (!this.connected) {
				if (this.closed) {
					throw closed(key, path);
				}
				long remaining = deadline - System.nanoTime();
				if (remaining <= 0) {
					throw new LockBackendException(
							"Could not acquire lock '" + key + "' (" + path + "): the in-memory client is disconnected",
							null);
				}
				this.connectedAgain.awaitNanos(remaining);
			}
		}
		finally {
			this.connection.unlock();
		}
	}

	private static LockBackendException closed(String key, String path) {
		return new LockBackendException("Could not acquire lock '" + key + "' (" + path
				+ "): the in-memory client was closed", null);
	}

	@Override
	public Collection<String> participants(String key, LockType type) {
		pathOf(key);
		return this.service.participants(key, type);
	}

	@Override
	public Optional<String> ownerOf(String key, String path, LockType type) {
		return Optional.ofNullable(this.service.ownerOf(key, type));
	}

	/**
	 * Expires the client's session, as ZooKeeper does for a client cut off too long: every lock
	 * it holds goes to {@link LockState#LOST} and is free for others at once; its waiters queue
	 * again at the back, and the client goes on, connected, in a new session.
	 * @throws IllegalStateException if the client is closed
	 */
	public void expireSession() {
		this.connection.lock();
		try {
			if (this.closed) {
				throw new IllegalStateException("The in-memory client is closed");
			}
			long replacement = this.service.openSession();
			this.service.expireSession(this.session, replacement);
			this.session = replacement;
			this.connected = true;
			this.connectedAgain.signalAll();
		}
		finally {
			this.connection.unlock();
		}
		this.onChange.run();
	}

	/**
	 * Suspends the connection, as a lost TCP connection does before the session expires: held
	 * locks go to {@link LockState#IN_DOUBT}, and acquisitions wait for the connection.
	 */
	public void suspendConnection() {
		this.connection.lock();
		try {
			this.connected = false;
		}
		finally {
			this.connection.unlock();
		}
		this.onChange.run();
	}

	/**
	 * Restores a suspended connection in the same session: locks in doubt are
	 * {@link LockState#HELD held} again.
	 */
	public void resumeConnection() {
		this.connection.lock();
		try {
			if (this.closed) {
				return;
			}
			this.connected = true;
			this.connectedAgain.signalAll();
		}
		finally {
			this.connection.unlock();
		}
		this.onChange.run();
	}

	/**
	 * Whether the client is connected.
	 * @return {@code false} while suspended and once closed
	 */
	public boolean isConnected() {
		return this.connected;
	}

	/**
	 * The client's session: a new one after each {@link #expireSession() expiry}.
	 * @return the session id
	 */
	public long sessionId() {
		return this.session;
	}

	/**
	 * Ends the client's session: the locks it held are {@link LockState#LOST lost} and free for
	 * others, its waiters fail with a {@code LockBackendException}, and so does every later
	 * acquisition.
	 */
	@Override
	public void close() {
		this.connection.lock();
		try {
			if (this.closed) {
				return;
			}
			this.closed = true;
			this.connected = false;
			this.connectedAgain.signalAll();
			this.service.endSession(this.session);
		}
		finally {
			this.connection.unlock();
		}
		this.onChange.run();
	}

	/**
	 * A granted entry: held while the client is connected, in doubt while it is not, lost once
	 * the service removed it.
	 */
	private final class HeldEntry implements BackendLock {

		private final LockEntry entry;

		private final int handoffs;

		HeldEntry(LockEntry entry) {
			this(entry, 0);
		}

		private HeldEntry(LockEntry entry, int handoffs) {
			this.entry = entry;
			this.handoffs = handoffs;
		}

		@Override
		public long fencingToken() {
			return this.entry.token() + this.handoffs;
		}

		@Override
		public @Nullable BackendLock handOff() {
			return (this.handoffs < FencingTokens.MAX_HANDOFFS) ? new HeldEntry(this.entry, this.handoffs + 1)
					: null;
		}

		/**
		 * Told once when another contender queues for the {@code MUTEX}.
		 */
		@Override
		public @Nullable ContenderWatch watchContenders(Runnable onContender) {
			if (this.entry.type() != LockType.MUTEX) {
				return null;
			}
			Runnable end = InMemoryLockBackend.this.service.watchQueue(this.entry, onContender);
			return new ContenderWatch() {

				@Override
				public boolean confirmed() {
					// the queue is read with the watch set, under the service's lock
					return true;
				}

				@Override
				public void close() {
					end.run();
				}

			};
		}

		@Override
		public String describe() {
			return "entry " + this.entry.name();
		}

		@Override
		public LockState state() {
			if (this.entry.state() != LockEntry.State.GRANTED) {
				return LockState.LOST;
			}
			return InMemoryLockBackend.this.connected ? LockState.HELD : LockState.IN_DOUBT;
		}

		@Override
		public void release() {
			InMemoryLockBackend.this.service.release(this.entry);
		}

	}

}
