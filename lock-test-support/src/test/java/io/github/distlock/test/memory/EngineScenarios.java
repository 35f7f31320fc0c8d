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
import java.util.concurrent.CountDownLatch;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.LockAcquisitionException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.engine.LockEngine;
import io.github.distlock.test.memory.EngineScenario.Process;
import io.github.distlock.test.memory.ObservedBackend.Rule;

import static io.github.distlock.test.memory.EngineScenario.LONG;
import static io.github.distlock.test.memory.EngineScenario.request;

/**
 * The scenarios whose schedules the interleaving tests explore, each on backends that keep a
 * {@link Rule}. Each is small: a few threads of one or two processes on one key, so that the
 * schedules that matter come up within a few hundred runs.
 */
final class EngineScenarios {

	private static final String KEY = "k";

	/** The local queue for every type, and hand-off of a MUTEX twice in a row at most. */
	private static final LockEngine.Options HANDING_OFF = LockEngine.Options.DEFAULTS.withHandoff(2, LONG);

	/**
	 * Long enough for most schedules to close the lock before it passed; short, because Fray
	 * 0.9.2's virtual time lets a timed wait of an hour run out before a task that a
	 * {@code ScheduledThreadPoolExecutor} delays by a second (seen without the engine), and the
	 * engine's deferred releases run on one: 400 ms and less work.
	 */
	private static final Duration HOLD_AT_LEAST = Duration.ofMillis(100);

	/** As short as {@link #HOLD_AT_LEAST}, for the same reason: its timer runs on one too. */
	private static final Duration MAX_HOLD = Duration.ofMillis(1);

	private EngineScenarios() {
	}

	/**
	 * Three threads of a process take a MUTEX twice each through the local queue, which hands
	 * it from one to the next; a thread of another process takes it once in between.
	 */
	static void localQueueAndHandOff(Rule rule) {
		EngineScenario scenario = new EngineScenario();
		Process local = scenario.process(rule, HANDING_OFF);
		Process other = scenario.process(rule, LockEngine.Options.DEFAULTS);
		for (int i = 0; i < 3; i++) {
			scenario.thread("local-" + i, () -> {
				for (int round = 0; round < 2; round++) {
					local.hold(request(KEY, LockType.MUTEX, LONG));
				}
			});
		}
		scenario.thread("other", () -> other.hold(request(KEY, LockType.MUTEX, LONG)));
		scenario.run(KEY);
	}

	/**
	 * Two threads of a process that caches locks take a MUTEX twice each, the cache keeping it
	 * between them, while a thread of another process queues for it once: the other process is
	 * served, tokens grow across cached reuse, and closing leaves nothing.
	 */
	static void caching(Rule rule) {
		EngineScenario scenario = new EngineScenario();
		Process local = scenario.process(rule, HANDING_OFF.withCaching(LockEngine.Caching.of(LONG, 10)));
		Process other = scenario.process(rule, LockEngine.Options.DEFAULTS);
		for (int i = 0; i < 2; i++) {
			scenario.thread("local-" + i, () -> {
				for (int round = 0; round < 2; round++) {
					local.hold(request(KEY, LockType.MUTEX, LONG));
				}
			});
		}
		scenario.thread("other", () -> other.hold(request(KEY, LockType.MUTEX, LONG)));
		scenario.run(KEY);
	}

	/**
	 * A thread re-enters its MUTEX, another takes a READ inside its WRITE, while other threads,
	 * of this process and another, want the same locks.
	 */
	static void reentry(Rule rule) {
		EngineScenario scenario = new EngineScenario();
		Process local = scenario.process(rule, HANDING_OFF);
		Process other = scenario.process(rule, LockEngine.Options.DEFAULTS);
		scenario.thread("reentrant-mutex", () -> {
			LockHandle outer = local.acquire(request(KEY, LockType.MUTEX, LONG));
			LockHandle inner = local.reenter(outer, request(KEY, LockType.MUTEX, LONG));
			local.close(inner);
			local.close(outer);
		});
		scenario.thread("mutex", () -> local.hold(request(KEY, LockType.MUTEX, LONG)));
		scenario.thread("write-then-read", () -> {
			LockHandle write = local.acquire(request(KEY, LockType.WRITE, LONG));
			LockHandle read = local.reenter(write, request(KEY, LockType.READ, LONG));
			local.close(write);
			local.close(read);
		});
		scenario.thread("read", () -> local.hold(request(KEY, LockType.READ, LONG)));
		scenario.thread("other-read", () -> other.hold(request(KEY, LockType.READ, LONG)));
		scenario.run(KEY);
	}

	/**
	 * The session of a process expires once one of its threads held a MUTEX, while it may hold it
	 * still and others wait for it, in the local queue and in the service, beside a thread of
	 * another process.
	 */
	static void lossWhileOthersWait(Rule rule, Refusal refusal) {
		EngineScenario scenario = new EngineScenario();
		Process local = scenario.process(rule, HANDING_OFF);
		Process other = scenario.process(rule, LockEngine.Options.DEFAULTS);
		CountDownLatch held = new CountDownLatch(1);
		for (int i = 0; i < 3; i++) {
			scenario.thread("local-" + i, () -> refusal.hold(local, request(KEY, LockType.MUTEX, LONG), held));
		}
		scenario.thread("other", () -> other.hold(request(KEY, LockType.MUTEX, LONG)));
		scenario.thread("expiry", () -> {
			held.await();
			local.expireSession();
		});
		scenario.run(KEY);
	}

