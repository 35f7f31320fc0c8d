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

package io.github.distlock.test.contract;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.AsyncLockHandle;
import io.github.distlock.core.AsyncLockRegistry;
import io.github.distlock.core.AsyncLockTemplate;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockInterruptedException;
import io.github.distlock.core.CachedLock;
import io.github.distlock.core.LockIntrospection;
import io.github.distlock.core.LockListener;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.MultiLockRequest;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.core.spi.BackendLock;
import org.awaitility.core.ConditionFactory;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * What every lock backend guarantees, as tests that each backend's test class inherits by
 * extending this one and providing its hooks:
 * <ul>
 * <li>{@link #newClient(LockListener)}: a new client with a session (or lease) of its own, as a
 * separate process has;</li>
 * <li>{@link #loseLocks(LockClient)}: the lock service drops a client's session (ZooKeeper
 * expires it, etcd revokes the lease);</li>
 * <li>{@link #entriesOf(String)}: what the lock service holds for a key (to check that nothing
 * is left, and to see a waiter queued);</li>
 * <li>optionally {@link #supportedTypes()}, {@link #lossTimeout()} and
 * {@link #startContenderProcess(SharedCounterJob)} (separate JVMs).</li>
 * </ul>
 * The guarantees: an exclusive lock ({@code MUTEX}, {@code SEMAPHORE_MUTEX}, {@code WRITE})
 * excludes every other thread of every client; readers share, a writer excludes them and
 * readers that come after a waiting writer queue behind it; {@code MUTEX}, {@code READ} and
 * {@code WRITE} are reentrant per thread with the same fencing token, a {@code WRITE} holder may
 * take the {@code READ} lock with the write lock's token and keep it after releasing the write
 * lock; {@code SEMAPHORE_MUTEX} is not reentrant and any thread may release it, while only the
 * holder's thread may release the other types but {@code SEMAPHORE}, which has as many holders as
 * its permits, served in queue order, each lease with a token of its own; a lock held past its
 * {@code maxHold} is given up; waits end at their wait time, or at once for
 * {@link Duration#ZERO}; an interrupted waiter gets {@link LockInterruptedException} and keeps
 * its interrupt status, and an interrupted thread is refused; fencing tokens grow with each
 * holder of a key; waiters for a {@code MUTEX} are served in arrival order; any key locks a lock
 * of its own; a lock released by one client is free for another within one round trip (a
 * backend may send a release in the background, in its session's order, so that the releasing
 * client's own next request comes after it); nothing is left in the lock service after a
 * release, a timeout or an interrupt; a
 * lost lock goes to {@link LockState#LOST}, is free for others, and cannot be re-entered;
 * closing a handle twice releases it once.
 * <p>
 * The tests are grouped by behaviour in {@code @Nested} classes, which a test report shows
 * apart: {@code Handles}, {@code Exclusion}, {@code Reentry}, {@code Waiting},
 * {@code FencingTokens}, {@code QueueOrder}, {@code Keys}, {@code NothingLeft}, {@code Loss},
 * {@code ListenerEvents}, {@code HoldAtLeast}, {@code Owners}, {@code Revocation} and
 * {@code SeparateProcesses}. A group's tests run inside an instance of the backend's class,
 * whose hooks they call and whose {@code @BeforeEach} and {@code @AfterEach} methods run around
 * them; an extension that the backend's class registers applies to each group too, so one that
 * starts a server in {@code beforeAll} must start it once, for the enclosing class (as
 * {@code EtcdServerExtension} does).
 * <p>
 * Every test uses keys of its own (except for the awkward keys), waits {@link #SHORT} where a
 * wait must fail, and releases what it takes; the clients are closed after each test.
 *
 * @param <C> the backend's client
 * @since 0.1.0
 */
public abstract class LockRegistryContractTests<C extends LockClient> {

	/** The wait of an acquisition that must fail. */
	protected static final Duration SHORT = Duration.ofMillis(300);

	/** The bound on what must happen (a wait that must succeed, a waiter that must end). */
	protected static final Duration GENEROUS = Duration.ofSeconds(10);

	/**
	 * The wait of another client for a lock just released: a backend may send a release without
	 * waiting for its answer, in the order of its session's requests (ZooKeeper's {@code MUTEX}),
	 * so that another client finds the lock free one round trip later.
	 */
	protected static final Duration AFTER_RELEASE = GENEROUS;

	/** How long a try-once ({@link Duration#ZERO}) on a held key may take to fail. */
	protected static final Duration AT_ONCE = Duration.ofSeconds(2);

	/** How much earlier than its wait time a wait may end, for backends that count in milliseconds. */
	private static final Duration CLOCK_TOLERANCE = Duration.ofMillis(10);

	/** How many separate processes contend in the cross-process test, and how often each takes the lock. */
	private static final int PROCESSES = 3;

	private static final int ITERATIONS = 30;

	private static final String NAME = "contract";

	private static final AtomicInteger keys = new AtomicInteger();

	private static final LockListener NO_LISTENER = new LockListener() {
	};

	private final List<C> clients = new ArrayList<>();

	private final List<Background<?>> tasks = new ArrayList<>();

	// ---- backend hooks ----------------------------------------------------------------------

	/**
	 * Connects a new client to the lock service: a registry with a session (or lease) of its own,
	 * as a separate process has. The suite closes it after the test. Its registry must not
	 * interrupt the holder of a lock it loses.
	 * @param listener to be told of the state changes of the client's locks
	 * @return the client, connected
	 * @throws Exception if it cannot connect
	 */
	protected abstract C newClient(LockListener listener) throws Exception;

	/**
	 * Makes the lock service drop the client's session, as a long pause or partition would
	 * (ZooKeeper: expire the session; etcd: revoke the lease). The client's locks must then go
	 * to {@link LockState#LOST} within {@link #lossTimeout()} and be free for others; the client
	 * must be usable again afterwards, in a new session.
	 * @param client a client of this suite
	 * @throws Exception if the session cannot be dropped
	 */
	protected abstract void loseLocks(C client) throws Exception;

	/**
	 * What the lock service holds for a key, for locks of every type: one item per holder and
	 * per waiter (ZooKeeper: the ephemeral nodes under the key's lock path). It must be empty
	 * once every lock on the key was released or given up (a backend that cleans up in the
	 * background has {@link #GENEROUS} to do so), and grow when a waiter queues.
	 * @param key the lock key
	 * @return the items, in any order
	 * @throws Exception if the lock service cannot be read
	 */
	protected abstract Collection<String> entriesOf(String key) throws Exception;

	/**
	 * Connects a new client, as {@link #newClient(LockListener)} does, whose registry hands a
	 * held {@code MUTEX} on to the next waiting thread of its own (local hand-off) for at least
	 * {@link #GENEROUS} after the lock's acquisition in the lock service.
	 * @param listener to be told of the state changes of the client's locks
	 * @return the client, connected, or empty (the default) for a backend without local
	 * hand-off: the tests of hand-off are then skipped
	 * @throws Exception if it cannot connect
	 */
	protected Optional<C> newHandingOffClient(LockListener listener) throws Exception {
		return Optional.empty();
	}

	/**
	 * Connects a new client, as {@link #newClient(LockListener)} does, whose registry caches
	 * released {@code MUTEX} locks (lock caching) for the given idle time, at most 100 of them.
	 * @param listener to be told of the state changes of the client's locks
	 * @param idleTime how long a cached lock is kept unused at most
	 * @return the client, connected, or empty (the default) for a backend whose locks are not
	 * cached: the tests of caching are then skipped
	 * @throws Exception if it cannot connect
	 */
	protected Optional<C> newCachingClient(LockListener listener, Duration idleTime) throws Exception {
		return Optional.empty();
	}

	/**
	 * The lock types the backend supports; the tests of the others are skipped.
	 * @return the supported types, all by default
	 */
	protected Set<LockType> supportedTypes() {
		return EnumSet.allOf(LockType.class);
	}

	/**
	 * How long after {@link #loseLocks(LockClient)} a client may take to see its locks lost.
	 * @return the bound, 30 seconds by default
	 */
	protected Duration lossTimeout() {
		return Duration.ofSeconds(30);
	}

	/**
	 * Starts a separate JVM that connects a registry of this backend and calls
	 * {@link SharedCounterJob#run(LockRegistry)} for the job, typically with
	 * {@link SharedCounterJob#javaProcess(Class, String...)}.
	 * @param job what the process does
	 * @return the process, or empty (the default) when the backend offers none: the
	 * cross-process test is then skipped
	 * @throws Exception if the process cannot be started
	 */
	protected Optional<Process> startContenderProcess(SharedCounterJob job) throws Exception {
		return Optional.empty();
	}

	@AfterEach
	void stopTasksAndCloseClients() throws Exception {
		for (Background<?> task : this.tasks) {
			task.stop(GENEROUS);
		}
		List<C> toClose = new ArrayList<>(this.clients);
		Collections.reverse(toClose);
		Exception failure = null;
		for (C client : toClose) {
			try {
				client.close();
			}
			catch (Exception ex) {
				failure = (failure != null) ? failure : ex;
			}
		}
		if (failure != null) {
			throw failure;
		}
	}

	/** A handle describes its lock and releases it once, from its holder's thread (any, for a semaphore mutex). */
	@Nested
	class Handles {

		/** A handle tells the key, name, type, holder and state of its lock, and a positive token. */
		@ParameterizedTest
		@EnumSource(LockType.class)
		void handleDescribesTheLockItHolds(LockType type) throws Exception {
			assumeSupported(type);
			String key = key("describe");
			LockRegistry registry = client();
			Instant before = Instant.now();
			LockHandle lock = registry.acquire(new LockRequest(key, type, SHORT, "describe-name"));
			try {
				assertThat(lock.key()).isEqualTo(key);
				assertThat(lock.name()).isEqualTo("describe-name");
				assertThat(lock.type()).isEqualTo(type);
				assertThat(lock.path()).isNotBlank();
				assertThat(lock.isHeld()).isTrue();
				assertThat(lock.state()).isEqualTo(LockState.HELD);
				assertThat(lock.holderThread()).isEqualTo(Thread.currentThread().getName());
				assertThat(lock.acquiredAt()).isBetween(before, Instant.now());
				assertThat(lock.fencingToken()).isPositive();
			}
			finally {
				lock.close();
			}
			assertThat(lock.state()).isEqualTo(LockState.RELEASED);
			assertThat(lock.isHeld()).isFalse();
		}

		/** Another thread may release a semaphore mutex, which is then free for others. */
		@Test
		void semaphoreMutexMayBeReleasedByAnotherThread() throws Exception {
			assumeSupported(LockType.SEMAPHORE_MUTEX);
			String key = key("semaphore-release");
			LockRegistry registry = client();
			LockRegistry other = client();
			LockHandle held = registry.acquire(request(key, LockType.SEMAPHORE_MUTEX, SHORT));
			try {
				inBackground("releaser", () -> {
					held.close();
					return null;
				}).get(GENEROUS);
				assertThat(held.state()).isEqualTo(LockState.RELEASED);
				assertThat(held.isHeld()).isFalse();
				other.acquire(request(key, LockType.SEMAPHORE_MUTEX, AFTER_RELEASE)).close();
			}
			finally {
				held.close();
			}
		}

		/** Only the holder's thread may release a lock other than a semaphore mutex; a refused release keeps it held. */
		@ParameterizedTest
		@EnumSource(names = { "MUTEX", "READ", "WRITE" })
		void releaseByAnotherThreadIsRefusedAndTheLockStaysHeld(LockType type) throws Exception {
			assumeSupported(type, conflicting(type));
			String key = key("foreign-release");
			LockRegistry registry = client();
			LockRegistry other = client();
			LockHandle held = registry.acquire(request(key, type, SHORT));
			try {
				Throwable refused = inBackground("intruder", () -> {
					held.close();
					return null;
				}).failure(GENEROUS);
				assertThat(refused).isInstanceOf(IllegalMonitorStateException.class);
				assertThat(held.state()).isEqualTo(LockState.HELD);
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> other.acquire(request(key, conflicting(type), Duration.ZERO)));
			}
			finally {
				held.close();
			}
			other.acquire(request(key, conflicting(type), AFTER_RELEASE)).close();
		}

		/** Closing a released handle again does nothing: it does not release the next holder's lock. */
		@ParameterizedTest
		@EnumSource(LockType.class)
		void closingAReleasedHandleAgainDoesNotReleaseTheNextHolder(LockType type) throws Exception {
			assumeSupported(type, conflicting(type));
			String key = key("close-twice");
			LockRegistry first = client();
			LockRegistry second = client();
			LockRegistry third = client();
			LockHandle lock = first.acquire(request(key, type, SHORT));
			lock.close();
			lock.close();
			assertThat(lock.state()).isEqualTo(LockState.RELEASED);
			LockHandle next = second.acquire(request(key, type, AFTER_RELEASE));
			try {
				lock.close();
				assertThat(next.isHeld()).isTrue();
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> third.acquire(request(key, conflicting(type), Duration.ZERO)));
			}
			finally {
				next.close();
			}
		}

		/** Closing a nested handle twice releases one level only: the outer lock stays held. */
		@ParameterizedTest
		@EnumSource(names = { "MUTEX", "READ", "WRITE" })
		void closingANestedHandleTwiceKeepsTheOuterLock(LockType type) throws Exception {
			assumeSupported(type, conflicting(type));
			String key = key("close-nested-twice");
			LockRegistry owner = client();
			LockRegistry other = client();
			LockHandle outer = owner.acquire(request(key, type, SHORT));
			try {
				LockHandle inner = owner.acquire(request(key, type, Duration.ZERO));
				inner.close();
				inner.close();
				assertThat(outer.isHeld()).isTrue();
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> other.acquire(request(key, conflicting(type), Duration.ZERO)));
			}
			finally {
				outer.close();
			}
			other.acquire(request(key, conflicting(type), AFTER_RELEASE)).close();
		}

	}

	/** An exclusive lock excludes every other client and thread, readers share, and each kind of lock is separate. */
	@Nested
	class Exclusion {

		/** An exclusive lock held by one client makes another client's wait elapse; once released it is free at once. */
		@ParameterizedTest
		@EnumSource(names = { "MUTEX", "SEMAPHORE_MUTEX", "WRITE" })
		void exclusiveLockExcludesAnotherClient(LockType type) throws Exception {
			assumeSupported(type);
			String key = key("exclusion");
			LockRegistry first = client();
			LockRegistry second = client();
			LockHandle held = first.acquire(request(key, type, SHORT));
			try {
				assertWaitElapses(second, request(key, type, SHORT));
				assertThat(held.isHeld()).isTrue();
			}
			finally {
				held.close();
			}
			try (LockHandle next = second.acquire(request(key, type, AFTER_RELEASE))) {
				assertThat(next.isHeld()).isTrue();
			}
		}

		/** An exclusive lock excludes the other threads of its own client too. */
		@ParameterizedTest
		@EnumSource(names = { "MUTEX", "SEMAPHORE_MUTEX", "WRITE" })
		void exclusiveLockExcludesAnotherThreadOfTheSameClient(LockType type) throws Exception {
			assumeSupported(type);
			String key = key("same-client");
			LockRegistry registry = client();
			LockHandle held = registry.acquire(request(key, type, SHORT));
			try {
				Throwable failure = inBackground("other-thread", () -> {
					registry.acquire(request(key, type, SHORT)).close();
					return null;
				}).failure(GENEROUS);
				assertThat(failure).isInstanceOf(LockAcquisitionException.class);
			}
			finally {
				held.close();
			}
			Boolean heldByOtherThread = inBackground("next-thread", () -> {
				try (LockHandle next = registry.acquire(request(key, type, Duration.ZERO))) {
					return next.isHeld();
				}
			}).get(GENEROUS);
			assertThat(heldByOtherThread).isTrue();
		}

		/** Readers of two clients, and of two threads of one client, hold a read lock at once. */
		@Test
		void readLockIsSharedByClientsAndThreads() throws Exception {
			assumeSupported(LockType.READ);
			String key = key("shared-read");
			LockRegistry first = client();
			LockRegistry second = client();
			try (LockHandle readA = first.acquire(request(key, LockType.READ, SHORT));
					LockHandle readB = second.acquire(request(key, LockType.READ, Duration.ZERO))) {
				assertThat(readA.isHeld()).isTrue();
				assertThat(readB.isHeld()).isTrue();
				Boolean sharedWithThread = inBackground("reader", () -> {
					try (LockHandle readC = first.acquire(request(key, LockType.READ, Duration.ZERO))) {
						return readC.isHeld();
					}
				}).get(GENEROUS);
				assertThat(sharedWithThread).isTrue();
			}
		}

		/** A write lock makes the wait of another client's reader elapse. */
		@Test
		void writeLockExcludesReadersOfAnotherClient() throws Exception {
			assumeSupported(LockType.READ, LockType.WRITE);
			String key = key("write-excludes-read");
			LockRegistry writer = client();
			LockRegistry reader = client();
			LockHandle write = writer.acquire(request(key, LockType.WRITE, SHORT));
			try {
				assertWaitElapses(reader, request(key, LockType.READ, SHORT));
			}
			finally {
				write.close();
			}
			reader.acquire(request(key, LockType.READ, AFTER_RELEASE)).close();
		}

		/** A read lock makes the wait of another client's writer elapse. */
		@Test
		void readLockExcludesWritersOfAnotherClient() throws Exception {
			assumeSupported(LockType.READ, LockType.WRITE);
			String key = key("read-excludes-write");
			LockRegistry reader = client();
			LockRegistry writer = client();
			LockHandle read = reader.acquire(request(key, LockType.READ, SHORT));
			try {
				assertWaitElapses(writer, request(key, LockType.WRITE, SHORT));
			}
			finally {
				read.close();
			}
			writer.acquire(request(key, LockType.WRITE, AFTER_RELEASE)).close();
		}

		/**
		 * Each kind of lock on a key is a separate lock (as ZooKeeper's recipes are): a {@code MUTEX}
		 * held by one client leaves the {@code SEMAPHORE_MUTEX} and the {@code WRITE} of the same key
		 * free, for another client and for the holder's own thread.
		 */
		@Test
		void eachKindOfLockOnAKeyIsASeparateLock() throws Exception {
			assumeSupported(LockType.MUTEX, LockType.SEMAPHORE_MUTEX, LockType.WRITE);
			String key = key("kinds");
			LockRegistry holder = client();
			LockRegistry other = client();
			try (LockHandle mutex = holder.acquire(request(key, LockType.MUTEX, SHORT))) {
				try (LockHandle semaphore = other.acquire(request(key, LockType.SEMAPHORE_MUTEX, Duration.ZERO));
						LockHandle write = other.acquire(request(key, LockType.WRITE, Duration.ZERO))) {
					assertThat(semaphore.isHeld()).isTrue();
					assertThat(write.isHeld()).isTrue();
					assertWaitElapses(holder, request(key, LockType.WRITE, SHORT));
				}
				// the other client's WRITE was just released: it may be gone only a round trip later
				try (LockHandle ownWrite = holder.acquire(request(key, LockType.WRITE, AFTER_RELEASE))) {
					assertThat(ownWrite.isHeld()).isTrue();
					assertThat(mutex.isHeld()).isTrue();
				}
			}
		}

	}

	/** A thread re-enters its lock with the same token, also as a read inside its write; not a semaphore mutex. */
	@Nested
	class Reentry {

		/** A thread re-enters a reentrant lock it holds, with the same token; the lock is held until the outer release. */
		@ParameterizedTest
		@EnumSource(names = { "MUTEX", "READ", "WRITE" })
		void reentrantLockIsReenteredByItsThreadWithTheSameToken(LockType type) throws Exception {
			assumeSupported(type, conflicting(type));
			String key = key("reentrant");
			LockRegistry owner = client();
			LockRegistry other = client();
			LockHandle outer = owner.acquire(request(key, type, SHORT));
			try {
				LockHandle inner = owner.acquire(request(key, type, Duration.ZERO));
				try {
					assertThat(inner.isHeld()).isTrue();
					assertThat(inner.fencingToken()).isEqualTo(outer.fencingToken());
				}
				finally {
					inner.close();
				}
				assertThat(outer.isHeld()).isTrue();
				assertThatExceptionOfType(LockAcquisitionException.class)
					.as("the lock is still held after the inner release")
					.isThrownBy(() -> other.acquire(request(key, conflicting(type), Duration.ZERO)));
			}
			finally {
				outer.close();
			}
			other.acquire(request(key, conflicting(type), AFTER_RELEASE)).close();
		}

		/** A thread holding a read lock re-enters it even while a writer waits (no self-deadlock). */
		@Test
		void heldReadIsReenteredWhileAWriterWaits() throws Exception {
			assumeSupported(LockType.READ, LockType.WRITE);
			String key = key("reenter-read");
			LockRegistry reader = client();
			LockRegistry writer = client();
			LockHandle outer = reader.acquire(request(key, LockType.READ, SHORT));
			Background<Long> write;
			try {
				int before = entriesOf(key).size();
				write = inBackground("writer", () -> {
					try (LockHandle lock = writer.acquire(request(key, LockType.WRITE, GENEROUS))) {
						return lock.fencingToken();
					}
				});
				awaitQueued(write, key, before);
				try (LockHandle inner = reader.acquire(request(key, LockType.READ, Duration.ZERO))) {
					assertThat(inner.fencingToken()).isEqualTo(outer.fencingToken());
				}
				assertThat(write.isDone()).as("the writer got the lock while a reader held it").isFalse();
			}
			finally {
				outer.close();
			}
			assertThat(write.get(GENEROUS)).isGreaterThan(outer.fencingToken());
		}

		/** The holder of a write lock may take the read lock of its key, which carries the write lock's token. */
		@Test
		void readInsideWriteCarriesTheWriteToken() throws Exception {
			assumeSupported(LockType.READ, LockType.WRITE);
			String key = key("read-in-write");
			LockRegistry owner = client();
			LockRegistry other = client();
			LockHandle write = owner.acquire(request(key, LockType.WRITE, SHORT));
			try {
				LockHandle read = owner.acquire(request(key, LockType.READ, Duration.ZERO));
				try {
					assertThat(read.isHeld()).isTrue();
					assertThat(read.type()).isEqualTo(LockType.READ);
					assertThat(read.fencingToken()).isEqualTo(write.fencingToken());
				}
				finally {
					read.close();
				}
				assertThat(write.isHeld()).isTrue();
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> other.acquire(request(key, LockType.READ, Duration.ZERO)));
			}
			finally {
				write.close();
			}
			other.acquire(request(key, LockType.READ, AFTER_RELEASE)).close();
		}

		/**
		 * A read lock taken inside a write lock still excludes writers once the write lock is
		 * released (a downgrade), including a writer of another client that queued meanwhile.
		 */
		@Test
		void readTakenInsideWriteStillExcludesWritersAfterTheWriteIsReleased() throws Exception {
			assumeSupported(LockType.READ, LockType.WRITE);
			String key = key("downgrade");
			LockRegistry owner = client();
			LockRegistry writer = client();
			LockHandle write = owner.acquire(request(key, LockType.WRITE, SHORT));
			LockHandle read;
			Background<Long> queuedWriter;
			try {
				int before = entriesOf(key).size();
				queuedWriter = inBackground("queued-writer", () -> {
					try (LockHandle lock = writer.acquire(request(key, LockType.WRITE, GENEROUS))) {
						return lock.fencingToken();
					}
				});
				awaitQueued(queuedWriter, key, before);
				read = owner.acquire(request(key, LockType.READ, Duration.ZERO));
			}
			catch (Throwable ex) {
				write.close();
				throw ex;
			}
			try {
				write.close();
				assertThat(read.isHeld()).isTrue();
				assertThat(catchThrowable(() -> queuedWriter.get(SHORT)))
					.as("a writer must not get the lock while the downgraded read lock is held")
					.isInstanceOf(TimeoutException.class);
			}
			finally {
				read.close();
			}
			assertThat(queuedWriter.get(GENEROUS)).isGreaterThan(read.fencingToken());
		}

		/** A semaphore mutex is not reentrant: a second acquisition by its holder's thread waits and elapses. */
		@Test
		void semaphoreMutexIsNotReentrant() throws Exception {
			assumeSupported(LockType.SEMAPHORE_MUTEX);
			String key = key("semaphore");
			LockRegistry registry = client();
			LockHandle held = registry.acquire(request(key, LockType.SEMAPHORE_MUTEX, SHORT));
			try {
				assertWaitElapses(registry, request(key, LockType.SEMAPHORE_MUTEX, SHORT));
				assertThat(held.isHeld()).isTrue();
			}
			finally {
				held.close();
			}
			registry.acquire(request(key, LockType.SEMAPHORE_MUTEX, Duration.ZERO)).close();
		}

	}

	/** A wait ends at its wait time, a try-once at once, and an interrupted waiter or thread is refused. */
	@Nested
	class Waiting {

		/** A waiter gives up with LockAcquisitionException once its wait time elapsed, not before. */
		@ParameterizedTest(name = "{0} held, {1} waits")
		@CsvSource({ "MUTEX, MUTEX", "SEMAPHORE_MUTEX, SEMAPHORE_MUTEX", "WRITE, WRITE", "WRITE, READ", "READ, WRITE" })
		void waiterGivesUpWhenItsWaitTimeElapses(LockType heldType, LockType waitingType) throws Exception {
			assumeSupported(heldType, waitingType);
			String key = key("deadline");
			LockRegistry holder = client();
			LockRegistry waiter = client();
			LockHandle held = holder.acquire(request(key, heldType, SHORT));
			try {
				assertWaitElapses(waiter, request(key, waitingType, SHORT));
				assertThat(held.isHeld()).isTrue();
			}
			finally {
				held.close();
			}
		}

		/** A try-once ({@link Duration#ZERO}) on a held key fails at once. */
		@ParameterizedTest(name = "{0} held, {1} tried")
		@CsvSource({ "MUTEX, MUTEX", "SEMAPHORE_MUTEX, SEMAPHORE_MUTEX", "WRITE, WRITE", "WRITE, READ", "READ, WRITE" })
		void tryOnceOnAHeldKeyFailsAtOnce(LockType heldType, LockType triedType) throws Exception {
			assumeSupported(heldType, triedType);
			String key = key("try-once");
			LockRegistry holder = client();
			LockRegistry other = client();
			LockHandle held = holder.acquire(request(key, heldType, SHORT));
			try {
				long start = System.nanoTime();
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> other.acquire(request(key, triedType, Duration.ZERO)));
				assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(AT_ONCE);
			}
			finally {
				held.close();
			}
		}

		/** A waiter interrupted while it waits gets LockInterruptedException and keeps its interrupt status. */
		@ParameterizedTest(name = "{0} held, {1} waits")
		@CsvSource({ "MUTEX, MUTEX", "SEMAPHORE_MUTEX, SEMAPHORE_MUTEX", "WRITE, WRITE", "WRITE, READ", "READ, WRITE" })
		void interruptedWaiterGetsLockInterruptedExceptionAndKeepsItsInterruptStatus(LockType heldType,
				LockType waitingType) throws Exception {
			assumeSupported(heldType, waitingType);
			String key = key("interrupted");
			LockRegistry holder = client();
			LockRegistry waiter = client();
			LockHandle held = holder.acquire(request(key, heldType, SHORT));
			try {
				Background<?> waiting = interruptQueuedWaiter(waiter, key, waitingType);
				assertThat(waiting.failure(GENEROUS)).isInstanceOf(LockInterruptedException.class);
				assertThat(waiting.interruptedWhenDone()).as("the waiter's interrupt status is kept").isTrue();
				assertThat(held.isHeld()).isTrue();
			}
			finally {
				held.close();
			}
		}

		/** A thread already interrupted is refused, with its interrupt status kept, and takes no lock. */
		@ParameterizedTest
		@EnumSource(LockType.class)
		void interruptedThreadIsRefused(LockType type) throws Exception {
			assumeSupported(type, conflicting(type));
			String key = key("refused");
			LockRegistry registry = client();
			LockRegistry other = client();
			Thread.currentThread().interrupt();
			try {
				assertThatExceptionOfType(LockInterruptedException.class)
					.isThrownBy(() -> registry.acquire(request(key, type, SHORT)));
				assertThat(Thread.currentThread().isInterrupted()).as("the interrupt status is kept").isTrue();
			}
			finally {
				Thread.interrupted();
			}
			other.acquire(request(key, conflicting(type), Duration.ZERO)).close();
			awaitNothingLeft(key);
		}

		/** An interrupted thread is refused even a re-entry of a lock it holds, which it keeps. */
		@ParameterizedTest
		@EnumSource(names = { "MUTEX", "READ", "WRITE" })
		void interruptedThreadIsRefusedTheReentryOfALockItHolds(LockType type) throws Exception {
			assumeSupported(type, conflicting(type));
			String key = key("refused-reentry");
			LockRegistry registry = client();
			LockRegistry other = client();
			LockHandle outer = registry.acquire(request(key, type, SHORT));
			try {
				Thread.currentThread().interrupt();
				try {
					assertThatExceptionOfType(LockInterruptedException.class)
						.isThrownBy(() -> registry.acquire(request(key, type, Duration.ZERO)));
					assertThat(Thread.currentThread().isInterrupted()).as("the interrupt status is kept").isTrue();
				}
				finally {
					Thread.interrupted();
				}
				assertThat(outer.isHeld()).isTrue();
			}
			finally {
				outer.close();
			}
			other.acquire(request(key, conflicting(type), AFTER_RELEASE)).close();
		}

	}

	/** Each later holder of a key gets a greater fencing token, whichever client or thread it is. */
	@Nested
	class FencingTokens {

		/** Each later holder of a key gets a greater fencing token, whichever client it is. */
		@ParameterizedTest
		@EnumSource(LockType.class)
		void fencingTokensGrowAcrossHoldersOfDifferentClients(LockType type) throws Exception {
			assumeSupported(type);
			String key = key("tokens");
			List<LockRegistry> registries = List.of(client(), client(), client());
			List<Long> tokens = new ArrayList<>();
			for (int i = 0; i < 6; i++) {
				try (LockHandle lock = registries.get(i % registries.size()).acquire(request(key, type, GENEROUS))) {
					tokens.add(lock.fencingToken());
				}
			}
			assertStrictlyIncreasing(tokens);
		}

		/** Threads of one client that queue for an exclusive lock get greater tokens, each after the other. */
		@ParameterizedTest
		@EnumSource(names = { "MUTEX", "SEMAPHORE_MUTEX", "WRITE" })
		void fencingTokensGrowAcrossQueuedThreadsOfOneClient(LockType type) throws Exception {
			assumeSupported(type);
			String key = key("queued-tokens");
			LockRegistry registry = client();
			List<Long> tokens = Collections.synchronizedList(new ArrayList<>());
			List<Background<Void>> waiters = new ArrayList<>();
			LockHandle held = registry.acquire(request(key, type, SHORT));
			try {
				tokens.add(held.fencingToken());
				for (int i = 0; i < 3; i++) {
					Background<Void> waiter = inBackground("waiter-" + i, () -> {
						try (LockHandle lock = registry.acquire(request(key, type, GENEROUS))) {
							tokens.add(lock.fencingToken());
						}
						return null;
					});
					awaitWaiting(waiter, registry);
					waiters.add(waiter);
				}
			}
			finally {
				held.close();
			}
			for (Background<Void> waiter : waiters) {
				waiter.get(GENEROUS);
			}
			assertThat(tokens).hasSize(4);
			assertStrictlyIncreasing(tokens);
		}

	}

	/** Waiters are served in the order they queued: a mutex's waiters, and a reader behind a waiting writer. */
	@Nested
	class QueueOrder {

		/** A reader that comes after a waiting writer queues behind it: writers are not starved. */
		@Test
		void readerQueuesBehindAWaitingWriter() throws Exception {
			assumeSupported(LockType.READ, LockType.WRITE);
			String key = key("writer-first");
			LockRegistry reader = client();
			LockRegistry writer = client();
			LockRegistry lateReader = client();
			LockHandle read = reader.acquire(request(key, LockType.READ, SHORT));
			Background<Long> write;
			try {
				int before = entriesOf(key).size();
				write = inBackground("writer", () -> {
					try (LockHandle lock = writer.acquire(request(key, LockType.WRITE, GENEROUS))) {
						return lock.fencingToken();
					}
				});
				awaitQueued(write, key, before);
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> lateReader.acquire(request(key, LockType.READ, Duration.ZERO)));
			}
			finally {
				read.close();
			}
			assertThat(write.get(GENEROUS)).isGreaterThan(read.fencingToken());
			lateReader.acquire(request(key, LockType.READ, GENEROUS)).close();
		}

		/** Waiters of different clients for a mutex get it in the order they queued. */
		@Test
		void waitersOfDifferentClientsGetTheMutexInQueueOrder() throws Exception {
			assumeSupported(LockType.MUTEX);
			String key = key("fifo-clients");
			LockRegistry holder = client();
			List<Integer> order = Collections.synchronizedList(new ArrayList<>());
			List<Background<Void>> waiters = new ArrayList<>();
			LockHandle held = holder.acquire(request(key, LockType.MUTEX, SHORT));
			try {
				for (int i = 0; i < 4; i++) {
					LockRegistry registry = client();
					int index = i;
					int before = entriesOf(key).size();
					Background<Void> waiter = inBackground("client-waiter-" + i, () -> {
						try (LockHandle lock = registry.acquire(request(key, LockType.MUTEX, GENEROUS))) {
							order.add(index);
						}
						return null;
					});
					awaitQueued(waiter, key, before);
					waiters.add(waiter);
				}
			}
			finally {
				held.close();
			}
			for (Background<Void> waiter : waiters) {
				waiter.get(GENEROUS);
			}
			assertThat(order).containsExactly(0, 1, 2, 3);
		}

		/** Waiting threads of one client get a mutex in the order they queued. */
		@Test
		void waitersOfOneClientGetTheMutexInQueueOrder() throws Exception {
			assumeSupported(LockType.MUTEX);
			String key = key("fifo-threads");
			LockRegistry holder = client();
			LockRegistry registry = client();
			List<Integer> order = Collections.synchronizedList(new ArrayList<>());
			List<Background<Void>> waiters = new ArrayList<>();
			LockHandle held = holder.acquire(request(key, LockType.MUTEX, SHORT));
			try {
				for (int i = 0; i < 4; i++) {
					int index = i;
					Background<Void> waiter = inBackground("thread-waiter-" + i, () -> {
						try (LockHandle lock = registry.acquire(request(key, LockType.MUTEX, GENEROUS))) {
							order.add(index);
						}
						return null;
					});
					awaitWaiting(waiter, registry);
					waiters.add(waiter);
				}
			}
			finally {
				held.close();
			}
			for (Background<Void> waiter : waiters) {
				waiter.get(GENEROUS);
			}
			assertThat(order).containsExactly(0, 1, 2, 3);
		}

	}

	/** Any key, however awkward as a name in the lock service, locks a lock of its own. */
	@Nested
	class Keys {

		static Stream<Arguments> awkwardKeys() {
			return Stream.of(arguments("slash", "/", "//"), arguments("slash inside", "a/b", "a%2Fb"),
					arguments("dots", "..", "."), arguments("space inside", "a b", "a_b"),
					arguments("spaces around", " padded ", "padded"), arguments("non-ASCII", "库存:1", "库存:2"),
					arguments("300 characters", "k".repeat(300), "k".repeat(299) + "j"),
					arguments("300 and 301 characters", "k".repeat(300), "k".repeat(301)),
					arguments("line break", "line\nbreak", "line\rbreak"), arguments("NUL", "nul\u0000", "nul"),
					arguments("tab and bell", "tab\there\u0007", "tab here\u0007"));
		}

		/** A key that is awkward as a name in the lock service locks its own lock: the same key is excluded, a key that differs is not. */
		@ParameterizedTest(name = "{0}")
		@MethodSource("awkwardKeys")
		void awkwardKeyLocksALockOfItsOwn(String description, String key, String differentKey) throws Exception {
			assumeSupported(LockType.MUTEX);
			LockRegistry first = client();
			LockRegistry second = client();
			LockHandle held = first.acquire(request(key, LockType.MUTEX, SHORT));
			try {
				assertThat(held.key()).isEqualTo(key);
				assertThatExceptionOfType(LockAcquisitionException.class).as("the same key is excluded")
					.isThrownBy(() -> second.acquire(request(key, LockType.MUTEX, Duration.ZERO)));
				try (LockHandle other = second.acquire(request(differentKey, LockType.MUTEX, Duration.ZERO))) {
					assertThat(other.isHeld()).as("a key that differs is another lock").isTrue();
				}
			}
			finally {
				held.close();
			}
			awaitNothingLeft(key, differentKey);
		}

	}

	/** Nothing is left in the lock service after a release, a wait that elapsed or an interrupted wait. */
	@Nested
	class NothingLeft {

		/** Nothing is left in the lock service once a lock (re-entered, where it can be) is released. */
		@ParameterizedTest
		@EnumSource(LockType.class)
		void nothingIsLeftAfterRelease(LockType type) throws Exception {
			assumeSupported(type);
			String key = key("left-after-release");
			LockRegistry registry = client();
			LockHandle outer = registry.acquire(request(key, type, SHORT));
			try {
				assertThat(entriesOf(key)).as("the lock service holds the lock").isNotEmpty();
				if (!type.isReleasableByAnyThread()) {
					registry.acquire(request(key, type, Duration.ZERO)).close();
				}
				if (type == LockType.WRITE && supportedTypes().contains(LockType.READ)) {
					registry.acquire(request(key, LockType.READ, Duration.ZERO)).close();
				}
			}
			finally {
				outer.close();
			}
			awaitNothingLeft(key);
		}

		/** A waiter whose wait elapsed leaves nothing in the lock service. */
		@ParameterizedTest(name = "{0} held, {1} waits")
		@CsvSource({ "MUTEX, MUTEX", "SEMAPHORE_MUTEX, SEMAPHORE_MUTEX", "WRITE, WRITE", "WRITE, READ", "READ, WRITE" })
		void nothingIsLeftAfterAWaitElapsed(LockType heldType, LockType waitingType) throws Exception {
			assumeSupported(heldType, waitingType);
			String key = key("left-after-timeout");
			LockRegistry holder = client();
			LockRegistry waiter = client();
			LockHandle held = holder.acquire(request(key, heldType, SHORT));
			try {
				List<String> holderEntries = List.copyOf(entriesOf(key));
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> waiter.acquire(request(key, waitingType, SHORT)));
				eventually().untilAsserted(
						() -> assertThat(entriesOf(key)).containsExactlyInAnyOrderElementsOf(holderEntries));
			}
			finally {
				held.close();
			}
			awaitNothingLeft(key);
		}

		/** A waiter that was interrupted leaves nothing in the lock service. */
		@ParameterizedTest(name = "{0} held, {1} waits")
		@CsvSource({ "MUTEX, MUTEX", "SEMAPHORE_MUTEX, SEMAPHORE_MUTEX", "WRITE, WRITE", "WRITE, READ", "READ, WRITE" })
		void nothingIsLeftAfterAnInterruptedWait(LockType heldType, LockType waitingType) throws Exception {
			assumeSupported(heldType, waitingType);
			String key = key("left-after-interrupt");
			LockRegistry holder = client();
			LockRegistry waiter = client();
			LockHandle held = holder.acquire(request(key, heldType, SHORT));
			try {
				List<String> holderEntries = List.copyOf(entriesOf(key));
				Background<?> waiting = interruptQueuedWaiter(waiter, key, waitingType);
				assertThat(waiting.failure(GENEROUS)).isInstanceOf(LockInterruptedException.class);
				eventually().untilAsserted(
						() -> assertThat(entriesOf(key)).containsExactlyInAnyOrderElementsOf(holderEntries));
			}
			finally {
				held.close();
			}
			awaitNothingLeft(key);
		}

	}

	/** A lost lock goes to {@link LockState#LOST}, is free for others and cannot be re-entered by its thread. */
	@Nested
	class Loss {

		/**
		 * A lock whose session the lock service dropped goes from HELD to LOST (the listener is told
		 * of each step), is no longer held, and is free for another client, whose token is greater;
		 * the client goes on and takes it again later.
		 */
		@ParameterizedTest
		@EnumSource(LockType.class)
		void lostLockGoesToLostAndAnotherClientTakesItWithAGreaterToken(LockType type) throws Exception {
			assumeSupported(type, conflicting(type));
			String key = key("lost");
			RecordingListener listener = new RecordingListener();
			C holder = connect(listener);
			LockRegistry other = client();
			LockHandle lost = holder.registry().acquire(request(key, type, SHORT));
			long nextToken;
			try {
				assertThat(lost.state()).isEqualTo(LockState.HELD);
				loseLocks(holder);
				await().atMost(lossTimeout())
					.pollInterval(Duration.ofMillis(10))
					.until(() -> lost.state() == LockState.LOST && listener.lastStateOf(key) == LockState.LOST);
				assertThat(lost.isHeld()).isFalse();
				List<RecordingListener.Change> changes = listener.changesOf(key);
				assertThat(changes.get(0).previous()).as("changes %s start from HELD", changes).isEqualTo(LockState.HELD);
				for (int i = 1; i < changes.size(); i++) {
					assertThat(changes.get(i).previous()).as("changes %s follow each other", changes)
						.isEqualTo(changes.get(i - 1).current());
				}
				try (LockHandle next = other.acquire(request(key, conflicting(type), GENEROUS))) {
					assertThat(next.fencingToken()).isGreaterThan(lost.fencingToken());
					nextToken = next.fencingToken();
				}
			}
			finally {
				lost.close();
			}
			try (LockHandle again = holder.registry().acquire(request(key, type, GENEROUS))) {
				assertThat(again.isHeld()).isTrue();
				assertThat(again.fencingToken()).isGreaterThan(nextToken);
			}
			awaitNothingLeft(key);
		}

		/** The thread whose lock was lost cannot re-enter it (LockLostException) while it has not released it. */
		@ParameterizedTest
		@EnumSource(names = { "MUTEX", "READ", "WRITE" })
		void threadThatLostItsLockCannotReenterIt(LockType type) throws Exception {
			assumeSupported(type, conflicting(type));
			String key = key("lost-reentry");
			C holder = connect(NO_LISTENER);
			LockRegistry other = client();
			LockHandle lost = holder.registry().acquire(request(key, type, SHORT));
			try {
				loseLocks(holder);
				await().atMost(lossTimeout()).pollInterval(Duration.ofMillis(10)).until(() -> lost.state() == LockState.LOST);
				try (LockHandle taken = other.acquire(request(key, conflicting(type), GENEROUS))) {
					assertThatExceptionOfType(LockLostException.class)
						.isThrownBy(() -> holder.registry().acquire(request(key, type, SHORT)).close());
					assertThat(taken.isHeld()).isTrue();
				}
			}
			finally {
				lost.close();
			}
			awaitNothingLeft(key);
		}


		/**
		 * After a pause of its process the engine asks the backend to confirm the locks it holds
		 * ({@code LockBackend.confirmHeld}, one round trip): a held lock is confirmed, and one
		 * whose session or lease the lock service dropped is not. Runs on the engine a backend's
		 * test class makes for lock caching.
		 */
		@ParameterizedTest
		@EnumSource(LockType.class)
		void backendConfirmsAHeldLockAndNotALostOne(LockType type) throws Exception {
			assumeSupported(type);
			Optional<C> engineClient = newCachingClient(NO_LISTENER, Duration.ofMinutes(2));
			engineClient.ifPresent(LockRegistryContractTests.this.clients::add);
			assumeTrue(engineClient.isPresent() && engineClient.get().registry() instanceof LockEngine,
					"the backend's test class makes no engine of its own");
			LockEngine engine = (LockEngine) engineClient.get().registry();
			String key = key("confirmed");
			LockHandle held = engine.acquire(request(key, type, SHORT));
			try {
				BackendLock lock = engine.backendLockOf(held);
				assertThat(confirm(engine, lock)).as("a held lock confirmed").isTrue();
				loseLocks(engineClient.get());
				await().atMost(lossTimeout()).pollInterval(Duration.ofMillis(10)).until(() -> held.state() == LockState.LOST);
				assertThat(confirm(engine, lock)).as("a lost lock confirmed").isFalse();
			}
			finally {
				held.close();
			}
			awaitNothingLeft(key);
		}

		private boolean confirm(LockEngine engine, BackendLock lock) throws Exception {
			return engine.backend().confirmHeld(List.of(lock)).toCompletableFuture().get(30, TimeUnit.SECONDS);
		}

	}

	/** The registry tells its listener of every lock event once, in order. */
	@Nested
	class ListenerEvents {

		/**
		 * The registry tells its listener of each acquisition, re-entry, failure, release and loss
		 * once, in order: it is the one source of lock events.
		 */
		@Test
		void listenerIsToldOfEveryLockEventOnce() throws Exception {
			assumeSupported(LockType.MUTEX);
			String key = key("events");
			RecordingListener listener = new RecordingListener();
			C holder = connect(listener);
			LockRegistry other = client();
			try (LockHandle outer = holder.registry().acquire(request(key, LockType.MUTEX, GENEROUS))) {
				holder.registry().acquire(request(key, LockType.MUTEX, GENEROUS)).close();
			}
			try (LockHandle taken = other.acquire(request(key, LockType.MUTEX, GENEROUS))) {
				assertWaitElapses(holder.registry(), request(key, LockType.MUTEX, SHORT));
			}
			LockHandle lost = holder.registry().acquire(request(key, LockType.MUTEX, GENEROUS));
			loseLocks(holder);
			await().atMost(lossTimeout())
				.pollInterval(Duration.ofMillis(10))
				.until(() -> listener.lastStateOf(key) == LockState.LOST);
			lost.close();
			List<String> events = new ArrayList<>(listener.eventsOf(key));
			// a backend may report the loss in one step or through IN_DOUBT
			events.remove("HELD->IN_DOUBT");
			events.replaceAll((event) -> event.equals("IN_DOUBT->LOST") ? "HELD->LOST" : event);
			assertThat(events).containsExactly("started MUTEX", "acquired MUTEX", "started MUTEX", "acquired MUTEX",
					"released MUTEX", "released MUTEX", "started MUTEX", "failed LockAcquisitionException",
					"started MUTEX", "acquired MUTEX", "HELD->LOST", "released MUTEX");
			awaitNothingLeft(key);
		}

	}

	/** A lock closed before its {@code holdAtLeast} passed stays held until it passes or its registry closes. */
	@Nested
	class HoldAtLeast {

		/**
		 * A lock closed before its {@code holdAtLeast} passed stays held, and free for no one, until
		 * that much time has passed since its acquisition; then it is released once, and another
		 * client takes it.
		 */
		@Test
		void lockClosedBeforeItsHoldAtLeastStaysHeldUntilItPasses() throws Exception {
			assumeSupported(LockType.SEMAPHORE_MUTEX);
			String key = key("hold-at-least");
			RecordingListener listener = new RecordingListener();
			LockRegistry holder = connect(listener).registry();
			LockRegistry other = client();
			Duration holdAtLeast = Duration.ofSeconds(2);
			long start = System.nanoTime();
			LockHandle held = holder.acquire(request(key, LockType.SEMAPHORE_MUTEX, SHORT).withHoldAtLeast(holdAtLeast));
			held.close();
			held.close();
			assertThat(held.state()).isEqualTo(LockState.HELD);
			assertThat(listener.eventsOf(key)).doesNotContain("released SEMAPHORE_MUTEX");
			try (LockHandle next = other.acquire(request(key, LockType.SEMAPHORE_MUTEX, GENEROUS))) {
				assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(holdAtLeast);
				assertThat(held.state()).isEqualTo(LockState.RELEASED);
				assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
			}
			await().atMost(GENEROUS)
				.untilAsserted(() -> assertThat(listener.eventsOf(key)).containsExactly("started SEMAPHORE_MUTEX",
						"acquired SEMAPHORE_MUTEX", "released SEMAPHORE_MUTEX"));
			awaitNothingLeft(key);
		}

		/** A lock closed after its {@code holdAtLeast} passed is released at once. */
		@Test
		void lockClosedAfterItsHoldAtLeastPassedIsReleasedAtOnce() throws Exception {
			assumeSupported(LockType.SEMAPHORE_MUTEX);
			String key = key("held-long-enough");
			LockRegistry holder = client();
			LockRegistry other = client();
			Duration holdAtLeast = Duration.ofMillis(100);
			LockHandle held = holder.acquire(request(key, LockType.SEMAPHORE_MUTEX, SHORT).withHoldAtLeast(holdAtLeast));
			Thread.sleep(holdAtLeast.multipliedBy(2).toMillis());
			held.close();
			assertThat(held.state()).isEqualTo(LockState.RELEASED);
			other.acquire(request(key, LockType.SEMAPHORE_MUTEX, AT_ONCE)).close();
			awaitNothingLeft(key);
		}

		/**
		 * Closing the registry releases the locks it keeps for their {@code holdAtLeast} at once:
		 * they are released, not lost.
		 */
		@Test
		void closingTheRegistryReleasesTheLocksItKeepsForTheirHoldAtLeast() throws Exception {
			assumeSupported(LockType.SEMAPHORE_MUTEX);
			String key = key("hold-at-least-closed");
			RecordingListener listener = new RecordingListener();
			C holder = connect(listener);
			LockRegistry other = client();
			LockHandle held = holder.registry()
				.acquire(request(key, LockType.SEMAPHORE_MUTEX, SHORT).withHoldAtLeast(Duration.ofHours(1)));
			held.close();
			assertThatExceptionOfType(LockAcquisitionException.class)
				.isThrownBy(() -> other.acquire(request(key, LockType.SEMAPHORE_MUTEX, Duration.ZERO)));
			LockRegistryContractTests.this.clients.remove(holder);
			holder.close();
			assertThat(held.state()).isEqualTo(LockState.RELEASED);
			assertThat(listener.eventsOf(key)).containsExactly("started SEMAPHORE_MUTEX", "acquired SEMAPHORE_MUTEX",
					"released SEMAPHORE_MUTEX");
			other.acquire(request(key, LockType.SEMAPHORE_MUTEX, GENEROUS)).close();
			awaitNothingLeft(key);
		}

	}

	/**
	 * A {@code SEMAPHORE} of N permits: never more than N holders, in any client, served in
	 * queue order as soon as any permit is returned, each lease with a token of its own.
	 */
	@Nested
	class Semaphore {

		private static final int PERMITS = 2;

		/**
		 * Threads of three clients take one of two permits again and again: at no time do more
		 * than two hold it, two do at some time, and every lease has a token of its own.
		 */
		@Test
		void neverMoreHoldersThanPermitsAcrossClients() throws Exception {
			assumeSupported(LockType.SEMAPHORE);
			String key = key("semaphore");
			AtomicInteger holding = new AtomicInteger();
			AtomicInteger most = new AtomicInteger();
			List<Long> tokens = new CopyOnWriteArrayList<>();
			List<Background<Void>> workers = new ArrayList<>();
			for (int c = 0; c < 3; c++) {
				LockRegistry registry = client();
				for (int t = 0; t < 2; t++) {
					workers.add(inBackground("semaphore-" + c + "-" + t, () -> {
						for (int i = 0; i < 10; i++) {
							try (LockHandle lease = registry.acquire(semaphore(key, GENEROUS))) {
								tokens.add(lease.fencingToken());
								most.accumulateAndGet(holding.incrementAndGet(), Math::max);
								Thread.sleep(5);
								holding.decrementAndGet();
							}
						}
						return null;
					}));
				}
			}
			for (Background<Void> worker : workers) {
				worker.get(GENEROUS.multipliedBy(6));
			}
			assertThat(most.get()).as("the most holders at once").isEqualTo(PERMITS);
			assertThat(tokens).hasSize(60).doesNotHaveDuplicates();
			awaitNothingLeft(key);
		}

		/**
		 * With both permits held, waiters of other clients get a permit in the order they queued,
		 * each as soon as any holder returns one (the later holder here), with a token greater than
		 * the holders'.
		 */
		@Test
		void waitersGetPermitsInQueueOrderAsSoonAsAnyIsReturned() throws Exception {
			assumeSupported(LockType.SEMAPHORE);
			String key = key("semaphore-order");
			LockHandle first = client().acquire(semaphore(key, SHORT));
			LockHandle second = client().acquire(semaphore(key, SHORT));
			assertThat(second.fencingToken()).isGreaterThan(first.fencingToken());
			List<String> order = new CopyOnWriteArrayList<>();
			List<Background<Long>> waiters = new ArrayList<>();
			for (int i = 0; i < 2; i++) {
				LockRegistry registry = client();
				String name = "waiter-" + i;
				int before = entriesOf(key).size();
				Background<Long> waiter = inBackground(name, () -> {
					try (LockHandle lease = registry.acquire(semaphore(key, GENEROUS))) {
						order.add(name);
						return lease.fencingToken();
					}
				});
				awaitQueued(waiter, key, before);
				waiters.add(waiter);
			}
			// the later holder returns its permit while the first keeps its own
			second.close();
			long firstWaiter = waiters.get(0).get(GENEROUS);
			long secondWaiter = waiters.get(1).get(GENEROUS);
			first.close();
			assertThat(order).containsExactly("waiter-0", "waiter-1");
			assertThat(firstWaiter).isGreaterThan(second.fencingToken());
			assertThat(secondWaiter).isGreaterThan(firstWaiter);
			awaitNothingLeft(key);
		}

		/** A thread of the same client is no holder twice: each acquisition takes a permit. */
		@Test
		void eachAcquisitionOfAThreadTakesAPermitOfItsOwn() throws Exception {
			assumeSupported(LockType.SEMAPHORE);
			String key = key("semaphore-not-reentrant");
			LockRegistry registry = client();
			try (LockHandle one = registry.acquire(semaphore(key, SHORT));
					LockHandle two = registry.acquire(semaphore(key, SHORT))) {
				assertThat(two.fencingToken()).isNotEqualTo(one.fencingToken());
				assertWaitElapses(registry, semaphore(key, SHORT));
			}
			awaitNothingLeft(key);
		}

		/** A holder whose session is lost is told, and its permits go to another client. */
		@Test
		void lostLeaseIsToldAndItsPermitGoesToAnotherClient() throws Exception {
			assumeSupported(LockType.SEMAPHORE);
			String key = key("semaphore-lost");
			RecordingListener listener = new RecordingListener();
			C holder = connect(listener);
			LockHandle held = holder.registry().acquire(semaphore(key, SHORT));
			LockHandle alsoHeld = holder.registry().acquire(semaphore(key, SHORT));
			LockRegistry other = client();
			assertWaitElapses(other, semaphore(key, SHORT));
			loseLocks(holder);
			await().atMost(lossTimeout()).until(() -> held.state() == LockState.LOST && alsoHeld.state() == LockState.LOST);
			// a backend may report the loss in one step or through IN_DOUBT
			assertThat(listener.eventsOf(key)).filteredOn((event) -> event.endsWith("->LOST")).hasSize(2);
			try (LockHandle next = other.acquire(semaphore(key, GENEROUS))) {
				assertThat(next.fencingToken()).isGreaterThan(alsoHeld.fencingToken());
			}
			held.close();
			alsoHeld.close();
			awaitNothingLeft(key);
		}

		private static LockRequest semaphore(String key, Duration waitTime) {
			return request(key, LockType.SEMAPHORE, waitTime).withPermits(PERMITS);
		}

	}

	/**
	 * A lock still held when its {@code maxHold} passed is given up by its holder's client: lost
	 * for the holder, free for everyone else, and the holder's later close cleans up.
	 */
	@Nested
	class MaxHold {

		private static final Duration MAX_HOLD = Duration.ofMillis(500);

		/**
		 * Another client takes a lock held past its {@code maxHold} while its holder still runs,
		 * with a greater token; the holder's handle is lost, its listener told; once the holder
		 * closed it, the holder's thread takes the lock again for real (it excludes the other
		 * client) and nothing is left after.
		 */
		@ParameterizedTest
		@EnumSource(LockType.class)
		void lockHeldPastItsMaxHoldIsGivenUpForAnotherClient(LockType type) throws Exception {
			assumeSupported(type);
			LockType rival = (type == LockType.READ) ? LockType.WRITE : type;
			assumeSupported(rival);
			String key = key("max-hold");
			RecordingListener listener = new RecordingListener();
			LockRegistry holder = connect(listener).registry();
			LockRegistry other = client();
			LockHandle held = holder.acquire(request(key, type, GENEROUS).withMaxHold(MAX_HOLD));
			try (LockHandle next = other.acquire(request(key, rival, GENEROUS))) {
				assertThat(held.state()).isEqualTo(LockState.LOST);
				assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
			}
			assertThat(listener.eventsOf(key)).containsExactly("started " + type, "acquired " + type,
					"HELD->LOST");
			held.close();
			assertThat(held.state()).isEqualTo(LockState.RELEASED);
			try (LockHandle again = holder.acquire(request(key, type, AFTER_RELEASE))) {
				assertThat(again.state()).isEqualTo(LockState.HELD);
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> other.acquire(request(key, rival, Duration.ZERO)));
			}
			awaitNothingLeft(key);
		}

		/** A lock closed before its {@code maxHold} is released as any other, and never given up after. */
		@Test
		void lockClosedBeforeItsMaxHoldIsNeverGivenUp() throws Exception {
			assumeSupported(LockType.MUTEX);
			String key = key("max-hold-closed");
			RecordingListener listener = new RecordingListener();
			LockRegistry holder = connect(listener).registry();
			LockRegistry other = client();
			holder.acquire(request(key, LockType.MUTEX, SHORT).withMaxHold(MAX_HOLD)).close();
			try (LockHandle next = holder.acquire(request(key, LockType.MUTEX, AFTER_RELEASE))) {
				Thread.sleep(MAX_HOLD.multipliedBy(2).toMillis());
				assertThat(next.state()).isEqualTo(LockState.HELD);
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> other.acquire(request(key, LockType.MUTEX, Duration.ZERO)));
			}
			assertThat(listener.eventsOf(key)).doesNotContain("HELD->LOST");
			awaitNothingLeft(key);
		}

		/** A thread of the holder's own client, queued behind it, takes the lock given up, with a greater token. */
		@Test
		void threadOfTheHoldersClientTakesTheLockGivenUp() throws Exception {
			assumeSupported(LockType.MUTEX);
			String key = key("max-hold-local");
			LockRegistry holder = client();
			LockHandle held = holder.acquire(request(key, LockType.MUTEX, SHORT).withMaxHold(MAX_HOLD));
			long next = inBackground("next-thread", () -> {
				try (LockHandle lock = holder.acquire(request(key, LockType.MUTEX, GENEROUS))) {
					return lock.fencingToken();
				}
			}).get(GENEROUS);
			assertThat(held.state()).isEqualTo(LockState.LOST);
			assertThat(next).isGreaterThan(held.fencingToken());
			held.close();
			awaitNothingLeft(key);
		}

	}

	/**
	 * A lock acquired for an asynchronous execution ({@link AsyncLockRegistry}), for each type the
	 * registry can acquire so: it excludes other clients, no thread waits for it, and a wait that
	 * elapses or is cancelled leaves nothing.
	 */
	@Nested
	class Async {

		/**
		 * An asynchronous wait behind another client's holder has no thread of this library
		 * parked; the lock comes once the holder releases, with a greater token, and excludes the
		 * holder's client until it is closed.
		 */
		@ParameterizedTest
		@EnumSource(LockType.class)
		void asyncWaitHasNoThreadAndTheLockExcludesOtherClients(LockType type) throws Exception {
			AsyncLockRegistry waiter = assumeAsync(type, client());
			LockType rival = conflicting(type);
			assumeSupported(rival);
			String key = key("async-exclusion");
			LockRegistry holder = client();
			LockHandle held = holder.acquire(request(key, rival, SHORT));
			Set<String> parkedBefore = threadsParkedInThisLibrary();
			CompletableFuture<AsyncLockHandle> waiting = waiter.acquireAsync(request(key, type, GENEROUS));
			try {
				eventually().until(() -> entriesOf(key).size() >= 2);
				assertThat(waiting).isNotDone();
				Set<String> parked = threadsParkedInThisLibrary();
				parked.removeAll(parkedBefore);
				assertThat(parked).as("threads parked in this library while the lock is awaited").isEmpty();
			}
			finally {
				held.close();
			}
			try (AsyncLockHandle handle = waiting.get(GENEROUS.toMillis(), TimeUnit.MILLISECONDS)) {
				assertThat(handle.state()).isEqualTo(LockState.HELD);
				assertThat(handle.fencingToken()).isGreaterThan(held.fencingToken());
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> holder.acquire(request(key, rival, Duration.ZERO)));
			}
			awaitNothingLeft(key);
		}

		/** An asynchronous wait that elapses fails with the time waited and leaves nothing. */
		@Test
		void asyncWaitThatElapsesLeavesNothing() throws Exception {
			AsyncLockRegistry waiter = assumeAsync(LockType.MUTEX, client());
			String key = key("async-elapsed");
			LockRegistry holder = client();
			try (LockHandle held = holder.acquire(request(key, LockType.MUTEX, SHORT))) {
				List<String> holderEntries = List.copyOf(entriesOf(key));
				CompletableFuture<AsyncLockHandle> waiting = waiter.acquireAsync(request(key, LockType.MUTEX, SHORT));
				assertThatExceptionOfType(ExecutionException.class)
					.isThrownBy(() -> waiting.get(GENEROUS.toMillis(), TimeUnit.MILLISECONDS))
					.havingCause()
					.isInstanceOf(LockAcquisitionException.class)
					.withMessageContaining(key);
				eventually().untilAsserted(
						() -> assertThat(entriesOf(key)).containsExactlyInAnyOrderElementsOf(holderEntries));
			}
			awaitNothingLeft(key);
		}

		/**
		 * A cancelled asynchronous wait leaves nothing, and the lock goes to the next client
		 * once its holder releases it.
		 */
		@Test
		void cancelledAsyncWaitLeavesNothing() throws Exception {
			AsyncLockRegistry waiter = assumeAsync(LockType.MUTEX, client());
			String key = key("async-cancelled");
			LockRegistry holder = client();
			LockRegistry next = client();
			LockHandle held = holder.acquire(request(key, LockType.MUTEX, SHORT));
			try {
				List<String> holderEntries = List.copyOf(entriesOf(key));
				CompletableFuture<AsyncLockHandle> waiting = waiter
					.acquireAsync(request(key, LockType.MUTEX, GENEROUS));
				eventually().until(() -> entriesOf(key).size() == holderEntries.size() + 1);
				assertThat(waiting.cancel(false)).isTrue();
				eventually().untilAsserted(
						() -> assertThat(entriesOf(key)).containsExactlyInAnyOrderElementsOf(holderEntries));
			}
			finally {
				held.close();
			}
			try (LockHandle taken = next.acquire(request(key, LockType.MUTEX, AFTER_RELEASE))) {
				assertThat(taken.fencingToken()).isGreaterThan(held.fencingToken());
			}
			awaitNothingLeft(key);
		}

		/** An asynchronous lock whose session or lease ends ends {@link LockState#LOST}. */
		@Test
		void lostAsyncLockEndsLost() throws Exception {
			C client = connect(new RecordingListener());
			AsyncLockRegistry registry = assumeAsync(LockType.MUTEX, client.registry());
			String key = key("async-lost");
			AsyncLockHandle handle = registry.acquireAsync(request(key, LockType.MUTEX, SHORT))
				.get(GENEROUS.toMillis(), TimeUnit.MILLISECONDS);
			try {
				loseLocks(client);
				assertThat(handle.whenEnded().toCompletableFuture().get(lossTimeout().toMillis(), TimeUnit.MILLISECONDS))
					.isEqualTo(LockState.LOST);
			}
			finally {
				handle.close();
			}
			try (LockHandle next = client().acquire(request(key, LockType.MUTEX, GENEROUS))) {
				assertThat(next.fencingToken()).isGreaterThan(handle.fencingToken());
			}
			awaitNothingLeft(key);
		}

		/**
		 * Asynchronous work over several keys holds the first while it waits for the next, with
		 * no thread waiting, and gets them all; when the next cannot be had in time, the first is
		 * given back: all or none.
		 */
		@Test
		void asyncLocksOfSeveralKeysAreTakenInOrderAllOrNone() throws Exception {
			AsyncLockTemplate locks = new AsyncLockTemplate(assumeAsync(LockType.MUTEX, client()), true);
			String base = key("async-all");
			String first = base + "-a";
			String second = base + "-b";
			LockRegistry holder = client();
			try (LockHandle held = holder.acquire(request(second, LockType.MUTEX, SHORT))) {
				CompletableFuture<String> none = locks.executeAllAsync(
						MultiLockRequest.of(List.of(second, first), SHORT), (all) -> CompletableFuture.completedFuture("ran"));
				assertThatExceptionOfType(ExecutionException.class)
					.isThrownBy(() -> none.get(GENEROUS.toMillis(), TimeUnit.MILLISECONDS))
					.havingCause()
					.isInstanceOf(LockAcquisitionException.class)
					.withMessageContaining(second);
				eventually().until(() -> entriesOf(first).isEmpty());
				CompletableFuture<List<Long>> all = locks.executeAllAsync(MultiLockRequest.of(List.of(second, first), GENEROUS),
						(taken) -> CompletableFuture.completedFuture(taken.stream().map(AcquiredLock::fencingToken).toList()));
				eventually().until(() -> entriesOf(second).size() == 2);
				assertThat(entriesOf(first)).as("the first key is held while the second is awaited").hasSize(1);
				assertThat(all).isNotDone();
				held.close();
				List<Long> tokens = all.get(GENEROUS.toMillis(), TimeUnit.MILLISECONDS);
				assertThat(tokens).hasSize(2);
				assertThat(tokens.get(1)).as("the second key's token, in key order").isGreaterThan(held.fencingToken());
			}
			awaitNothingLeft(first);
			awaitNothingLeft(second);
		}

		private AsyncLockRegistry assumeAsync(LockType type, LockRegistry registry) {
			assumeSupported(type);
			assumeTrue(registry instanceof AsyncLockRegistry async && async.asyncTypes().contains(type),
					() -> type + " cannot be acquired asynchronously on this backend");
			return (AsyncLockRegistry) registry;
		}

	}

	/**
	 * The names of the threads, other than the caller, parked (waiting, with or without a time
	 * out) in a frame of this library.
	 */
	private static Set<String> threadsParkedInThisLibrary() {
		Set<String> parked = new java.util.HashSet<>();
		for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(false, false)) {
			boolean waiting = info.getThreadState() == Thread.State.WAITING
					|| info.getThreadState() == Thread.State.TIMED_WAITING;
			if (waiting && info.getThreadId() != Thread.currentThread().getId() && Stream.of(info.getStackTrace())
				.anyMatch((frame) -> frame.getClassName().startsWith("io.github.distlock."))) {
				parked.add(info.getThreadName() + "#" + info.getThreadId());
			}
		}
		return parked;
	}

	/** The owner a holder records is what any client reads while the lock is held, never a waiter's. */
	@Nested
	class Owners {

		/**
		 * The owner a holder records is read by another client while the lock is held, then that of
		 * the next holder; a free lock, and a holder that records none, have no owner.
		 */
		@ParameterizedTest
		@EnumSource(names = { "MUTEX", "SEMAPHORE_MUTEX", "WRITE", "READ" })
		void holdersOwnerIsReadByAnotherClient(LockType type) throws Exception {
			assumeSupported(type);
			String key = key("owner");
			LockRegistry first = client();
			LockRegistry second = client();
			LockRegistry reader = client();
			assertThat(reader.ownerOf(key, type)).isEmpty();
			try (LockHandle held = first.acquire(request(key, type, SHORT).withOwner("first:4711"))) {
				assertThat(held.isHeld()).isTrue();
				assertThat(reader.ownerOf(key, type)).contains("first:4711");
				assertThat(second.ownerOf(key, type)).contains("first:4711");
			}
			// another client sees a release within a round trip (AFTER_RELEASE)
			try (LockHandle next = second.acquire(request(key, type, GENEROUS).withOwner("second:815"))) {
				assertThat(next.isHeld()).isTrue();
				eventually().untilAsserted(() -> assertThat(reader.ownerOf(key, type)).contains("second:815"));
			}
			eventually().untilAsserted(() -> assertThat(reader.ownerOf(key, type)).isEmpty());
			try (LockHandle anonymous = first.acquire(request(key, type, GENEROUS))) {
				assertThat(anonymous.isHeld()).isTrue();
				assertThat(reader.ownerOf(key, type)).isEmpty();
			}
			awaitNothingLeft(key);
		}

		/**
		 * The owner read is the holder's, not a waiter's, also when a writer waits behind a reader
		 * (ZooKeeper lists the writers first).
		 */
		@ParameterizedTest
		@CsvSource({ "MUTEX, MUTEX", "SEMAPHORE_MUTEX, SEMAPHORE_MUTEX", "READ, WRITE" })
		void ownerOfAHeldLockIsTheHoldersNotAWaiters(LockType heldType, LockType waitingType) throws Exception {
			assumeSupported(heldType, waitingType);
			String key = key("owner-queue");
			LockRegistry holder = client();
			LockRegistry waiter = client();
			LockHandle held = holder.acquire(request(key, heldType, SHORT).withOwner("holder"));
			Background<Boolean> waiting = inBackground("waiter", () -> {
				try (LockHandle next = waiter.acquire(request(key, waitingType, GENEROUS).withOwner("waiter"))) {
					return next.isHeld() && "waiter".equals(holder.ownerOf(key, waitingType).orElse(null));
				}
			});
			try {
				await().atMost(GENEROUS).until(() -> entriesOf(key).size() >= 2);
				assertThat(waiter.ownerOf(key, waitingType)).contains("holder");
				assertThat(waiter.ownerOf(key, heldType)).contains("holder");
			}
			finally {
				held.close();
			}
			assertThat(waiting.get(GENEROUS)).isTrue();
			awaitNothingLeft(key);
		}

		/**
		 * A lock that passes to another thread of the same client, handed on locally or not, is
		 * read with the new holder's owner.
		 */
		@Test
		void theOwnerIsTheNewHoldersAfterTheLockPassesToAnotherThreadOfTheSameClient() throws Exception {
			String key = key("owner-handoff");
			LockRegistry registry = client();
			LockRegistry reader = client();
			LockHandle first = registry.acquire(request(key, LockType.MUTEX, SHORT).withOwner("first-thread"));
			Background<String> next = inBackground("next-thread", () -> {
				try (LockHandle held = registry.acquire(request(key, LockType.MUTEX, GENEROUS).withOwner("next-thread"))) {
					return reader.ownerOf(key, LockType.MUTEX).orElse("none");
				}
			});
			try {
				await().atMost(GENEROUS).until(() -> ((LockIntrospection) registry).waiters().size() == 1);
				assertThat(reader.ownerOf(key, LockType.MUTEX)).contains("first-thread");
			}
			finally {
				first.close();
			}
			assertThat(next.get(GENEROUS)).isEqualTo("next-thread");
			awaitNothingLeft(key);
		}

	}

	/** A revocable holder is told once when another client asks for its lock, and keeps it until it releases it. */
	@Nested
	class Revocation {

		/**
		 * A revocable holder is told when another client asks for the lock, once, and keeps the lock,
		 * still exclusive, until it releases it; the next holder's token is greater.
		 */
		@Test
		void revocableHolderIsToldOnceAndKeepsTheLockUntilItReleasesIt() throws Exception {
			C holder = connect(NO_LISTENER);
			assumeTrue(holder.registry().supportsRevocation(LockType.MUTEX), "the backend does not support revocation");
			String key = key("revocation");
			RevocationListener listener = new RevocationListener();
			C listening = connect(listener);
			LockRegistry other = client();
			LockHandle held = listening.registry().acquire(request(key, LockType.MUTEX, SHORT).withRevocable(true));
			try {
				assertThat(held.revocationRequested()).isFalse();
				assertThat(other.requestRevocation(key, LockType.MUTEX)).isTrue();
				await().atMost(GENEROUS).until(held::revocationRequested);
				await().atMost(GENEROUS).until(() -> listener.told.contains(key));
				assertThat(held.isHeld()).isTrue();
				assertThatExceptionOfType(LockAcquisitionException.class)
					.isThrownBy(() -> other.acquire(request(key, LockType.MUTEX, Duration.ZERO)));
			}
			finally {
				held.close();
			}
			try (LockHandle next = other.acquire(request(key, LockType.MUTEX, GENEROUS))) {
				assertThat(next.fencingToken()).isGreaterThan(held.fencingToken());
				assertThat(next.revocationRequested()).isFalse();
			}
			assertThat(listener.told).containsExactly(key);
			awaitNothingLeft(key);
		}

		/**
		 * A holder that did not acquire its lock as revocable is never told, and keeps its lock; a
		 * request for a lock nobody holds asks nobody.
		 */
		@Test
		void holderThatIsNotRevocableIsNeverAffected() throws Exception {
			RevocationListener listener = new RevocationListener();
			C holder = connect(listener);
			assumeTrue(holder.registry().supportsRevocation(LockType.MUTEX), "the backend does not support revocation");
			LockRegistry other = client();
			String plainKey = key("not-revocable");
			String revocableKey = key("revocable");
			try (LockHandle plain = holder.registry().acquire(request(plainKey, LockType.MUTEX, SHORT));
					LockHandle revocable = holder.registry()
						.acquire(request(revocableKey, LockType.MUTEX, SHORT).withRevocable(true))) {
				assertThat(other.requestRevocation(plainKey, LockType.MUTEX)).isTrue();
				assertThat(other.requestRevocation(revocableKey, LockType.MUTEX)).isTrue();
				await().atMost(GENEROUS).until(revocable::revocationRequested);
				assertThat(plain.revocationRequested()).isFalse();
				assertThat(plain.isHeld()).isTrue();
				assertThat(listener.told).containsExactly(revocableKey);
			}
			assertThat(other.requestRevocation(key("free"), LockType.MUTEX)).isFalse();
			awaitNothingLeft(plainKey, revocableKey);
		}

		/**
		 * A revocable holder asked to give its lock up gives it back to the lock service when it
		 * releases it, so that the contender waiting there (in another process) gets it next, not
		 * the next waiting thread of the holder's own client through a local hand-off.
		 */
		@Test
		void revokedHolderReleasesItsLockToTheLockServiceNotToAnotherThreadOfItsClient() throws Exception {
			Optional<C> handingOff = newHandingOffClient(NO_LISTENER);
			handingOff.ifPresent(LockRegistryContractTests.this.clients::add);
			assumeTrue(handingOff.isPresent(), "the backend does not hand locks off locally");
			LockRegistry registry = handingOff.get().registry();
			assumeTrue(registry.supportsRevocation(LockType.MUTEX), "the backend does not support revocation");
			LockRegistry other = client();
			String key = key("revoked-handoff");
			List<String> holders = new CopyOnWriteArrayList<>();
			LockHandle held = registry.acquire(request(key, LockType.MUTEX, GENEROUS).withRevocable(true));
			Background<Long> sameClient;
			Background<Long> otherClient;
			try {
				sameClient = inBackground("same-client", () -> holdOnce(registry, key, "same client", holders));
				awaitWaiting(sameClient, registry);
				int before = entriesOf(key).size();
				otherClient = inBackground("other-client", () -> holdOnce(other, key, "other client", holders));
				awaitQueued(otherClient, key, before);
				assertThat(other.requestRevocation(key, LockType.MUTEX)).isTrue();
				await().atMost(GENEROUS).until(held::revocationRequested);
			}
			finally {
				held.close();
			}
			long otherToken = otherClient.get(GENEROUS);
			long sameToken = sameClient.get(GENEROUS);
			assertThat(holders).as("the holders after the revoked one, in order")
				.containsExactly("other client", "same client");
			assertStrictlyIncreasing(List.of(held.fencingToken(), otherToken, sameToken));
			awaitNothingLeft(key);
		}

		/** A revocable request of a type whose revocation the backend does not support is refused before it waits. */
		@ParameterizedTest
		@EnumSource(LockType.class)
		void revocableRequestOfAnUnsupportedTypeIsRefused(LockType type) throws Exception {
			assumeSupported(type);
			LockRegistry registry = client();
			assumeFalse(registry.supportsRevocation(type), "the backend supports the revocation of " + type);
			assertThatIllegalArgumentException()
				.isThrownBy(() -> registry.acquire(request(key("refused"), type, SHORT).withRevocable(true)))
				.withMessageContaining("does not support the revocation of " + type + " locks");
		}

	}

	/** Separate JVMs that contend for a mutex never overlap and lose no update. */
	@Nested
	class SeparateProcesses {

		/**
		 * Separate JVMs that increment a shared file counter by read, pause, write under a mutex
		 * never overlap and lose no update, and each sees growing, unique tokens.
		 */
		@Test
		void separateProcessesExcludeEachOtherAndLoseNoUpdate(@TempDir Path directory) throws Exception {
			String key = key("cross-process");
			runAndCheckTheCounter(counterJobs(directory, key, false, false), key);
		}

		/**
		 * Separate JVMs whose {@code CompletableFuture}s increment the shared counter under a
		 * mutex acquired with no thread waiting never overlap and lose no update, and each sees
		 * growing, unique tokens.
		 */
		@Test
		void separateProcessesExcludeEachOtherForAsynchronousWork(@TempDir Path directory) throws Exception {
			assumeAsyncMutex();
			String key = key("cross-process-async");
			runAndCheckTheCounter(counterJobs(directory, key, true, false), key);
		}

		/**
		 * Separate JVMs whose {@code Mono}s increment the shared counter under a mutex acquired
		 * with no thread waiting ({@code ReactiveLockTemplate}) never overlap and lose no update,
		 * and each sees growing, unique tokens.
		 */
		@Test
		void separateProcessesExcludeEachOtherForReactiveWork(@TempDir Path directory) throws Exception {
			assumeAsyncMutex();
			String key = key("cross-process-reactive");
			runAndCheckTheCounter(counterJobs(directory, key, false, true), key);
		}

		private void assumeAsyncMutex() throws Exception {
			assumeTrue(client() instanceof AsyncLockRegistry async && async.asyncTypes().contains(LockType.MUTEX),
					"MUTEX cannot be acquired asynchronously on this backend");
		}

		private List<SharedCounterJob> counterJobs(Path directory, String key, boolean async, boolean reactive) {
			List<SharedCounterJob> jobs = new ArrayList<>();
			for (int i = 0; i < PROCESSES; i++) {
				jobs.add(new SharedCounterJob(directory, i, key, ITERATIONS, 1, async, reactive));
			}
			return jobs;
		}

		/**
		 * Separate JVMs that take a permit of a semaphore of two again and again never see more
		 * than two holders at once, see two at times, and each sees growing, unique tokens.
		 */
		@Test
		void separateProcessesNeverHoldMoreThanTheSemaphoresPermits(@TempDir Path directory) throws Exception {
			assumeSupported(LockType.SEMAPHORE);
			String key = key("cross-process-semaphore");
			int permits = 2;
			List<SharedCounterJob> jobs = new ArrayList<>();
			for (int i = 0; i < PROCESSES; i++) {
				jobs.add(new SharedCounterJob(directory, i, key, ITERATIONS, permits));
			}
			runToTheEnd(jobs);
			int most = 0;
			List<Long> allTokens = new ArrayList<>();
			for (SharedCounterJob job : jobs) {
				assertThat(Files.readString(job.overlapsFile())).as("more holders than permits seen by process %d",
						job.id()).isEqualTo("0");
				most = Math.max(most, Integer.parseInt(Files.readString(job.mostFile())));
				List<Long> tokens = Files.readAllLines(job.tokensFile()).stream().map(Long::valueOf).toList();
				assertThat(tokens).hasSize(ITERATIONS);
				assertStrictlyIncreasing(tokens);
				allTokens.addAll(tokens);
			}
			assertThat(most).as("the most holders seen at once").isEqualTo(permits);
			assertThat(allTokens).doesNotHaveDuplicates();
			awaitNothingLeft(key);
		}

		/**
		 * Runs the jobs on a zeroed counter, then checks that no update was lost, that no process
		 * saw an overlap, that each saw growing tokens, all unique, and that nothing is left.
		 */
		private void runAndCheckTheCounter(List<SharedCounterJob> jobs, String key) throws Exception {
			Files.write(jobs.get(0).counter(), new byte[Long.BYTES]);
			runToTheEnd(jobs);
			assertThat(ByteBuffer.wrap(Files.readAllBytes(jobs.get(0).counter())).getLong()).as("the counter")
				.isEqualTo(PROCESSES * ITERATIONS);
			List<Long> allTokens = new ArrayList<>();
			for (SharedCounterJob job : jobs) {
				assertThat(Files.readString(job.overlapsFile())).as("overlaps seen by process %d", job.id()).isEqualTo("0");
				List<Long> tokens = Files.readAllLines(job.tokensFile()).stream().map(Long::valueOf).toList();
				assertThat(tokens).hasSize(ITERATIONS);
				assertStrictlyIncreasing(tokens);
				allTokens.addAll(tokens);
			}
			assertThat(allTokens).doesNotHaveDuplicates();
			awaitNothingLeft(key);
		}

		/**
		 * Starts a process per job, gives the start signal once all are ready, and waits for
		 * each to end well.
		 */
		private void runToTheEnd(List<SharedCounterJob> jobs) throws Exception {
			List<Process> processes = new ArrayList<>();
			try {
				for (SharedCounterJob job : jobs) {
					Optional<Process> process = startContenderProcess(job);
					assumeTrue(process.isPresent(),
							"The backend starts no separate process (startContenderProcess is not overridden)");
					processes.add(process.get());
				}
				awaitReady(jobs, processes);
				Files.createFile(jobs.get(0).startSignal());
				for (int i = 0; i < jobs.size(); i++) {
					Process process = processes.get(i);
					assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("process %d finished", i).isTrue();
					assertThat(process.exitValue()).as("exit code of process %d, whose log is:%n%s", i,
							Files.readString(jobs.get(i).log())).isZero();
				}
			}
			finally {
				for (Process process : processes) {
					process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
				}
			}
		}

		private static void awaitReady(List<SharedCounterJob> jobs, List<Process> processes) throws Exception {
			long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
			for (int i = 0; i < jobs.size(); i++) {
				SharedCounterJob job = jobs.get(i);
				while (!Files.exists(job.readyMarker())) {
					assertThat(processes.get(i).isAlive()).as("process %d is alive; its log: %s", i, job.log()).isTrue();
					assertThat(System.nanoTime() - deadline).as("process %d became ready in time", i).isNegative();
					TimeUnit.MILLISECONDS.sleep(20);
				}
			}
		}

	}

	// ---- support -------------------------------------------------------------------------------

	/**
	 * Lock caching: a released {@code MUTEX}, from its key's second use, stays held in the lock
	 * service for the next thread of its client, and is given up as soon as another client queues
	 * for it, once idle, when the session is lost and when the client closes.
	 */
	@Nested
	class Caching {

		/** An idle time far past every wait of these tests: only a contender makes the client give a lock up sooner. */
		private static final Duration KEPT = Duration.ofMinutes(2);

		/**
		 * A key's first use is released in the lock service; from its next use within the idle
		 * time, the next thread of the client takes a cached lock with a greater token, leaving
		 * one entry in the service.
		 */
		@Test
		void releasedLockIsKeptFromItsKeysSecondUseAndTakenAgainWithAGreaterToken() throws Exception {
			LockRegistry registry = cachingClient(KEPT);
			String key = key("cached");
			List<Long> tokens = new ArrayList<>();
			tokens.add(holdOnce(registry, key, "first use", new ArrayList<>()));
			assertThat(cachedKeys(registry)).as("the locks the client caches after the key's first use").isEmpty();
			awaitNothingLeft(key);
			for (int i = 0; i < 5; i++) {
				try (LockHandle lock = registry.acquire(request(key, LockType.MUTEX, SHORT))) {
					tokens.add(lock.fencingToken());
				}
				assertThat(cachedKeys(registry)).as("the locks the client caches").containsExactly(key);
				assertThat(entriesOf(key)).as("what the lock service holds for the cached lock").hasSize(1);
			}
			tokens.add(inBackground("next-thread", () -> holdOnce(registry, key, "next thread", new ArrayList<>()))
				.get(GENEROUS));
			assertStrictlyIncreasing(tokens);
		}

		/** A contender of another client gets a lock the client caches, with a greater token. */
		@Test
		void contenderOfAnotherClientGetsACachedLock() throws Exception {
			LockRegistry registry = cachingClient(KEPT);
			LockRegistry other = client();
			String key = key("cached-contended");
			long cachedToken = cacheOnce(registry, key);
			assertThat(cachedKeys(registry)).containsExactly(key);
			long otherToken = holdOnce(other, key, "other client", new ArrayList<>());
			assertThat(otherToken).isGreaterThan(cachedToken);
			eventually().untilAsserted(() -> assertThat(cachedKeys(registry)).isEmpty());
			long againToken = holdOnce(registry, key, "caching client", new ArrayList<>());
			assertStrictlyIncreasing(List.of(cachedToken, otherToken, againToken));
		}

		/**
		 * A contender of another client that queued while the lock was held gets it, although a
		 * thread of the holder's client keeps taking the lock again: the client gives the lock
		 * back to the lock service once it sees the contender (how soon is measured by the
		 * benchmark module, not here).
		 */
		@Test
		void contenderQueuedWhileHeldIsServedWhileTheHoldersClientKeepsTakingTheLock() throws Exception {
			LockRegistry registry = cachingClient(KEPT);
			LockRegistry other = client();
			String key = key("cached-queued");
			List<String> holders = new CopyOnWriteArrayList<>();
			long firstToken = holdOnce(registry, key, "first", holders);
			Background<Long> otherClient;
			Background<Integer> sameClient;
			LockHandle held = registry.acquire(request(key, LockType.MUTEX, SHORT));
			try {
				int before = entriesOf(key).size();
				otherClient = inBackground("other-client", () -> holdOnce(other, key, "other client", holders));
				awaitQueued(otherClient, key, before);
				sameClient = inBackground("same-client", () -> {
					int turns = 0;
					while (!otherClient.isDone()) {
						holdOnce(registry, key, "same client", holders);
						turns++;
					}
					return turns;
				});
			}
			finally {
				held.close();
			}
			long otherToken = otherClient.get(GENEROUS);
			sameClient.get(GENEROUS);
			assertThat(holders).startsWith("first").contains("other client");
			assertThat(otherToken).isGreaterThan(held.fencingToken()).isGreaterThan(firstToken);
		}

		/** A cached lock unused for the idle time is given up: nothing is left of it. */
		@Test
		void idleCachedLockIsGivenUp() throws Exception {
			LockRegistry registry = cachingClient(Duration.ofMillis(200));
			String key = key("cached-idle");
			cacheOnce(registry, key);
			awaitNothingLeft(key);
			assertThat(cachedKeys(registry)).isEmpty();
		}

		/** A lost session empties the cache, and the client takes the lock again in its new session. */
		@Test
		void lostSessionEmptiesTheCache() throws Exception {
			C caching = connectCaching(KEPT);
			LockRegistry registry = caching.registry();
			String key = key("cached-lost");
			long cachedToken = cacheOnce(registry, key);
			assertThat(cachedKeys(registry)).containsExactly(key);
			loseLocks(caching);
			await().atMost(lossTimeout()).untilAsserted(() -> assertThat(cachedKeys(registry)).isEmpty());
			try (LockHandle lock = registry.acquire(request(key, LockType.MUTEX, GENEROUS))) {
				assertThat(lock.state()).isEqualTo(LockState.HELD);
				assertThat(lock.fencingToken()).isGreaterThan(cachedToken);
			}
		}

		/** Closing the client deletes every lock it caches from the lock service. */
		@Test
		void closingTheClientDeletesEveryCachedLock() throws Exception {
			C caching = connectCaching(KEPT);
			List<String> keys = List.of(key("closed-1"), key("closed-2"), key("closed-3"));
			for (String key : keys) {
				cacheOnce(caching.registry(), key);
			}
			assertThat(cachedKeys(caching.registry())).containsExactlyInAnyOrderElementsOf(keys);
			caching.close();
			LockRegistryContractTests.this.clients.remove(caching);
			awaitNothingLeft(keys.toArray(String[]::new));
		}

		private LockRegistry cachingClient(Duration idleTime) throws Exception {
			return connectCaching(idleTime).registry();
		}

		private C connectCaching(Duration idleTime) throws Exception {
			Optional<C> caching = newCachingClient(NO_LISTENER, idleTime);
			caching.ifPresent(LockRegistryContractTests.this.clients::add);
			assumeTrue(caching.isPresent(), "the backend does not cache locks");
			return caching.get();
		}

		/**
		 * Takes a {@code MUTEX} twice: its key's first use is released in the lock service, the
		 * second is cached.
		 * @return the token of the second use
		 */
		private long cacheOnce(LockRegistry registry, String key) {
			holdOnce(registry, key, "first use", new ArrayList<>());
			return holdOnce(registry, key, "caching client", new ArrayList<>());
		}

		private List<String> cachedKeys(LockRegistry registry) {
			return ((LockIntrospection) registry).cachedLocks().stream().map(CachedLock::key).toList();
		}

	}

	private C connect(LockListener listener) throws Exception {
		C client = newClient(listener);
		this.clients.add(client);
		return client;
	}

	private LockRegistry client() throws Exception {
		return connect(NO_LISTENER).registry();
	}

	/** Takes a {@code MUTEX} once, notes who held it, and releases it. */
	private static long holdOnce(LockRegistry registry, String key, String holder, List<String> holders) {
		try (LockHandle lock = registry.acquire(request(key, LockType.MUTEX, GENEROUS))) {
			holders.add(holder);
			return lock.fencingToken();
		}
	}

	private static String key(String name) {
		return "contract-" + keys.incrementAndGet() + "-" + name;
	}

	private static LockRequest request(String key, LockType type, Duration waitTime) {
		return new LockRequest(key, type, waitTime, NAME);
	}

	/**
	 * The type that excludes a lock of the given type on the same key: {@code WRITE} for
	 * {@code READ}, the type itself otherwise.
	 */
	private static LockType conflicting(LockType type) {
		return (type == LockType.READ) ? LockType.WRITE : type;
	}

	private void assumeSupported(LockType... types) {
		for (LockType type : types) {
			assumeTrue(supportedTypes().contains(type), () -> "The backend does not support " + type);
		}
	}

	private <T extends @Nullable Object> Background<T> inBackground(String name, Callable<T> task) {
		Background<T> background = new Background<>("contract-" + name, task);
		this.tasks.add(background);
		return background;
	}

	private static ConditionFactory eventually() {
		return await().atMost(GENEROUS).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(10));
	}

	/**
	 * Asserts that the acquisition fails with {@link LockAcquisitionException} for its key, not
	 * before its wait time (less a clock tolerance) and within a generous bound after it.
	 */
	private static void assertWaitElapses(LockRegistry registry, LockRequest request) {
		long start = System.nanoTime();
		Throwable failure = catchThrowable(() -> registry.acquire(request).close());
		Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
		assertThat(failure).isInstanceOf(LockAcquisitionException.class);
		assertThat(((LockAcquisitionException) failure).getKey()).isEqualTo(request.key());
		assertThat(elapsed).as("the time waited").isGreaterThanOrEqualTo(request.waitTime().minus(CLOCK_TOLERANCE))
			.isLessThan(request.waitTime().plus(GENEROUS));
	}

	private static void assertStrictlyIncreasing(List<Long> tokens) {
		assertThat(tokens).as("fencing tokens in the order of their holders").isSorted().doesNotHaveDuplicates();
	}

	/**
	 * Starts a waiter in another thread, waits until the lock service lists it, interrupts it.
	 */
	private Background<?> interruptQueuedWaiter(LockRegistry registry, String key, LockType type) throws Exception {
		int before = entriesOf(key).size();
		Background<Void> waiting = inBackground("interrupted-waiter", () -> {
			registry.acquire(request(key, type, Duration.ofMinutes(1))).close();
			return null;
		});
		awaitQueued(waiting, key, before);
		waiting.thread().interrupt();
		return waiting;
	}

	/**
	 * Waits until a waiter of another client is queued: the lock service lists one more entry
	 * for the key, and the waiter's thread waits.
	 */
	private void awaitQueued(Background<?> waiter, String key, int entriesBefore) {
		eventually().failFast("the waiter ended instead of waiting", waiter::isDone).untilAsserted(() -> {
			assertThat(entriesOf(key)).as("what the lock service holds for the key").hasSizeGreaterThan(entriesBefore);
			assertThat(waiter.isBlocked()).as("whether the waiter's thread waits").isTrue();
		});
	}

	/**
	 * Waits until a thread waits for a lock: it is parked, and listed among the registry's
	 * waiters when the registry tells them.
	 */
	private static void awaitWaiting(Background<?> waiter, LockRegistry registry) {
		String thread = waiter.thread().getName();
		eventually().failFast("the waiter ended instead of waiting", waiter::isDone).untilAsserted(() -> {
			if (registry instanceof LockIntrospection introspection) {
				assertThat(introspection.waiters()).as("the registry's waiters")
					.anyMatch((lockWaiter) -> lockWaiter.thread().equals(thread));
			}
			assertThat(waiter.isBlocked()).as("whether the waiter's thread waits").isTrue();
		});
	}

	private void awaitNothingLeft(String... keys) {
		eventually().untilAsserted(() -> {
			for (String key : keys) {
				assertThat(entriesOf(key)).as("what the lock service still holds for '%s'", key).isEmpty();
			}
		});
	}

	/** Records the keys of the locks whose revocation the registry told of. */
	private static final class RevocationListener implements LockListener {

		final List<String> told = new CopyOnWriteArrayList<>();

		@Override
		public void onRevocationRequested(AcquiredLock lock) {
			this.told.add(lock.key());
		}

	}

}
