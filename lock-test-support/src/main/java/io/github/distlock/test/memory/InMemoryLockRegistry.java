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

import java.util.Collection;
import java.util.Objects;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockBackendException;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockState;
import io.github.distlock.core.memory.InMemoryLockBackend;
import io.github.distlock.core.memory.InMemoryLockService;
import io.github.distlock.core.spi.AbstractLockRegistry;
import io.github.distlock.core.engine.LockEngine;

/**
 * A client of an {@link InMemoryLockService}, as one process with one session would be: a
 * {@link LockRegistry} with the semantics of the ZooKeeper backend, for tests; the engine over an
 * {@link InMemoryLockBackend}, with the backend's session controls at hand.
 * <ul>
 * <li>{@link LockType#MUTEX}, {@link LockType#READ} and {@link LockType#WRITE} are reentrant per
 * thread (the nested lock carries the outer one's fencing token), and the holder of a
 * {@code WRITE} lock may take the {@code READ} lock of the same key, with the write lock's
 * token. {@link LockType#SEMAPHORE_MUTEX} is not reentrant, and any thread may release it; only
 * the acquiring thread may release the other types.</li>
 * <li>Waiters are served in arrival order, across threads and clients. A wait ends with
 * {@link LockAcquisitionException} when its time elapses and {@link LockInterruptedException}
 * when the thread is interrupted (its interrupt status is kept); an interrupted thread is
 * refused at once. Nothing is left in the service after a release, a timeout or an
 * interrupt.</li>
 * <li>{@link #expireSession()} loses every lock the client holds, as an expired ZooKeeper session
 * does: the handles go to {@link LockState#LOST}, others may take the locks, the thread that
 * held a lost lock cannot re-enter it ({@link LockLostException}) until it closed the lost
 * handle, and the client goes on in a new session. {@link #suspendConnection()} and
 * {@link #resumeConnection()} put held locks {@link LockState#IN_DOUBT in doubt} and back;
 * while suspended, acquisitions wait for the connection within their wait time and then fail
 * with {@link LockBackendException}.</li>
 * <li>The {@link LockListener} is told of every lock event; of a change of state on the thread
 * that caused it.</li>
 * </ul>
 * {@link #close() Closing} the client ends its session: the locks it held are lost and free for
 * others.
 *
 * @since 0.1.0
 */
@SuppressWarnings("deprecation")
public class InMemoryLockRegistry extends AbstractLockRegistry implements AutoCloseable {

	private final InMemoryLockBackend backend;

	/**
	 * Creates a client with no listener.
	 * @param service the service shared by the clients of a test
	 */
	public InMemoryLockRegistry(InMemoryLockService service) {
		this(service, new LockListener() {
		});
	}

	/**
	 * Creates a client.
	 * @param service the service shared by the clients of a test
	 * @param listener told of acquisitions, failures, releases and changes of state
	 */
	public InMemoryLockRegistry(InMemoryLockService service, LockListener listener) {
		this(service, listener, LockEngine.Options.DEFAULTS);
	}

	/**
	 * Creates a client.
	 * @param service the service shared by the clients of a test
	 * @param listener told of acquisitions, failures, releases and changes of state
	 * @param options whether holders of lost locks are interrupted, and which locks queue
	 * locally first
	 */
	public InMemoryLockRegistry(InMemoryLockService service, LockListener listener, LockEngine.Options options) {
		this(new InMemoryLockBackend(Objects.requireNonNull(service, "service")), listener, options);
	}

	private InMemoryLockRegistry(InMemoryLockBackend backend, LockListener listener, LockEngine.Options options) {
		super(new LockEngine(backend, Objects.requireNonNull(listener, "listener"), options));
		this.backend = backend;
	}

	/**
	 * Expires the client's session, as ZooKeeper does for a client cut off too long: every lock
	 * it holds goes to {@link LockState#LOST} and is free for others at once; its waiters queue
	 * again at the back, and the client goes on, connected, in a new session.
	 * @throws IllegalStateException if the client is closed
	 */
	public void expireSession() {
		this.backend.expireSession();
	}

	/**
	 * Suspends the connection, as a lost TCP connection does before the session expires: held
	 * locks go to {@link LockState#IN_DOUBT}, and acquisitions wait for the connection.
	 */
	public void suspendConnection() {
		this.backend.suspendConnection();
	}

	/**
	 * Restores a suspended connection in the same session: locks in doubt are
	 * {@link LockState#HELD held} again.
	 */
	public void resumeConnection() {
		this.backend.resumeConnection();
	}

	/**
	 * Whether the client is connected.
	 * @return {@code false} while suspended and once closed
	 */
	public boolean isConnected() {
		return this.backend.isConnected();
	}

	/**
	 * The client's session: a new one after each {@link #expireSession() expiry}.
	 * @return the session id
	 */
	public long sessionId() {
		return this.backend.sessionId();
	}

	/**
	 * The lock path of a key: the key behind {@code memory:}.
	 * @param key the lock key
	 * @return the lock path
	 */
	@Override
	public String pathOf(String key) {
		return super.pathOf(key);
	}

	/**
	 * The contenders for a lock in every client of the service, holders first, as
	 * {@code TYPE-entry@session-id}.
	 * @param key the lock key
	 * @param type the lock type
	 * @return the contenders' names
	 */
	@Override
	public Collection<String> participants(String key, LockType type) {
		return super.participants(key, type);
	}

	/**
	 * How many closed locks wait for their {@code holdAtLeast} to pass.
	 * @return the number of locks held beyond their close
	 */
	public int deferredReleaseCount() {
		return engine().deferredReleaseCount();
	}

	/**
	 * Releases the locks kept for their {@code holdAtLeast} at once, then closes the client and
	 * ends its session: the locks it held are {@link LockState#LOST lost} and free for others, its waiters fail with {@link LockBackendException}, and so does
	 * every later acquisition.
	 */
	@Override
	public void close() {
		engine().releaseDeferred();
		this.backend.close();
	}

}
