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
package io.github.distlock.leader;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The terms of one participant of an election: the one that runs, if any, its start and end
 * told to the listener in order (on the notifier's thread, never the caller's), and the threads
 * doing its leader work, interrupted at its end when asked.
 */
final class Terms {

	private static final Log logger = LogFactory.getLog(LockLeaderElection.class);

	private final String name;

	private final String participantId;

	private final LeadershipListener listener;

	private final ExecutorService notifier;

	private final boolean interruptWorkers;

	private final AtomicReference<@Nullable Leadership> leadership = new AtomicReference<>();

	/**
	 * Guards the start and end of a term with its event, so that listeners are told in order, and
	 * {@link #workers}, so that a thread that finished its leader work is not interrupted.
	 */
	private final ReentrantLock termLock = new ReentrantLock();

	private final Set<Thread> workers = new HashSet<>();

	/** The workers interrupted for a revocation, whose interrupt is cleared when their work ends. */
	private final Set<Thread> interrupted = new HashSet<>();

	private volatile RevocationReason lastReason = RevocationReason.LEFT;

	/**
	 * The callers waiting for the end of the term that runs, completed with its reason then; one
	 * that a caller cancels leaves at once, so that a long term keeps none. Guarded by
	 * {@link #termLock}.
	 */
	private final Set<CompletableFuture<RevocationReason>> endWaiters = new HashSet<>();

	/**
	 * @param interruptWorkers whether the end of a term interrupts the threads doing its work
	 */
	Terms(String name, String participantId, LeadershipListener listener, ExecutorService notifier,
			boolean interruptWorkers) {
		this.name = name;
		this.participantId = participantId;
		this.listener = listener;
		this.notifier = notifier;
		this.interruptWorkers = interruptWorkers;
	}

	/** The term that runs, or {@code null}. */
	@Nullable Leadership current() {
		return this.leadership.get();
	}

	/** Why the last term ended. */
	RevocationReason lastReason() {
		return this.lastReason;
	}

	/**
	 * The term that runs, or a new one with the given epoch, told to the listener.
	 */
	Term begin(long epoch) {
		Leadership term;
		this.termLock.lock();
		try {
			Leadership current = this.leadership.get();
			if (current != null) {
				return new Term(current, false);
			}
			term = new Leadership(this.name, this.participantId, epoch, Instant.now());
			this.leadership.set(term);
			notify(() -> this.listener.granted(term));
		}
		finally {
			this.termLock.unlock();
		}
		logger.info("Election '" + this.name + "': participant '" + this.participantId + "' leads (epoch "
				+ term.epoch() + ")");
		return new Term(term, true);
	}

	/**
	 * Ends the term that runs, if any, told to the listener with its reason.
	 */
	void revoke(RevocationReason reason) {
		Leadership term;
		this.termLock.lock();
		try {
			term = this.leadership.getAndSet(null);
			if (term == null) {
				return;
			}
			this.lastReason = reason;
			if (this.interruptWorkers) {
				this.workers.forEach(Thread::interrupt);
				this.interrupted.addAll(this.workers);
			}
			notify(() -> this.listener.revoked(term, reason));
			List<CompletableFuture<RevocationReason>> waiters = List.copyOf(this.endWaiters);
			this.endWaiters.clear();
			Runnable ended = () -> waiters.forEach((waiter) -> waiter.complete(reason));
			if (!waiters.isEmpty() && !notify(ended)) {
				// after the elections were closed: nobody else would end the work waiting for it
				ended.run();
			}
		}
		finally {
			this.termLock.unlock();
		}
		logger.info("Election '" + this.name + "': participant '" + this.participantId + "' no longer leads (epoch "
				+ term.epoch() + ", " + reason + ")");
	}

	/**
	 * When a term ends: completed with its reason on the notifier's thread, after the listener
	 * was told; at once, with the reason the last term ended, for a term that is not running.
	 * Each call gets a stage of its own, which its caller may cancel.
	 */
	CompletableFuture<RevocationReason> whenEnded(Leadership term) {
		CompletableFuture<RevocationReason> waiter = new CompletableFuture<>();
		this.termLock.lock();
		try {
			Leadership current = this.leadership.get();
			if (current == null || current.epoch() != term.epoch()) {
				return CompletableFuture.completedFuture(this.lastReason);
			}
			this.endWaiters.add(waiter);
		}
		finally {
			this.termLock.unlock();
		}
		waiter.whenComplete((reason, cancelled) -> {
			this.termLock.lock();
			try {
				this.endWaiters.remove(waiter);
			}
			finally {
				this.termLock.unlock();
			}
		});
		return waiter;
	}

	/**
	 * Runs work of a term as a worker that its end interrupts (when asked); refuses it if the
	 * term ended already, and clears an interrupt of the revocation when it returns.
	 * @throws NotLeaderException if the term ended before the work began
	 */
	<T extends @Nullable Object> T asWorker(Leadership term, LeaderCallback<T> work) {
		Thread worker = Thread.currentThread();
		this.termLock.lock();
		try {
			if (this.leadership.get() != term) {
				throw new NotLeaderException(this.name);
			}
			this.workers.add(worker);
		}
		finally {
			this.termLock.unlock();
		}
		Leadership outer = LeaderContext.enter(term);
		try {
			return work.doAsLeader(term);
		}
		finally {
			LeaderContext.leave(outer);
			this.termLock.lock();
			try {
				this.workers.remove(worker);
				if (this.interrupted.remove(worker)) {
					// the interrupt was for this work, not for what the thread does next
					Thread.interrupted();
				}
			}
			finally {
				this.termLock.unlock();
			}
		}
	}

	/**
	 * Hands a listener call to the notifier thread; never calls it on the caller's thread, which
	 * may be a lock service's event thread. A call after the elections were closed is dropped.
	 */
	private boolean notify(Runnable call) {
		try {
			this.notifier.execute(() -> {
				try {
					call.run();
				}
				catch (RuntimeException ex) {
					logger.warn("Election '" + this.name + "': a leadership listener failed", ex);
				}
			});
		}
		catch (RejectedExecutionException closed) {
			logger.debug("Election '" + this.name + "': a leadership event after the elections were closed was dropped");
			return false;
		}
		return true;
	}

	/**
	 * A term, and whether this call began it.
	 */
	record Term(Leadership leadership, boolean began) {
	}

}
