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

package io.github.distlock.campaign;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.DistributedLockException;
import io.github.distlock.core.LockHandle;
import io.github.distlock.core.LockOperations;
import io.github.distlock.core.LockRequest;
import io.github.distlock.core.LockState;
import io.github.distlock.core.MultiLockHandle;
import io.github.distlock.core.MultiLockRequest;

/**
 * The multi-key and revocation part of a worker process, one operation at a time on one of its
 * threads:
 * <ul>
 * <li>{@link CampaignWorker.Kind#MULTI}: two or three of the {@value #MULTI_KEYS} keys
 * {@code mk-*} taken together ({@link LockOperations#acquireAll}) and each one's counter
 * incremented in one transaction, recorded as one section per key;</li>
 * <li>{@link CampaignWorker.Kind#REVOCABLE}: a revocable {@code MUTEX} on a key {@code rv-*},
 * its counter incremented, then held for seconds unless its holder is asked to give it up;
 * recorded with when it was asked and whether its lock was {@code HELD} throughout
 * ({@code REVOCABLE} lines);</li>
 * <li>{@link CampaignWorker.Kind#NOT_REVOCABLE}: the same keys held briefly without being
 * revocable, which a request must never reach ({@code NOT_REVOCABLE_TOLD} lines);</li>
 * <li>a revocation request on a key {@code rv-*}, recorded with when it was sent and answered
 * ({@code REVOKE} lines).</li>
 * </ul>
 */
final class CoordinationWorkload {

	static final int MULTI_KEYS = 4;

	static final int REVOCABLE_KEYS = 2;

	/** How long a revocable holder keeps its lock unless asked to give it up (up to twice). */
	private static final int REVOCABLE_HOLD_MS = 2_000;

	private static final int POLL_MS = 10;

	private final String worker;

	private final Consumer<String> history;

	private final AtomicLong operations;

	CoordinationWorkload(String worker, Consumer<String> history, AtomicLong operations) {
		this.worker = worker;
		this.history = history;
		this.operations = operations;
	}

	static List<String> keys() {
		List<String> keys = new ArrayList<>();
		for (int i = 0; i < MULTI_KEYS; i++) {
			keys.add("mk-" + i);
		}
		for (int i = 0; i < REVOCABLE_KEYS; i++) {
			keys.add("rv-" + i);
		}
		return keys;
	}

	/** One operation of a kind chosen at random. */
	void operation(LockOperations locks, GuardedCounter counter, Random random, Duration wait, int thread)
			throws InterruptedException {
		int choice = random.nextInt(100);
		if (choice < 40) {
			multi(locks, counter, random, wait, thread);
		}
		else if (choice < 65) {
			revocable(locks, counter, random, wait, thread);
		}
		else if (choice < 80) {
			notRevocable(locks, counter, random, wait, thread);
		}
		else {
			requestRevocation(locks, random);
			Thread.sleep(100 + random.nextInt(400));
		}
	}

	private void multi(LockOperations locks, GuardedCounter counter, Random random, Duration wait, int thread) {
		TreeSet<String> keys = new TreeSet<>();
		int count = 2 + random.nextInt(2);
		while (keys.size() < count) {
			keys.add("mk-" + random.nextInt(MULTI_KEYS));
		}
		long op = this.operations.incrementAndGet();
		long start = 0;
		long end = 0;
		String outcome;
		Map<String, Long> tokens = new TreeMap<>();
		Map<String, LockState> endStates = new TreeMap<>();
		MultiLockRequest request = new MultiLockRequest(List.copyOf(keys), LockType.MUTEX, wait, "campaign-multi");
		try (MultiLockHandle all = locks.acquireAll(request)) {
			start = System.nanoTime();
			List<String> taken = all.locks().stream().map(LockHandle::key).toList();
			if (!taken.equals(List.copyOf(keys))) {
				this.history.accept("MULTI_PARTIAL\t" + this.worker + "\t" + op + "\tasked for " + keys + ", holds "
						+ taken);
			}
			all.locks().forEach((lock) -> tokens.put(lock.key(), lock.fencingToken()));
			outcome = counter.incrementAll(tokens, all::isHeld, this.worker, op).name();
			end = System.nanoTime();
			all.locks().forEach((lock) -> endStates.put(lock.key(), lock.state()));
		}
		catch (DistributedLockException ex) {
			if (start != 0 && end == 0) {
				end = System.nanoTime();
			}
			outcome = ex.getClass().getSimpleName();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return;
		}
		for (String key : keys) {
			record(thread, op, key, CampaignWorker.Kind.MULTI, tokens.getOrDefault(key, 0L), start, end, outcome,
					endStates.get(key));
		}
	}

