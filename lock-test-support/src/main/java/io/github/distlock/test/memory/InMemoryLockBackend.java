/*
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

import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.InvalidLockKeyException;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import io.github.distlock.core.spi.FencingTokens;
import io.github.distlock.core.spi.LockBackend;
import io.github.distlock.core.spi.OwnerRecordingBackend;
import org.jspecify.annotations.Nullable;

/**
 * The {@link LockBackend} of an {@link InMemoryLockRegistry}: one client of an
 * {@link InMemoryLockService}, with one session at a time and a connection that a test may
 * suspend, restore, or end with the session.
 */
final class InMemoryLockBackend implements OwnerRecordingBackend {

	private static final String PATH_PREFIX = "memory:";

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

	InMemoryLockBackend(InMemoryLockService service) {
		this.service = service;
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

	private LockEntry enqueue(LockRequest request, String path) {
		this.connection.lock();
		try {
			if (this.closed) {
				throw closed(request.key(), path);
			}
			return this.service.enqueue(request.key(), request.type(), this.session, request.owner());
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

	void expireSession() {
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

	void suspendConnection() {
		this.connection.lock();
		try {
			this.connected = false;
		}
		finally {
			this.connection.unlock();
		}
		this.onChange.run();
	}

	void resumeConnection() {
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

	boolean isConnected() {
		return this.connected;
	}

	long sessionId() {
		return this.session;
	}

	void close() {
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