	/**
	 * Another process asks for the revocation of a MUTEX that threads of a process hold and wait
	 * for in turn, revocable or not, then waits for it itself.
	 */
	static void revocationWhileWaitersQueue(Rule rule) {
		EngineScenario scenario = new EngineScenario();
		Process local = scenario.process(rule, HANDING_OFF);
		Process other = scenario.process(rule, LockEngine.Options.DEFAULTS);
		for (int i = 0; i < 2; i++) {
			scenario.thread("local-" + i, () -> local.hold(request(KEY, LockType.MUTEX, LONG).withRevocable(true)));
		}
		scenario.thread("local-not-revocable", () -> local.hold(request(KEY, LockType.MUTEX, LONG)));
		scenario.thread("requester", () -> {
			other.requestRevocation(KEY);
			other.hold(request(KEY, LockType.MUTEX, LONG));
		});
		scenario.run(KEY);
	}

	/**
	 * A thread closes a SEMAPHORE_MUTEX before its holdAtLeast passed, so the engine releases it
	 * later in the background, while a thread of the same process and one of another wait for
	 * it, and the process's session may expire meanwhile.
	 */
	static void deferredRelease(Rule rule) {
		EngineScenario scenario = new EngineScenario();
		Process local = scenario.process(rule, LockEngine.Options.DEFAULTS);
		Process other = scenario.process(rule, LockEngine.Options.DEFAULTS);
		scenario.thread("held-at-least", () -> Refusal.LOST_BEFORE_HANDED_OUT.hold(local,
				request(KEY, LockType.SEMAPHORE_MUTEX, LONG).withHoldAtLeast(HOLD_AT_LEAST)));
		scenario.thread("local",
				() -> Refusal.LOST_BEFORE_HANDED_OUT.hold(local, request(KEY, LockType.SEMAPHORE_MUTEX, LONG)));
		scenario.thread("other", () -> other.hold(request(KEY, LockType.SEMAPHORE_MUTEX, LONG)));
		scenario.thread("expiry", local::expireSession);
		scenario.run(KEY);
	}

	/**
	 * A thread re-enters a MUTEX whose maxHold passes about when it closes it, while threads of
	 * its process wait in the local queue and a thread of another process in the service: the
	 * engine gives the lock up, or the holder releases it, never both and never neither.
	 */
	static void maxHoldGiveUp(Rule rule) {
		EngineScenario scenario = new EngineScenario();
		Process local = scenario.process(rule, HANDING_OFF);
		Process other = scenario.process(rule, LockEngine.Options.DEFAULTS);
		scenario.thread("stuck", () -> {
			LockHandle outer = local.acquire(request(KEY, LockType.MUTEX, LONG).withMaxHold(MAX_HOLD));
			try {
				local.close(local.reenter(outer, request(KEY, LockType.MUTEX, LONG)));
			}
			catch (LockLostException givenUp) {
				// given up before the re-entry: refused, as it must be
			}
			Thread.sleep(MAX_HOLD.toMillis());
			if (outer.state() == LockState.LOST) {
				EngineScenario.Tally.GIVEN_UP.incrementAndGet();
			}
			local.close(outer);
		});
		for (int i = 0; i < 2; i++) {
			scenario.thread("local-" + i, () -> local.hold(request(KEY, LockType.MUTEX, LONG)));
		}
		scenario.thread("other", () -> other.hold(request(KEY, LockType.MUTEX, LONG)));
		scenario.run(KEY);
	}

	/**
	 * Threads of two processes try a MUTEX without waiting while a holder releases it (and
	 * hands it off to a thread that waits): each gets it or fails at once.
	 */
	static void tryLockWithoutWaitAgainstAReleasingHolder(Rule rule) {
		EngineScenario scenario = new EngineScenario();
		Process local = scenario.process(rule, HANDING_OFF);
		Process other = scenario.process(rule, LockEngine.Options.DEFAULTS);
		scenario.thread("holder", () -> local.hold(request(KEY, LockType.MUTEX, LONG)));
		scenario.thread("waiter", () -> local.hold(request(KEY, LockType.MUTEX, LONG)));
		scenario.thread("local-try", () -> tryWithoutWait(local));
		scenario.thread("other-try", () -> tryWithoutWait(other));
		scenario.run(KEY);
	}

	/**
	 * What a thread that waits long enough may get instead of the lock.
	 */
	enum Refusal {

		/** Nothing: it gets the lock. */
		NONE,

		/**
		 * {@link LockLostException}, when the lock it was granted was lost before the engine
		 * handed it out (the engine's "never hand out a lost lock"), although time was left to
		 * queue again.
		 */
		LOST_BEFORE_HANDED_OUT;

		void hold(Process process, LockRequest request) {
			hold(process, request, new CountDownLatch(1));
		}

		/**
		 * Holds a lock for a step, counting the latch down while it holds it.
		 */
		void hold(Process process, LockRequest request, CountDownLatch held) {
			LockHandle handle;
			try {
				handle = process.acquire(request);
			}
			catch (LockLostException refused) {
				if (this == NONE) {
					throw refused;
				}
				held.countDown();
				return;
			}
			held.countDown();
			Thread.yield();
			process.close(handle);
		}

	}

	private static void tryWithoutWait(Process process) {
		try {
			process.hold(request(KEY, LockType.MUTEX, Duration.ZERO));
		}
		catch (LockAcquisitionException busy) {
			// the other outcome allowed: it was held
			EngineScenario.Tally.BUSY.incrementAndGet();
		}
	}

}
