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

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.test.memory.ObservedBackend.Rule;
import io.github.distlock.core.memory.InMemoryLockService;

/**
 * One run of a scenario on the engine: processes (each an engine over its own client of one
 * {@link InMemoryLockService}), the threads that use their locks, and the
 * {@link InvariantLedger} their holders report to. {@link #run()} starts the threads, waits for
 * them all, and checks what is left: nothing held, nothing awaited, nothing in the service.
 */
final class EngineScenario {

	/** A wait time that runs out only if nothing else can happen first: a stuck waiter. */
	static final Duration LONG = Duration.ofHours(1);

	private final InMemoryLockService service = new InMemoryLockService();

	private final ObservedBackend.Revocations revocations = new ObservedBackend.Revocations();

	private final InvariantLedger ledger = new InvariantLedger();

	private final List<Process> processes = new ArrayList<>();

	private final List<Thread> threads = new ArrayList<>();

	private final List<String> keys = new ArrayList<>();

	/**
	 * The threads alive when the scenario was made: a warm-up run outside Fray leaves its own
	 * engine threads ending, which the scenario must not wait for (Fray does not control them).
	 */
	private final Set<Thread> threadsBefore = Set.copyOf(liveThreads());

	/**
	 * A process: an engine over a client of the scenario's service.
	 * @param rule what its backend keeps
	 * @param options the engine's options
	 * @return the process
	 */
	Process process(Rule rule, LockEngine.Options options) {
		ObservedBackend backend = new ObservedBackend(this.service, this.revocations, rule);
		Process process = new Process(backend, new LockEngine(backend, this.ledger.listener(), options));
		this.processes.add(process);
		return process;
	}

	/**
	 * A thread of the scenario, started by {@link #run()}.
	 * @param name its name
	 * @param body what it does
	 */
	void thread(String name, Body body) {
		this.threads.add(new Thread(() -> {
			try {
				body.run();
			}
			catch (Exception ex) {
				throw new AssertionError("Thread '" + name + "' failed: " + ex + "; " + describe(), ex);
			}
		}, name));
	}

	/**
	 * Runs the threads to their end, and the engines' threads too, then checks that every lock
	 * lost was told and that nothing is left, and closes the processes.
	 * @param keys the keys the scenario locks
	 */
	void run(String... keys) {
		this.keys.addAll(List.of(keys));

		this.threads.forEach(Thread::start);
		for (Thread thread : this.threads) {
			try {
				thread.join();
			}
			catch (InterruptedException ex) {
				throw new AssertionError(ex);
			}
		}
		for (Process process : this.processes) {
			process.engine.releaseDeferred();
		}
		// a give-up past maxHold marks the handles lost before it tells the listener, on its thread
		joinDeferredReleaseThreads();
		this.ledger.checkAtTheEnd();
		for (Process process : this.processes) {
			if (process.engine.locksInUse() != 0 || !process.engine.waiters().isEmpty()) {
				throw new AssertionError("Left in use: " + process.engine.heldLocks() + ", waiters "
						+ process.engine.waiters());
			}
		}
		for (String key : this.keys) {
			if (!this.service.entriesOf(key).isEmpty()) {
				throw new AssertionError("Left in the service for '" + key + "': " + this.service.entriesOf(key));
			}
		}
		this.processes.forEach((process) -> process.backend.close());
		Tally.LOSSES_TOLD.addAndGet(this.ledger.toldLost());
		Tally.REVOCATIONS_TOLD.addAndGet(this.ledger.toldRevocation());
		Tally.HOLDERS.add(String.join(" > ", this.ledger.acquisitions()));
	}

	/**
	 * Waits for the threads of deferred releases and of {@code maxHold} that the scenario's
	 * engines started, stopped by {@link LockEngine#releaseDeferred()}, to end: one may be
	 * releasing a lock still.
	 */
	private void joinDeferredReleaseThreads() {
		for (Thread thread : liveThreads()) {
			String name = thread.getName();
			if (!this.threadsBefore.contains(thread)
					&& (name.equals("distributed-lock-deferred-release") || name.equals("distributed-lock-max-hold"))) {
				try {
					thread.join();
				}
				catch (InterruptedException ex) {
					throw new AssertionError(ex);
				}
			}
		}
	}

	private static List<Thread> liveThreads() {
		Thread[] threads = new Thread[Thread.activeCount() + 16];
		int count = Thread.currentThread().getThreadGroup().enumerate(threads);
		return List.copyOf(Arrays.asList(threads).subList(0, count));
	}

	/**
	 * What the processes and the service hold and await now, for a failure's message.
	 * @return a description
	 */
	String describe() {
		StringBuilder description = new StringBuilder();
		for (int i = 0; i < this.processes.size(); i++) {
			LockEngine engine = this.processes.get(i).engine;
			description.append("process ").append(i).append(": held ").append(engine.heldLocks())
				.append(", waiting ").append(engine.waiters().size())
				.append(", released later ").append(engine.deferredReleaseCount()).append("; ");
		}
		this.keys.forEach((key) -> description.append("service '").append(key).append("': ")
			.append(this.service.entriesOf(key)));
		return description.toString();
	}

