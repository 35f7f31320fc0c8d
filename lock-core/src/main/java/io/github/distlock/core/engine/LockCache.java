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
package io.github.distlock.core.engine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import io.github.distlock.annotation.LockType;
import io.github.distlock.core.CachedLock;
import io.github.distlock.core.LockState;
import io.github.distlock.core.spi.BackendLock;
import org.jspecify.annotations.Nullable;

/**
 * Lock caching: the {@code MUTEX} locks this JVM keeps in the service after their last local
 * holder released them, for the next thread of this JVM to take with no round trip (from the
 * lock table entry, as a lock handed off; {@code Acquisitions} takes it under the local turn).
 * <p>
 * A lock is kept only from its key's second use: one released with no use of its key released
 * in this JVM within the idle time before is released in the service, and its key noted (a
 * key used once, as a key of its own for each job run or each order, would cost a watch and a
 * delete later for nothing). The keys noted are bounded as the kept locks are.
 * <p>
 * A lock is kept only while the engine watches its queue in the service ({@link Contention}),
 * and given up (released in the service, on the cache's own thread) as soon as a contender of
 * another process is seen, once it was idle for the idle time (looked at every quarter of it),
 * when its state is no longer {@link LockState#HELD}, when more locks are cached than the bound
 * (the longest idle first), and when the engine closes. A kept lock holds one use of its table
 * entry; whoever takes the kept lock from the entry, a thread or the cache giving it up, drops
 * that use.
 */
final class LockCache implements AutoCloseable {

	private static final long MIN_SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

	/** How long closing waits for the locks being given up on the cache's thread. */
	private static final long CLOSE_WAIT_SECONDS = 10;

	/** A lock in doubt after a pause of the process is not kept. */
	private final PauseWatch pauses;

	private final LockEngine.Caching settings;

	private final LockTable table;

	private final long idleNanos;

	/** The kept locks, longest idle first; only read and changed under {@link #guard}. */
	private final LinkedHashMap<LockTable.Entry, Kept> kept = new LinkedHashMap<>();

	/**
	 * When a lock of each key used lately, taken in the service, was last released
	 * ({@link System#nanoTime()}), the longest ago first; only read and changed under {@link #guard}.
	 */
	private final LinkedHashMap<String, Long> released;

	/** Held for local reads and writes only, never while the service is called. */
	private final ReentrantLock guard = new ReentrantLock();

	private final @Nullable ScheduledThreadPoolExecutor executor;

	private volatile boolean closed;

