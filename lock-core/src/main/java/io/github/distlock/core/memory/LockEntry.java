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

import java.util.concurrent.CompletableFuture;

import java.util.concurrent.locks.Condition;

import io.github.distlock.annotation.LockType;
import org.jspecify.annotations.Nullable;

/**
 * One contender for a lock in an {@link InMemoryLockService}, holder or waiter, as a lock node
 * is on ZooKeeper. Written under the service's lock; its state and token are also read without
 * it.
 */
final class LockEntry {

	/**
	 * Where an entry is in its life.
	 */
	enum State {

		/** Queued behind the holders. */
		WAITING,

		/** Holds the lock. */
		GRANTED,

		/** Removed by its client: released, or given up after a wait that elapsed or was interrupted. */
		GONE,

		/** Removed by the service: its session expired or ended while it was granted. */
		LOST,

		/** Removed by the service: its session ended (its client closed) while it waited. */
		ENDED

	}

	private final long id;

	private final InMemoryLockService.QueueKey queue;

	private final LockType type;

	private final int permits;

	/** The entry's own signal: granted or removed. */
	private final Condition changed;

	private long session;

	private volatile State state = State.WAITING;

	/** Told once when a waiting entry is granted or removed, for an asynchronous wait. */
	private @Nullable CompletableFuture<State> settled;

	private volatile long token;

	private final @Nullable String owner;

	LockEntry(long id, InMemoryLockService.QueueKey queue, LockType type, int permits, long session,
			@Nullable String owner, Condition changed) {
		this.permits = permits;
		this.owner = owner;
		this.id = id;
		this.queue = queue;
		this.type = type;
		this.session = session;
		this.changed = changed;
	}

	InMemoryLockService.QueueKey queue() {
		return this.queue;
	}

	LockType type() {
		return this.type;
	}

	/** How many holders the entry's semaphore has at most; 1 for every other type. */
	int permits() {
		return this.permits;
	}

	long session() {
		return this.session;
	}

	void moveTo(long session) {
		this.session = session;
	}

	State state() {
		return this.state;
	}

	long token() {
		return this.token;
	}

	Condition changed() {
		return this.changed;
	}

	void grant(long token) {
		this.token = token;
		this.state = State.GRANTED;
		this.changed.signal();
		tellSettled();
	}

	void remove(State state) {
		this.state = state;
		this.changed.signal();
		tellSettled();
	}

	/**
	 * The end of the entry's wait: its state once granted or removed. Called under the service's
	 * lock; the future is completed under it too.
	 */
	CompletableFuture<State> settled() {
		if (this.state != State.WAITING) {
			return CompletableFuture.completedFuture(this.state);
		}
		if (this.settled == null) {
			this.settled = new CompletableFuture<>();
		}
		return this.settled;
	}

	private void tellSettled() {
		if (this.settled != null) {
			this.settled.complete(this.state);
		}
	}

	/**
	 * The owner its request recorded.
	 * @return the owner, or {@code null}
	 */
	@Nullable String owner() {
		return this.owner;
	}

	/**
	 * The entry's name among the participants of its lock.
	 * @return the name
	 */
	String name() {
		return this.type + "-" + this.id + "@session-" + this.session;
	}

	@Override
	public String toString() {
		return name() + "[" + this.state + ((this.state == State.GRANTED) ? ", token " + this.token : "") + "]";
	}

}