	/**
	 * A revocable holder: increments its counter, then keeps the lock for seconds, polling, and
	 * gives it up as soon as it is asked to.
	 */
	private void revocable(LockOperations locks, GuardedCounter counter, Random random, Duration wait, int thread)
			throws InterruptedException {
		String key = "rv-" + random.nextInt(REVOCABLE_KEYS);
		long op = this.operations.incrementAndGet();
		long start = 0;
		long end = 0;
		long token = 0;
		long told = 0;
		boolean steady = true;
		String outcome;
		LockState endState = null;
		try (LockHandle lock = locks.acquire(request(key, wait).withRevocable(true))) {
			start = System.nanoTime();
			token = lock.fencingToken();
			outcome = counter.increment(key, lock, this.worker, op).name();
			long holdUntil = System.nanoTime() + (REVOCABLE_HOLD_MS + random.nextInt(REVOCABLE_HOLD_MS)) * 1_000_000L;
			while (System.nanoTime() < holdUntil) {
				steady &= lock.state() == LockState.HELD;
				if (lock.revocationRequested()) {
					told = System.nanoTime();
					break;
				}
				Thread.sleep(POLL_MS);
			}
			steady &= lock.state() == LockState.HELD;
			end = System.nanoTime();
			endState = lock.state();
		}
		catch (DistributedLockException ex) {
			if (start != 0 && end == 0) {
				end = System.nanoTime();
			}
			outcome = ex.getClass().getSimpleName();
		}
		record(thread, op, key, CampaignWorker.Kind.REVOCABLE, token, start, end, outcome, endState);
		if (start != 0 && end != 0) {
			this.history.accept(String.join("\t", "REVOCABLE", this.worker, Long.toString(op), key, Long.toString(start),
					Long.toString(end), Long.toString(told), Boolean.toString(steady)));
		}
	}

	/** A holder that is not revocable: a request must never reach it. */
	private void notRevocable(LockOperations locks, GuardedCounter counter, Random random, Duration wait, int thread)
			throws InterruptedException {
		String key = "rv-" + random.nextInt(REVOCABLE_KEYS);
		long op = this.operations.incrementAndGet();
		long start = 0;
		long end = 0;
		long token = 0;
		String outcome;
		LockState endState = null;
		try (LockHandle lock = locks.acquire(request(key, wait))) {
			start = System.nanoTime();
			token = lock.fencingToken();
			outcome = counter.increment(key, lock, this.worker, op).name();
			long holdUntil = System.nanoTime() + (100 + random.nextInt(500)) * 1_000_000L;
			while (System.nanoTime() < holdUntil && !lock.revocationRequested()) {
				Thread.sleep(POLL_MS);
			}
			if (lock.revocationRequested()) {
				this.history.accept("NOT_REVOCABLE_TOLD\t" + this.worker + "\t" + op + "\t" + key
						+ "\ta holder that is not revocable was asked to give its lock up");
			}
			end = System.nanoTime();
			endState = lock.state();
		}
		catch (DistributedLockException ex) {
			if (start != 0 && end == 0) {
				end = System.nanoTime();
			}
			outcome = ex.getClass().getSimpleName();
		}
		record(thread, op, key, CampaignWorker.Kind.NOT_REVOCABLE, token, start, end, outcome, endState);
	}

	private void requestRevocation(LockOperations locks, Random random) {
		String key = "rv-" + random.nextInt(REVOCABLE_KEYS);
		long sent = System.nanoTime();
		String result;
		try {
			result = Boolean.toString(locks.requestRevocation(key));
		}
		catch (DistributedLockException ex) {
			result = ex.getClass().getSimpleName();
		}
		this.history.accept(String.join("\t", "REVOKE", this.worker, key, Long.toString(sent),
				Long.toString(System.nanoTime()), result));
	}

	private static LockRequest request(String key, Duration wait) {
		return new LockRequest(key, LockType.MUTEX, wait, "campaign-coordination");
	}

	private void record(int thread, long op, String key, CampaignWorker.Kind kind, long token, long start, long end,
			String outcome, LockState endState) {
		this.history.accept(new Operation(this.worker, thread, op, key, kind, token, 0, start, end, outcome,
				String.valueOf(endState)).line());
	}

}