	LockCache(LockEngine.Caching settings, LockTable table, PauseWatch pauses) {
		this.pauses = pauses;
		this.settings = settings;
		this.table = table;
		this.idleNanos = Durations.saturatedNanos(settings.idleTime());
		this.released = new LinkedHashMap<>() {

			@Override
			protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
				return size() > settings.maxLocks();
			}

		};
		if (settings.enabled()) {
			ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, (task) -> {
				Thread thread = new Thread(task, "distlock-lock-cache");
				thread.setDaemon(true);
				return thread;
			});
			scheduler.setRemoveOnCancelPolicy(true);
			long sweep = Math.max(MIN_SWEEP_NANOS, this.idleNanos / 4);
			scheduler.scheduleWithFixedDelay(this::giveUpIdle, sweep, sweep, TimeUnit.NANOSECONDS);
			this.executor = scheduler;
		}
		else {
			this.executor = null;
		}
	}

	/**
	 * Keeps the lock of a hold whose last handle was closed, if it may be: a {@code MUTEX}
	 * queued locally, held, not asked to be revoked, used before (handed on to it, or its key
	 * released in the service within the idle time), whose queue the backend watches with no
	 * contender seen, and that may be handed on once more. The entry's next thread takes it.
	 * While threads of this JVM wait for it (its hand-off bounds were reached), it is kept only
	 * once the watch has read the queue clean: else a contender of another process that queued
	 * meanwhile would wait for more than one watch event.
	 * @return whether it was kept; if not, the caller releases it
	 */
	boolean keep(EngineLockHandle handle, Hold hold) {
		LocalLockQueue local = hold.localTurn();
		if (this.executor == null || this.closed || hold.type() != LockType.MUTEX || local == null
				|| hold.revocationRequested() || this.pauses.stateOf(hold.lock()) != LockState.HELD) {
			return false;
		}
		if (hold.handoffs() == 0 && hold.contention() == null && firstUse(handle.key())) {
			return false;
		}
		LockTable.Entry entry = handle.entry();
		Contention contention = watch(handle, hold);
		if (contention == null || contention.seen()
				|| (local.hasQueuedThreads() && !contention.confirmed())) {
			return false;
		}
		BackendLock next = hold.lock().handOff();
		if (next == null) {
			return false;
		}
		LockTable.HandedOff lock = new LockTable.HandedOff(next, hold.handoffs() + 1, hold.acquiredNanos(),
				handle.request().owner(), contention, true);
		Kept record = new Kept(entry, lock, handle.key(), System.nanoTime(), Instant.now());
		this.table.retain(entry);
		entry.handOff(lock);
		List<Kept> over = new ArrayList<>();
		this.guard.lock();
		try {
			this.kept.remove(entry);
			this.kept.put(entry, record);
			Iterator<Kept> eldest = this.kept.values().iterator();
			while (this.kept.size() > this.settings.maxLocks() && eldest.hasNext()) {
				over.add(eldest.next());
				eldest.remove();
			}
		}
		finally {
			this.guard.unlock();
		}
		over.forEach(this::giveUpLater);
		// a contender seen, a state changed or a close since the checks above found nothing to give up
		if (contention.seen() || this.pauses.stateOf(next) != LockState.HELD || this.closed) {
			giveUpSoon(entry);
		}
		return true;
	}

	/**
	 * Notes that a key's lock, taken in the service, is released, and tells whether no lock of
	 * the key taken in the service was released within the idle time before.
	 */
	private boolean firstUse(String key) {
		long now = System.nanoTime();
		this.guard.lock();
		try {
			// removed first, so that the key moves to the end: the map is kept in order of release
			Long before = this.released.remove(key);
			this.released.put(key, now);
			return before == null || now - before >= this.idleNanos;
		}
		finally {
			this.guard.unlock();
		}
	}

	/**
	 * The watch on a held lock's queue, started if the hold has none: when its last holder
	 * releases it to a waiting thread of this JVM (so that the watch may have read the queue by
	 * the time the hand-off bounds are reached), or keeps it.
	 * @return the watch, or {@code null} without caching or if the backend cannot watch the lock
	 */
	@Nullable Contention watch(EngineLockHandle handle, Hold hold) {
		if (this.executor == null || this.closed || hold.type() != LockType.MUTEX) {
			return null;
		}
		Contention contention = hold.contention();
		if (contention == null) {
			LockTable.Entry entry = handle.entry();
			contention = Contention.watch(hold.lock(), () -> giveUpSoon(entry));
			if (contention != null) {
				hold.contention(contention);
			}
		}
		return contention;
	}

	/**
	 * A thread of this JVM took a kept lock from its entry: the cache no longer keeps it, and
	 * the thread's use of the entry replaces the cache's.
	 */
	void taken(LockTable.Entry entry, LockTable.HandedOff lock, String key) {
		this.guard.lock();
		try {
			Kept record = this.kept.get(entry);
			if (record != null && record.lock() == lock) {
				this.kept.remove(entry);
			}
		}
		finally {
			this.guard.unlock();
		}
		Releases.releaseEntry(this.table, entry, key);
	}

	/** Gives up the locks whose state is no longer {@link LockState#HELD}. */
	void followStates() {
		if (this.executor == null) {
			return;
		}
		List<Kept> unsettled = new ArrayList<>();
		this.guard.lock();
		try {
			this.kept.values().removeIf((record) -> {
				boolean held = this.pauses.stateOf(record.lock().lock()) == LockState.HELD;
				if (!held) {
					unsettled.add(record);
				}
				return !held;
			});
		}
		finally {
			this.guard.unlock();
		}
		unsettled.forEach(this::giveUpLater);
	}

	List<CachedLock> cachedLocks() {
		List<Kept> records;
		this.guard.lock();
		try {
			records = new ArrayList<>(this.kept.values());
		}
		finally {
			this.guard.unlock();
		}
		List<CachedLock> locks = new ArrayList<>(records.size());
		for (Kept record : records) {
			BackendLock lock = record.lock().lock();
			locks.add(new CachedLock(record.key(), record.entry().path(), LockType.MUTEX, lock.describe(),
					lock.fencingToken(), record.since()));
		}
		return locks;
	}

	int size() {
		this.guard.lock();
		try {
			return this.kept.size();
		}
		finally {
			this.guard.unlock();
		}
	}

	/**
	 * Gives up every kept lock, and keeps none from now on: those on their way out on the
	 * cache's thread first (waited for, within a bound), then the rest in the caller's thread.
	 */
	@Override
	public void close() {
		this.closed = true;
		if (this.executor == null) {
			return;
		}
		this.executor.shutdown();
		try {
			this.executor.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		List<Kept> all;
		this.guard.lock();
		try {
			all = new ArrayList<>(this.kept.values());
			this.kept.clear();
			this.released.clear();
		}
		finally {
			this.guard.unlock();
		}
		all.forEach(this::giveUp);
	}

	private void giveUpIdle() {
		long now = System.nanoTime();
		List<Kept> idle = new ArrayList<>();
		this.guard.lock();
		try {
			Iterator<Kept> eldest = this.kept.values().iterator();
			while (eldest.hasNext()) {
				Kept record = eldest.next();
				if (now - record.keptNanos() < this.idleNanos) {
					break;
				}
				idle.add(record);
				eldest.remove();
			}
			Iterator<Long> oldest = this.released.values().iterator();
			while (oldest.hasNext() && now - oldest.next() >= this.idleNanos) {
				oldest.remove();
			}
		}
		finally {
			this.guard.unlock();
		}
		idle.forEach(this::giveUp);
	}

	/** Gives up the lock an entry keeps now, if any, on the cache's thread. */
	private void giveUpSoon(LockTable.Entry entry) {
		Kept record;
		this.guard.lock();
		try {
			record = this.kept.remove(entry);
		}
		finally {
			this.guard.unlock();
		}
		if (record != null) {
			giveUpLater(record);
		}
	}

	private void giveUpLater(Kept record) {
		ScheduledThreadPoolExecutor scheduler = this.executor;
		try {
			if (scheduler != null && !scheduler.isShutdown()) {
				scheduler.execute(() -> giveUp(record));
				return;
			}
		}
		catch (RuntimeException rejected) {
			// closing: give it up here
		}
		giveUp(record);
	}

	/**
	 * Releases a kept lock in the service and drops the cache's use of its entry, unless a
	 * thread took the lock first (then the thread does both when it is done).
	 */
	private void giveUp(Kept record) {
		if (record.entry().takeCached(record.lock())) {
			Releases.releaseInService(record.lock().lock(), record.lock().contention(), record.key());
			Releases.releaseEntry(this.table, record.entry(), record.key());
		}
	}

	/**
	 * A lock the cache keeps.
	 * @param keptNanos when it was kept, by {@link System#nanoTime()}
	 * @param since when it was kept, for the introspection
	 */
	private record Kept(LockTable.Entry entry, LockTable.HandedOff lock, String key, long keptNanos, Instant since) {
	}

}
