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

package io.github.distlock.actuate;

import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.CachedLock;
import io.github.distlock.core.InvalidLockKeyException;
import io.github.distlock.core.LockIntrospection;
import io.github.distlock.core.LockRegistry;
import io.github.distlock.core.LockWaiter;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.InvalidEndpointRequestException;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.Selector.Match;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * The {@code locks} endpoint, read-only. {@code GET /actuator/locks} lists the locks this
 * application holds, the threads waiting for one and the locks it keeps with no holder (lock
 * caching); {@code GET /actuator/locks/{key}} lists the
 * contenders for a key in the lock service across all processes, holder first ({@code ?type=} gives
 * the lock type, {@link LockType#MUTEX} by default). A key may contain {@code /}.
 * <p>
 * {@code POST /actuator/locks/{key}/revoke} asks the holder of the key's lock, in any process,
 * to give it up ({@link LockRegistry#requestRevocation}); a write operation, so that the
 * endpoint's default access, read-only, refuses it until
 * {@code management.endpoint.locks.access=unrestricted}.
 *
 * @since 0.1.0
 */
@Endpoint(id = "locks", defaultAccess = Access.READ_ONLY)
public class LocksEndpoint {

	private static final String REVOKE = "revoke";

	private final LockIntrospection locks;

	private final @Nullable LockRegistry registry;

	public LocksEndpoint(LockIntrospection locks) {
		this(locks, null);
	}

	/**
	 * @param locks what this application holds and awaits
	 * @param registry the registry that asks holders to give locks up, or {@code null}
	 */
	public LocksEndpoint(LockIntrospection locks, @Nullable LockRegistry registry) {
		this.locks = locks;
		this.registry = registry;
	}

	@ReadOperation
	public LocksDescriptor locks() {
		List<HeldLock> held = this.locks.heldLocks()
			.stream()
			.sorted(Comparator.comparing(AcquiredLock::acquiredAt))
			.map(HeldLock::of)
			.toList();
		List<WaitingLock> waiting = this.locks.waiters()
			.stream()
			.sorted(Comparator.comparing(LockWaiter::since))
			.map(WaitingLock::of)
			.toList();
		List<CachedLock> cached = this.locks.cachedLocks()
			.stream()
			.sorted(Comparator.comparing(CachedLock::cachedSince))
			.toList();
		return new LocksDescriptor(held, waiting, cached);
	}

	@ReadOperation
	public ParticipantsDescriptor participants(@Selector(match = Match.ALL_REMAINING) String[] key,
			@Nullable LockType type) {
		String joinedKey = String.join("/", key);
		LockType lockType = (type != null) ? type : LockType.MUTEX;
		String path;
		try {
			path = this.locks.pathOf(joinedKey);
		}
		catch (InvalidLockKeyException ex) {
			throw new InvalidEndpointRequestException(ex.getMessage(), "Invalid lock key");
		}
		return new ParticipantsDescriptor(joinedKey, path, lockType,
				List.copyOf(this.locks.participants(joinedKey, lockType)));
	}

	/**
	 * Asks the holder of a key's lock to give it up: {@code POST /actuator/locks/{key}/revoke}.
	 * @param keyAndAction the key's segments, then {@code revoke}
	 * @param type the lock type, {@link LockType#MUTEX} by default
	 * @return whether the lock was held, so that its holder was asked
	 */
	@WriteOperation
	public RevocationDescriptor revoke(@Selector(match = Match.ALL_REMAINING) String[] keyAndAction,
			@Nullable LockType type) {
		if (keyAndAction.length < 2 || !REVOKE.equals(keyAndAction[keyAndAction.length - 1])) {
			throw new InvalidEndpointRequestException("POST /actuator/locks/{key}/revoke asks for a revocation",
					"Not a revocation request");
		}
		String key = String.join("/", Arrays.copyOf(keyAndAction, keyAndAction.length - 1));
		LockType lockType = (type != null) ? type : LockType.MUTEX;
		if (this.registry == null || !this.registry.supportsRevocation(lockType)) {
			throw new InvalidEndpointRequestException("The lock backend does not support the revocation of " + lockType
					+ " locks", "Revocation not supported");
		}
		try {
			String path = this.locks.pathOf(key);
			return new RevocationDescriptor(key, path, lockType, this.registry.requestRevocation(key, lockType));
		}
		catch (InvalidLockKeyException ex) {
			throw new InvalidEndpointRequestException(ex.getMessage(), "Invalid lock key");
		}
	}

	/**
	 * The locks of this application.
	 *
	 * @param held the locks held now, oldest first
	 * @param waiting the threads waiting for a lock now, longest waiting first
	 * @param cached the locks kept in the lock service with no holder (lock caching), longest
	 * idle first
	 */
	public record LocksDescriptor(List<HeldLock> held, List<WaitingLock> waiting, List<CachedLock> cached)
			implements OperationResponseBody {

		/**
		 * The locks of an application without lock caching.
		 * @param held the locks held now, oldest first
		 * @param waiting the threads waiting for a lock now, longest waiting first
		 */
		public LocksDescriptor(List<HeldLock> held, List<WaitingLock> waiting) {
			this(held, waiting, List.of());
		}

	}

	/**
	 * A lock held by this application.
	 *
	 * @param key the lock key
	 * @param name the bounded name of the lock (the annotated method, or the programmatic name)
	 * @param path the lock path
	 * @param type the lock type
	 * @param state the lock state
	 * @param fencingToken the fencing token
	 * @param acquiredAt when the lock was acquired
	 * @param holderThread the thread that acquired it
	 */
	public record HeldLock(String key, String name, String path, LockType type, String state, long fencingToken,
			Instant acquiredAt, String holderThread) {

		static HeldLock of(AcquiredLock lock) {
			return new HeldLock(lock.key(), lock.name(), lock.path(), lock.type(), lock.state().name(),
					lock.fencingToken(), lock.acquiredAt(), lock.holderThread());
		}

	}

	/**
	 * A thread of this application waiting for a lock.
	 *
	 * @param key the lock key
	 * @param name the bounded name of the lock
	 * @param path the lock path
	 * @param type the lock type
	 * @param since when the wait began
	 * @param thread the waiting thread
	 */
	public record WaitingLock(String key, String name, String path, LockType type, Instant since, String thread) {

		static WaitingLock of(LockWaiter waiter) {
			return new WaitingLock(waiter.key(), waiter.name(), waiter.path(), waiter.type(), waiter.since(),
					waiter.thread());
		}

	}

	/**
	 * The contenders for one key across all processes, as the lock service sees them.
	 *
	 * @param key the lock key
	 * @param path the lock path
	 * @param type the lock type asked for
	 * @param participants the contenders' names in the lock service, holder first
	 */
	public record ParticipantsDescriptor(String key, String path, LockType type, List<String> participants)
			implements OperationResponseBody {
	}

	/**
	 * A revocation request.
	 *
	 * @param key the lock key
	 * @param path the lock path
	 * @param type the lock type
	 * @param requested whether the lock was held, so that its holder was asked to give it up
	 */
	public record RevocationDescriptor(String key, String path, LockType type, boolean requested)
			implements OperationResponseBody {
	}

}