	static LockRequest request(String key, LockType type, Duration waitTime) {
		return new LockRequest(key, type, waitTime, "interleavings");
	}

	/**
	 * How often the schedules of a scenario went where it is meant to take the engine, counted
	 * across the schedules since the last {@link #reset()}: a scenario that never got there would
	 * pass for nothing.
	 */
	static final class Tally {

		/** Handles told {@code ->LOST}. */
		static final AtomicInteger LOSSES_TOLD = new AtomicInteger();

		/** Holders told of a revocation request. */
		static final AtomicInteger REVOCATIONS_TOLD = new AtomicInteger();

		/** Locks passed to the next local thread. */
		static final AtomicInteger HAND_OFFS = new AtomicInteger();

		/** Closes that left a lock to be released later (holdAtLeast). */
		static final AtomicInteger DEFERRED_RELEASES = new AtomicInteger();

		/** Tries without wait that found the lock held. */
		static final AtomicInteger BUSY = new AtomicInteger();

		/** Handles still open when the engine gave their lock up past its maxHold. */
		static final AtomicInteger GIVEN_UP = new AtomicInteger();

		/** Closes after which the process's lock cache kept the lock. */
		static final AtomicInteger CACHED = new AtomicInteger();

		/** Per schedule, its holders in the order they began, with their tokens. */
		static final List<String> HOLDERS = new CopyOnWriteArrayList<>();

		private Tally() {
		}

		/**
		 * A warm-up for an exploration ({@link ScheduleExplorer#explore}): runs a scenario, then
		 * forgets what it counted, so that the tally counts the explored schedules only.
		 */
		static Runnable warmUp(Runnable scenario) {
			return () -> {
				try {
					scenario.run();
				}
				finally {
					reset();
				}
			};
		}

		static void reset() {
			List.of(LOSSES_TOLD, REVOCATIONS_TOLD, HAND_OFFS, DEFERRED_RELEASES, BUSY, CACHED).forEach((count) -> count.set(0));
			HOLDERS.clear();
		}

	}

	/**
	 * What a thread of a scenario does.
	 */
	@FunctionalInterface
	interface Body {

		void run() throws Exception;

	}

	/**
	 * A process of a scenario: its backend and engine, and what its threads do with them.
	 */
	final class Process {

		private final ObservedBackend backend;

		private final LockEngine engine;

		Process(ObservedBackend backend, LockEngine engine) {
			this.backend = backend;
			this.engine = engine;
		}

		LockEngine engine() {
			return this.engine;
		}

		/**
		 * Acquires a lock the thread does not hold yet, and tells the ledger.
		 */
		LockHandle acquire(LockRequest request) {
			LockHandle handle = this.engine.acquire(request);
			if (ObservedBackend.handedOff(this.engine.backendLockOf(handle))) {
				Tally.HAND_OFFS.incrementAndGet();
			}
			try {
				EngineScenario.this.ledger.acquired(this.engine, handle, request.revocable());
			}
			catch (AssertionError violation) {
				// the schedule failed: let the others end
				handle.close();
				throw violation;
			}
			return handle;
		}

		/**
		 * Acquires a lock the thread holds already (a re-entry, or a READ inside its WRITE), and
		 * tells the ledger.
		 */
		LockHandle reenter(LockHandle outer, LockRequest request) {
			LockHandle handle = this.engine.acquire(request);
			EngineScenario.this.ledger.reentered(outer, handle);
			return handle;
		}

		/**
		 * Closes a handle, telling the ledger what its holder saw of it first.
		 */
		void close(LockHandle handle) {
			EngineScenario.this.ledger.closing(handle);
			handle.close();
			if (this.engine.deferredReleaseCount() > 0) {
				Tally.DEFERRED_RELEASES.incrementAndGet();
			}
			if (this.engine.cachedLockCount() > 0) {
				Tally.CACHED.incrementAndGet();
			}
		}

		/**
		 * Acquires a lock, holds it for a step, and closes it.
		 */
		void hold(LockRequest request) {
			LockHandle handle = acquire(request);
			Thread.yield();
			close(handle);
		}

		/**
		 * Expires the process's session, and checks that the engine told every loss.
		 */
		void expireSession() {
			this.backend.expireSession();
			EngineScenario.this.ledger.checkLossesTold();
		}

		/**
		 * Requests the revocation of a lock, and checks that its holder was told.
		 */
		boolean requestRevocation(String key) {
			boolean held = this.engine.requestRevocation(key, LockType.MUTEX);
			EngineScenario.this.ledger.checkRevocationsTold();
			return held;
		}

	}

}
